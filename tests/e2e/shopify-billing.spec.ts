import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { writeFixture } from "../support/e2e-fixture";
import { expect, newCompanyDetails, newUserDetails, openSettings, test, toast } from "../support/e2e-helpers";
import { shopifyStandIn } from "../support/e2e-shopify";

// Issue 13, item 6: a store account's Select Plan creates a Shopify app subscription (the store price
// list, from $25, with a capped usage line for overage) and sends the merchant to Shopify's
// confirmation; back from it the tab shows the plan; Cancel plan says 'Plan cancelled successfully!'.

test.describe.configure({ timeout: 120_000 });

const SCREENS = "/tmp/shopify-billing-screens";
const slider = (page: Page) => page.locator(".billing-slider");

/** A fresh company admin whose company came from a Shopify store installed on the stand-in. */
async function storeAccount(page: Page) {
  const shop = `billing-${randomBytes(3).toString("hex")}.myshopify.com`;
  const storeName = "Billing Goods";
  await shopifyStandIn.seedShop({ domain: shop, name: storeName });
  const { accessToken, scope } = await shopifyStandIn.accessToken(shop);
  const { accountId } = await writeFixture(page, {
    user: newUserDetails(),
    company: newCompanyDetails("Store Billing"),
    store: { shop, storeName, accessToken, scope, source: "shopify" },
  });
  return { shop, accountId: accountId as string };
}

test("a store account picks a plan, approves it on Shopify, sees it, then cancels it", async ({ page }) => {
  const { shop } = await storeAccount(page);
  await openSettings(page, "billing");
  await expect(page.getByText("No plan selected!", { exact: true })).toBeVisible();
  // A store account has eight tiers, the $25 store plan first; billing goes through the store.
  const range = slider(page).getByRole("slider", { name: "Messages per month" });
  await range.focus();
  await range.press("Home");
  await expect(slider(page).getByTestId("chosen-plan")).toHaveText("Lite-250-$25");
  await range.press("ArrowRight");
  await expect(slider(page).getByTestId("chosen-plan")).toHaveText("Lite-1000-$199");
  await expect(page.getByText("Billing through the store is not connected")).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/store-billing-chooser.png`, fullPage: true });
  await slider(page).getByRole("button", { name: "Select Plan" }).click();

  // Shopify's confirmation page (the stand-in's), reached in the top window.
  await expect(
    page.getByRole("heading", { name: /^Approve Lite-1000-\$199 for Billing Goods$/ }),
  ).toBeVisible();
  await expect(page.getByText("199 USD every 30 days")).toBeVisible();
  await expect(
    page.getByText(/Usage charges up to 600 USD: \$0\.60 per message beyond 1,000 messages/),
  ).toBeVisible();
  await expect(page.getByText("Test charge: the store will not be billed.")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/store-billing-confirmation.png`, fullPage: true });
  const [pending] = await shopifyStandIn.subscriptions(shop);
  expect(pending).toMatchObject({ name: "Lite-1000-$199", status: "PENDING", test: true });
  await page.getByRole("button", { name: "Approve" }).click();

  // Back on the Billing tab: Shopify is asked about the charge, and the plan shows at once.
  await expect(page).toHaveURL(/\/settings\?tab=billing$/);
  await expect(page.getByTestId("current-plan")).toHaveText("Lite-1000-$199");
  await expect(page.getByText("Your plan is billed through your Shopify store.")).toBeVisible();
  await expect(page.getByText("No plan selected!", { exact: true })).toHaveCount(0);
  await expect(slider(page).getByText("Current plan")).toBeVisible();
  // The shell reads the company after the charge is applied: no "select a plan" banner.
  await expect(page.getByText("Select a suitable plan & setup payment details")).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/store-billing-plan.png`, fullPage: true });

  // Cancel, confirmed in a modal.
  await page.getByRole("button", { name: "Cancel plan" }).click();
  const modal = page.getByRole("dialog", { name: "Cancel your plan?" });
  await expect(modal.getByText("Shopify stops charging your store for Lite-1000-$199 now.")).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/store-billing-cancel-modal.png`, fullPage: true });
  const reads: number[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && r.url().includes("/settings.data")) reads.push(Date.now());
  });
  const answered = page.waitForResponse(
    (r) => r.url().includes("/resources/billing") && r.request().method() === "POST",
  );
  await modal.getByRole("button", { name: "Cancel plan" }).click();
  await answered;
  const answeredAt = Date.now();
  await expect(toast(page, "Plan cancelled successfully!")).toBeVisible();
  await expect(page.getByText("No plan selected!", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel plan" })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/store-billing-cancelled.png`, fullPage: true });
  const [cancelled] = await shopifyStandIn.subscriptions(shop);
  expect(cancelled.status).toBe("CANCELLED");

  // The company is read again about 2 s later (spec 2 §9): still no plan, as the webhook agrees.
  await expect
    .poll(() => reads.filter((at) => at - answeredAt >= 1_500).length, { timeout: 10_000 })
    .toBeGreaterThan(0);
  await expect(page.getByText("No plan selected!", { exact: true })).toBeVisible();
});

test("a charge left unanswered waits on the tab; declined, the store account stays without a plan", async ({
  page,
}) => {
  await storeAccount(page);
  await openSettings(page, "billing");
  await slider(page).getByRole("button", { name: "Select Plan" }).click();
  const approvePage = page.getByRole("heading", { name: /^Approve Lite-250-\$25 for Billing Goods$/ });
  await expect(approvePage).toBeVisible();

  // Back in the app without answering: the tab says the change waits for approval, with the way back.
  await openSettings(page, "billing");
  await expect(
    page.getByText("Your change to Lite-250-$25 is waiting for your approval in Shopify."),
  ).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/store-billing-pending.png`, fullPage: true });
  await page.getByRole("button", { name: "Approve in Shopify" }).click();
  await expect(approvePage).toBeVisible();
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page).toHaveURL(/\/settings\?tab=billing$/);
  await expect(page.getByText("No plan selected!", { exact: true })).toBeVisible();
  await expect(page.getByText("is waiting for your approval in Shopify")).toHaveCount(0);
});
