import { screenshot } from "../support/contacts-e2e";
import { demo, expect, gotoLive, login, test } from "../support/e2e-helpers";

// `npm start` seeds Demo Co with products, a live journey and enrolled contacts (app/domain/demo), so
// a new user signed in as demo@blusteam.dev sees every screen with something in it.

test("Demo Co comes with products, their journeys and enrolled contacts", async ({ page }) => {
  await login(page, demo);

  await page.goto("/product");
  await expect(page.getByText("Glow Serum", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Night Cream", { exact: true }).first()).toBeVisible();

  await gotoLive(page, "/touchpoints");
  await expect(page.getByRole("heading", { name: "Glow Serum" })).toBeVisible();
  for (const name of ["Welcome", "Check in", "Refill reminder"])
    await expect(page.getByRole("link", { name: `Details of ${name}` }).first()).toBeVisible();
  await expect(page.getByText("Immediate on insert").first()).toBeVisible();
  await expect(page.getByText("25 days", { exact: true })).toBeVisible();

  // Hydrated, so that typing searches.
  await gotoLive(page, "/contacts");
  // Other specs add contacts to Demo Co: find Maya by search, as a user would.
  await page.getByRole("textbox", { name: "Search contacts" }).fill("Patel");
  // The search has applied (a click on the list it replaces would be lost with it).
  await expect(page).toHaveURL(/[?&]q=Patel/);
  await page.getByRole("link", { name: "Maya", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Maya Patel" })).toBeVisible();
  await expect(page.getByText("(212) 555-0101 · maya.patel@example.com")).toBeVisible();
  await expect(page.getByText("Agreed to receive SMS", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Enrolled in the Glow Serum journey")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Skin type" })).toHaveValue("Dry");
  await screenshot(page, "demo-contact");
});
