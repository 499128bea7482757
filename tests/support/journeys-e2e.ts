import type { Page } from "@playwright/test";
import { expect, gotoLive, toast } from "./e2e-helpers";

/** Journey steps as a company admin takes them in the browser, shared by the journey and billing specs. */

/** Adds a touchpoint to the journey shown on /touchpoints through its drawer. */
export async function addTouchpoint(
  page: Page,
  product: string,
  values: {
    name: string;
    wait: string;
    unit: string;
    channel: string;
    subject?: string;
    message: string;
    link?: string;
  },
) {
  await page.getByRole("button", { name: `Add touchpoint: ${product}` }).click();
  const drawer = page.getByRole("dialog", { name: "Add touchpoint" });
  await drawer.getByLabel("Name", { exact: true }).fill(values.name);
  await drawer.getByLabel("Wait", { exact: true }).fill(values.wait);
  await drawer.getByLabel("Wait unit").selectOption(values.unit);
  await drawer.getByLabel("Channel").selectOption(values.channel);
  if (values.subject) await drawer.getByLabel("Subject").fill(values.subject);
  await drawer.getByLabel("Message", { exact: true }).fill(values.message);
  if (values.link) await drawer.getByLabel("Link", { exact: true }).fill(values.link);
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Details of ${values.name}` })).toBeVisible();
}

/** Links a contact to a product from the contact's page (Add Product). */
export async function linkFromContactPage(page: Page, contactUrl: string, product: string) {
  await gotoLive(page, contactUrl);
  await page.getByRole("button", { name: "Add Product" }).click();
  const drawer = page.getByRole("dialog");
  await drawer.getByLabel("Product").selectOption({ label: product });
  await drawer.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Product added to the contact!")).toBeVisible();
}

export async function contactUrlOf(page: Page, name: string) {
  await gotoLive(page, "/contacts");
  const link = page.getByRole("link", { name, exact: true }).first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute("href");
  expect(href).toContain("id=");
  return href as string;
}

/**
 * New products' journeys start paused, as drafts (issue 20): makes the product's journey live with
 * the touchpoints page's 'Make live', as the merchant does once the touchpoints are written.
 */
export async function makeJourneyLive(page: Page, productName: string) {
  await gotoLive(page, "/touchpoints");
  const makeLive = page.getByRole("button", { name: `Make live: ${productName}` });
  await makeLive.click();
  await expect(toast(page, "Journey state changed to Live.")).toBeVisible();
  await expect(makeLive).toHaveCount(0);
}
