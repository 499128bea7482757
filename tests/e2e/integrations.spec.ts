import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { writeFixture } from "../support/e2e-fixture";
import {
  expect,
  newCompanyDetails,
  newUserDetails,
  platformAdmin,
  readOnlyAdmin,
  signInNewCompanyAdmin,
  test,
  toast,
  viewCompanyAs,
} from "../support/e2e-helpers";
import { shopifyStandIn } from "../support/e2e-shopify";

// /integration (spec 3 sections 2.5, 4.5, 4.6 and 6): the home's cards, the Shopify view connected
// and not, the SMS opt-in status read from the Shopify stand-in, Show me how, the automatic opt-in
// (admin group), disconnect, and the RO Admin's disabled controls.

const screens = "/tmp/integrations-screens";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${screens}/${name}.png`, fullPage: true });

/** A fresh company admin whose company has an installed store (profile and offline session). */
async function companyWithStore(page: Page, options: { smsMarketingEnabled?: boolean } = {}) {
  const shop = `integ-${randomBytes(4).toString("hex")}.myshopify.com`;
  const storeName = `Harbor Goods ${randomBytes(2).toString("hex")}`;
  await shopifyStandIn.seedShop({
    domain: shop,
    name: storeName,
    smsMarketingEnabled: options.smsMarketingEnabled ?? true,
    products: [],
  });
  const { accessToken, scope } = await shopifyStandIn.accessToken(shop);
  const user = newUserDetails();
  const { accountId } = await writeFixture(page, {
    user,
    company: newCompanyDetails("Harbor"),
    store: { shop, storeName, accessToken, scope, source: "shopify" },
  });
  return { shop, storeName, accountId: accountId as string, user };
}

/** Signs `page` in as a seeded platform staff member viewing the company (Admin or RO Admin). */
const viewAsStaff = (page: Page, accountId: string, mode: "admin" | "roadmin") =>
  viewCompanyAs(page, mode === "admin" ? platformAdmin : readOnlyAdmin, accountId, mode);

const statusBadge = (page: Page) => page.getByTestId("sms-opt-in-status");

test("home: three cards, Shopify 'Active' once a store is connected", async ({ page, browser }) => {
  await signInNewCompanyAdmin(page);
  await page.goto("/integration");
  await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();
  await expect(
    page.getByText("Connect with other platforms to import contacts or add new channels."),
  ).toBeVisible();
  for (const name of ["Shopify", "Tri-Tech", "WhatsApp"])
    await expect(page.getByRole("region", { name })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toHaveCount(0);
  // Tri-Tech's and WhatsApp's cards open their views (tests/e2e/tritech.spec.ts, whatsapp.spec.ts).
  await expect(page.getByRole("region", { name: "Tri-Tech" }).getByRole("link")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "WhatsApp" }).getByRole("link")).toHaveAttribute(
    "href",
    "/integration?view=whatsapp",
  );

  const context = await browser.newContext();
  const other = await context.newPage();
  await companyWithStore(other);
  await other.goto("/integration");
  const shopify = other.getByRole("region", { name: "Shopify" });
  await expect(shopify.getByText("Active", { exact: true })).toBeVisible();
  await expect(other.getByRole("region", { name: "Tri-Tech" }).getByText("Active")).toHaveCount(0);
  expect(await seriousViolations(other)).toEqual([]);
  await shot(other, "home");
  await context.close();
});

test("connected: the store's SMS opt-in status, Refresh Status, and Error when Shopify fails", async ({
  page,
}) => {
  const store = await companyWithStore(page, { smsMarketingEnabled: true });
  await page.goto("/integration");
  // The view opens at once, the status Loading until the (slow) store answers.
  await shopifyStandIn.delayNextGraphql(2_000, store.shop);
  await page.getByRole("link", { name: "Open the Shopify integration" }).click();
  await expect(page).toHaveURL(/\/integration\?view=shopify$/);
  await expect(statusBadge(page)).toHaveText(/Loading$/);
  await expect(page.getByRole("heading", { name: "Shopify Integration", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: store.storeName })).toBeVisible();
  const goToStore = page.getByRole("link", { name: "Go to your Shopify store" });
  await expect(goToStore).toHaveAttribute("href", `https://${store.shop}/admin`);
  await expect(goToStore).toHaveAttribute("target", "_blank");
  await expect(page.getByText("TCPA notice")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to SMS Opt-In Settings" })).toHaveAttribute(
    "href",
    `https://${store.shop}/admin/settings/checkout`,
  );
  await expect(page.getByRole("link", { name: "Go to SMS Consent Language" })).toHaveAttribute(
    "href",
    `https://${store.shop}/admin/themes/current/language`,
  );
  await expect(statusBadge(page)).toHaveText(/Enabled$/);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "shopify-connected");

  // The merchant turns the checkbox off in Shopify; Refresh Status reads it again, without a reload.
  await shopifyStandIn.setSmsMarketing(store.shop, false);
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  // While the page's data is on its way the status says Loading: the browser's request is held here.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/integration.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Refresh Status" }).click();
  await expect(statusBadge(page)).toHaveText(/Loading$/);
  release();
  await expect(statusBadge(page)).toHaveText(/Disabled$/);
  await page.unroute("**/integration.data*");

  await shopifyStandIn.failNextGraphql({ shop: store.shop, status: 500 });
  await page.getByRole("button", { name: "Refresh Status" }).click();
  await expect(statusBadge(page)).toHaveText(/Error$/);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // The browser's back button returns to the home.
  await page.goBack();
  await expect(page.getByRole("heading", { name: "Integrations", level: 1 })).toBeVisible();
});

test("Show me how: eight slides with Previous, Next, a counter and the arrow keys", async ({ page }) => {
  await companyWithStore(page);
  await page.goto("/integration?view=shopify");
  await page.getByRole("button", { name: "Show me how" }).click();
  const modal = page.getByRole("dialog", { name: "Turn on the SMS Opt-In checkbox" });
  await expect(modal).toBeVisible();
  await expect(modal.getByText("1 of 8")).toBeVisible();
  await expect(modal.getByRole("heading", { name: "Open your Shopify admin" })).toBeVisible();
  await expect(modal.getByRole("img", { name: "Open your Shopify admin" })).toBeVisible();
  await expect(modal.getByRole("button", { name: "Previous" })).toBeDisabled();
  await modal.getByRole("button", { name: "Next" }).click();
  await expect(modal.getByText("2 of 8")).toBeVisible();
  await expect(modal.getByRole("heading", { name: "Open Checkout" })).toBeVisible();
  for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowRight");
  await expect(modal.getByText("8 of 8")).toBeVisible();
  await expect(modal.getByRole("heading", { name: "Refresh the status here" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(modal.getByText("8 of 8")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(modal.getByText("7 of 8")).toBeVisible();
  await expect(modal.getByRole("heading", { name: "Try your checkout" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "show-me-how");
  await modal.getByRole("button", { name: "Previous" }).click();
  await expect(modal.getByText("6 of 8")).toBeVisible();
  for (let i = 0; i < 2; i++) await modal.getByRole("button", { name: "Next" }).click();
  await modal.getByRole("button", { name: "Done" }).click();
  await expect(modal).toBeHidden();
});

test("automatic opt-in: the admin group confirms and sets it; a company admin sees it disabled", async ({
  page,
  browser,
}) => {
  const store = await companyWithStore(page);
  await page.goto("/integration?view=shopify");
  const toggle = page.getByRole("switch", { name: "Automatic Opt-in for Non-Commercial Messages" });
  await expect(toggle).toBeDisabled();
  await expect(page.getByText("Only Blusteam admins can change this setting.")).toBeVisible();

  const context = await browser.newContext();
  const admin = await context.newPage();
  await viewAsStaff(admin, store.accountId, "admin");
  await admin.goto("/integration?view=shopify");
  const adminToggle = admin.getByRole("switch", { name: "Automatic Opt-in for Non-Commercial Messages" });
  await expect(adminToggle).toHaveAttribute("aria-checked", "false");
  // No changes without confirming.
  await adminToggle.click();
  await admin.getByRole("dialog").getByRole("button", { name: "No" }).click();
  await expect(adminToggle).toHaveAttribute("aria-checked", "false");
  await adminToggle.click();
  await expect(admin.getByRole("dialog")).toContainText(
    "Turn on Automatic Opt-in for Non-Commercial Messages?",
  );
  await admin.getByRole("dialog").getByRole("button", { name: "Yes" }).click();
  await expect(toast(admin, "Automatic Opt-in for Non-Commercial Messages is on.")).toBeVisible();
  await expect(adminToggle).toHaveAttribute("aria-checked", "true");
  await shot(admin, "automatic-opt-in");
  await context.close();

  await page.reload();
  await expect(toggle).toHaveAttribute("aria-checked", "true");
});

test("disconnect: confirm, then back to the home with the spec's message, and the steps to connect", async ({
  page,
}) => {
  const store = await companyWithStore(page);
  await page.goto("/integration?view=shopify");
  await page.getByRole("button", { name: "Disconnect app" }).click();
  const dialog = page.getByRole("dialog", { name: "Disconnect app" });
  await expect(dialog).toContainText(`Are you sure you want to disconnect ${store.storeName}?`);
  await shot(page, "disconnect-confirm");
  await dialog.getByRole("button", { name: "Disconnect app" }).click();
  await expect(page).toHaveURL(/\/integration$/);
  await expect(toast(page, "Blusteam app disconnected successfully from shopify!")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Shopify" }).getByText("Active", { exact: true }),
  ).toHaveCount(0);

  await page.getByRole("link", { name: "Open the Shopify integration" }).click();
  await expect(page.getByRole("heading", { name: "Steps to connect to Shopify store" })).toBeVisible();
  const steps = page.getByRole("list").filter({ hasText: "Install the app on your store" });
  await expect(steps.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Connect To Shopify" })).toHaveAttribute(
    "href",
    /^https:\/\/apps\.shopify\.com\//,
  );
  await expect(page.getByRole("button", { name: "Disconnect app" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "shopify-not-connected");
});

test("RO Admin: every control disabled, every write refused with 403", async ({ page, browser }) => {
  const owner = await browser.newContext();
  const store = await companyWithStore(await owner.newPage());
  await owner.close();

  await viewAsStaff(page, store.accountId, "roadmin");
  await page.goto("/integration?view=shopify");
  await expect(page.getByRole("heading", { name: store.storeName })).toBeVisible();
  for (const name of [
    "Go to your Shopify store",
    "Go to SMS Opt-In Settings",
    "Refresh Status",
    "Show me how",
    "Go to SMS Consent Language",
    "Disconnect app",
  ])
    await expect(page.getByRole("button", { name })).toBeDisabled();
  await expect(
    page.getByRole("switch", { name: "Automatic Opt-in for Non-Commercial Messages" }),
  ).toBeDisabled();
  await shot(page, "shopify-roadmin");

  const writes: Record<string, string>[] = [
    { intent: "automatic-opt-in", enabled: "true" },
    { intent: "disconnect" },
  ];
  for (const form of writes) {
    const refused = await page.request.post("/integration", { form, maxRedirects: 0 });
    expect(refused.status(), form.intent).toBe(403);
  }
  await page.reload();
  await expect(page.getByRole("heading", { name: store.storeName })).toBeVisible();

  // A company without a store: Connect To Shopify is disabled too.
  const context = await browser.newContext();
  const bare = await context.newPage();
  const { accountId } = await signInNewCompanyAdmin(bare);
  await context.close();
  const view = await page.request.post("/resources/view-as", {
    form: { accountId, mode: "roadmin" },
    maxRedirects: 0,
  });
  expect(view.status()).toBe(302);
  await page.goto("/integration?view=shopify");
  await expect(page.getByRole("button", { name: "Connect To Shopify" })).toBeDisabled();
});
