import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { writeFixture } from "../support/e2e-fixture";
import {
  expect,
  newCompanyDetails,
  newUserDetails,
  readOnlyAdmin,
  test,
  toast,
  viewCompanyAs,
} from "../support/e2e-helpers";
import { shopifyStandIn } from "../support/e2e-shopify";

// The consent text at checkout (spec 1 sections 2, 8, 9; spec 3 section 2.5): the consent-text
// modal in the Integrations page's Consent Language section saves the title and text to the store's
// app-owned shop metafields (the Shopify stand-in) and the profile; the checkout guide modal; RO Admin.

const screens = "/tmp/consent-text-screens";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${screens}/${name}.png`, fullPage: true });

const DEFAULT_TITLE = "Text me an interactive setup guide for my purchase.";

/** A fresh company admin whose company has an installed store (profile and offline session). */
async function companyWithStore(page: Page) {
  const shop = `consent-${randomBytes(4).toString("hex")}.myshopify.com`;
  const storeName = `Fern Supply ${randomBytes(2).toString("hex")}`;
  await shopifyStandIn.seedShop({ domain: shop, name: storeName, smsMarketingEnabled: true, products: [] });
  const { accessToken, scope } = await shopifyStandIn.accessToken(shop);
  const company = newCompanyDetails("Fern");
  const { accountId } = await writeFixture(page, {
    user: newUserDetails(),
    company,
    store: { shop, storeName, accessToken, scope, source: "shopify" },
  });
  return { shop, company: company.company, accountId: accountId as string };
}

/** The store's consent metafields as the stand-in holds them: key → value. */
async function consentMetafields(shop: string) {
  const stored = await shopifyStandIn.metafields(shop);
  return Object.fromEntries(
    stored.filter((m) => m.namespace === "app--1--sms_consent").map((m) => [m.key, m.value]),
  );
}

const modal = (page: Page) => page.getByRole("dialog", { name: "Checkout consent text" });

test("edit and save the consent text: the toast, the store's metafields, the defaults again", async ({
  page,
}) => {
  const store = await companyWithStore(page);
  await page.goto("/integration?view=shopify");
  const section = page.getByRole("heading", { name: "Consent Language" });
  await expect(section).toBeVisible();
  await page
    .locator(".Polaris-ShadowBevel")
    .filter({ has: section })
    .screenshot({ path: `${screens}/consent-language-section.png` });
  await page.getByRole("button", { name: "Edit checkout consent text" }).click();

  const dialog = modal(page);
  await expect(dialog).toBeVisible();
  const title = dialog.getByLabel("Title", { exact: true });
  const text = dialog.getByLabel("Consent text");
  // Nothing saved yet: the spec's default title, and a default text naming the company.
  await expect(title).toHaveValue(DEFAULT_TITLE);
  await expect(text).toHaveValue(new RegExp(`from ${store.company} at the phone number provided`));
  await expect(text).toHaveValue(/Reply HELP for help and STOP to unsubscribe\./);
  await expect(
    dialog.getByText("Your checkout shows the default text until you save your own."),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "consent-text-modal");

  // Refused in the browser with the form's message; nothing is sent.
  await title.fill("");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Enter a title.")).toBeVisible();
  expect(await consentMetafields(store.shop)).toEqual({});

  await title.fill("Text me care tips for my plants");
  await text.fill(
    "Fern Supply sends up to 4 texts a month.\nMsg & data rates may apply. Reply STOP to cancel.",
  );
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Concent Text Saved successfully!")).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await consentMetafields(store.shop)).toEqual({
    title: "Text me care tips for my plants",
    text: "Fern Supply sends up to 4 texts a month.\nMsg & data rates may apply. Reply STOP to cancel.",
  });

  // Opened again: the saved text, and 'Use the default text' puts the defaults back in the fields.
  await page.getByRole("button", { name: "Edit checkout consent text" }).click();
  await expect(title).toHaveValue("Text me care tips for my plants");
  await dialog.getByRole("button", { name: "Use the default text" }).click();
  await expect(title).toHaveValue(DEFAULT_TITLE);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await consentMetafields(store.shop)).title).toBe("Text me care tips for my plants");
});

test("when Shopify fails: the spec's failure toast, the modal stays, the store keeps its text", async ({
  page,
}) => {
  const store = await companyWithStore(page);
  await page.goto("/integration?view=shopify");
  await page.getByRole("button", { name: "Edit checkout consent text" }).click();
  const dialog = modal(page);
  await dialog.getByLabel("Title", { exact: true }).fill("A title Shopify will not get");
  await shopifyStandIn.failNextGraphql({ status: 500, shop: store.shop });
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Something went wrong, please try again!.")).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(await consentMetafields(store.shop)).toEqual({});
  // Tried again once Shopify answers: saved.
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Concent Text Saved successfully!")).toBeVisible();
  expect((await consentMetafields(store.shop)).title).toBe("A title Shopify will not get");
});

test("the checkout guide: the checkout editor's steps, the Shopify Plus note, checkout settings", async ({
  page,
}) => {
  const store = await companyWithStore(page);
  await page.goto("/integration?view=shopify");
  await page.getByRole("button", { name: "Add it to your checkout" }).click();
  const dialog = page.getByRole("dialog", { name: "Add the SMS consent block to your checkout" });
  await expect(dialog).toBeVisible();
  const steps = dialog.getByRole("listitem");
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(0)).toHaveText("In your Shopify admin, go to Settings > Checkout.");
  await expect(steps.nth(3)).toContainText("Click Add app block and choose SMS consent");
  await expect(dialog.getByText("Shopify Plus only")).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Open checkout settings" })).toHaveAttribute(
    "href",
    `https://${store.shop}/admin/settings/checkout`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "checkout-guide-modal");
  // The footer button (the header's X is named Close too).
  await dialog.locator("button").filter({ hasText: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test("RO Admin: reads the consent text, cannot save it (disabled, and 403)", async ({ page, browser }) => {
  const owner = await browser.newContext();
  const store = await companyWithStore(await owner.newPage());
  await owner.close();

  await viewCompanyAs(page, readOnlyAdmin, store.accountId, "roadmin");
  await page.goto("/integration?view=shopify");
  await expect(page.getByRole("button", { name: "Edit checkout consent text" })).toHaveCount(0);
  await page.getByRole("button", { name: "View checkout consent text" }).click();
  const dialog = modal(page);
  await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(DEFAULT_TITLE);
  await expect(dialog.getByLabel("Title", { exact: true })).toHaveAttribute("readonly", "");
  await expect(dialog.getByLabel("Consent text")).toHaveAttribute("readonly", "");
  await expect(dialog.getByRole("button", { name: "Save" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Use the default text" })).toHaveCount(0);
  await shot(page, "consent-text-roadmin");

  const refused = await page.request.post("/integration?view=shopify", {
    form: { intent: "consent-text", title: "Read-only write", text: "Refused" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);
  expect(await consentMetafields(store.shop)).toEqual({});
});
