import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, type FrameLocator, type Page, test } from "@playwright/test";
import { login } from "../support/e2e-helpers";
import { shopifyStandIn } from "../support/e2e-shopify";
import {
  adminUrl,
  expireNextTokens,
  frameInShopifyAdmin,
  hostParam,
  openInShopifyAdmin,
} from "../support/e2e-shopify-admin";

// Issue 13, "One codebase, two surfaces": the app inside the Shopify admin. A page on another
// origin plays the admin (tests/support/e2e-shopify-admin.ts), frames the app's address (the site
// root, shopify.app.toml's application_url) with a signed id_token and answers App Bridge's script
// with a stand-in; the Shopify stand-in answers token exchange and the Admin API. The merchant's screens are the standalone app's own route modules.

const shots = "test-results/shopify-embedded";
const newShop = () => `embedded-${randomBytes(4).toString("hex")}.myshopify.com`;

async function seedShop(shop: string) {
  await shopifyStandIn.seedShop({ domain: shop, name: "Embedded Spec Shop", products: [] });
}

/** Accepts the terms a new company is asked to accept first (spec 1 section 4), inside the frame. */
async function acceptTermsIn(app: FrameLocator) {
  const terms = app.getByRole("dialog");
  await expect(terms.getByRole("button", { name: "Accept" })).toBeVisible();
  await terms.getByRole("button", { name: "Accept" }).click();
  await expect(terms).toHaveCount(0);
}

function adminNav(page: Page) {
  return page.getByRole("navigation", { name: "Shopify admin" });
}

/** A new shop's owner opens the app in its admin (at appPath) and accepts the terms there. */
async function openNewShop(page: Page, baseURL: string | undefined, appPath?: string) {
  const shop = newShop();
  await seedShop(shop);
  const app = await openInShopifyAdmin(page, { shop, baseURL: baseURL as string, appPath });
  await acceptTermsIn(app);
  return { shop, app };
}

test("the merchant opens the app in the Shopify admin, adds a contact and moves between contacts and touchpoints", async ({
  page,
  baseURL,
}) => {
  // The guard sent the new owner from / to /app, which set them up and sent them back to the home
  // screen, inside the admin's frame.
  const { shop, app } = await openNewShop(page, baseURL);
  await expect(adminNav(page).getByRole("button", { name: "Contacts" })).toBeVisible();
  await expect(adminNav(page).getByRole("button", { name: "Touchpoints" })).toBeVisible();
  await expect(adminNav(page).getByRole("button", { name: "Settings" })).toBeVisible();
  // Our own sidebar and account menu are not there: the admin's menu replaces them.
  await expect(app.getByRole("navigation", { name: "Main menu" })).toHaveCount(0);
  await expect(app.getByRole("button", { name: "Account menu" })).toHaveCount(0);

  // A product, created by the page's own fetch: App Bridge adds the bearer token to it.
  const frame = page.frame({ url: (url) => url.origin === new URL(baseURL as string).origin });
  const created = await frame?.evaluate(async () => {
    const response = await fetch("/product", {
      method: "POST",
      body: new URLSearchParams({ name: "Glow Serum" }),
    });
    return response.status;
  });
  expect(created).toBeLessThan(400);

  await adminNav(page).getByRole("button", { name: "Contacts" }).click();
  await expect(page.locator("#app-title")).toHaveText("Contacts");
  await app.getByRole("button", { name: "Add Contact" }).click();
  const drawer = app.getByRole("dialog", { name: "Add Contact" });
  await drawer.getByLabel("First Name").fill("Grace");
  await drawer.getByLabel("Last Name").fill("Hopper");
  await drawer.getByLabel("Phone Number").fill("(212) 555-0142");
  await drawer.getByRole("button", { name: "Save" }).click();
  // The toast is the admin's (App Bridge's toast.show), not one of our own inside the frame.
  await expect(page.getByRole("status", { name: "Admin toasts" })).toContainText(
    "Contact Added successfully!",
  );
  await expect(app.locator(".Polaris-Frame-Toast")).toHaveCount(0);
  await expect(app.getByRole("row").filter({ hasText: "Grace" })).toBeVisible();
  await page.screenshot({ path: `${shots}/contacts.png` });

  await adminNav(page).getByRole("button", { name: "Touchpoints" }).click();
  await expect(page.locator("#app-title")).toHaveText("Touchpoints");
  await expect(app.getByRole("button", { name: "Add touchpoint: Glow Serum" })).toBeVisible();
  await page.screenshot({ path: `${shots}/touchpoints.png` });

  // A toast after a redirect (deleting a product) reaches the admin too: the iframe sends no cookie
  // back, so the redirect carries it in its URL, once.
  await adminNav(page).getByRole("button", { name: "Products" }).click();
  await app.getByRole("link", { name: "Open Glow Serum" }).click();
  await app.getByRole("button", { name: "Delete Product" }).click();
  await app
    .getByRole("dialog")
    .filter({ hasText: "Are you sure you want to delete Glow Serum?" })
    .getByRole("button", { name: "Yes" })
    .click();
  await expect(page.getByRole("status", { name: "Admin toasts" })).toContainText(
    "Product deleted successfully!",
  );
  await expect(app.getByText("No Products")).toBeVisible();

  await adminNav(page).getByRole("button", { name: "Contacts" }).click();
  await expect(app.getByRole("row").filter({ hasText: "Grace" })).toBeVisible();
  await expect(
    page.getByRole("status", { name: "Admin toasts" }).getByText("Product deleted successfully!"),
  ).toHaveCount(1);

  // The frame keeps the admin's query after client-side navigation: reloading it (a document load,
  // without a token) goes through the library's bounce page and comes back with a fresh one.
  const frameUrl = new URL(frame?.url() ?? "");
  expect(frameUrl.pathname).toBe("/contacts");
  expect(frameUrl.searchParams.get("embedded")).toBe("1");
  expect(frameUrl.searchParams.get("shop")).toBe(shop);
  await frame?.evaluate(() => window.location.reload());
  await expect(app.getByRole("row").filter({ hasText: "Grace" })).toBeVisible();
  expect(new URL(frame?.url() ?? "").searchParams.get("id_token")).toBeTruthy();
});

test("an expired session token gets Shopify's retry header, and App Bridge's retry with a fresh token opens the screen", async ({
  page,
  baseURL,
}) => {
  const { shop, app } = await openNewShop(page, baseURL);
  await expect(adminNav(page).getByRole("button", { name: "Contacts" })).toBeVisible();

  // A screen's data asked with an expired token: the library's 401, with the header App Bridge reads.
  const expired = await shopifyStandIn.idToken(shop, { expiresIn: -120 });
  const refused = await page.request.get("/contacts.data", {
    headers: { Authorization: `Bearer ${expired}` },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(401);
  expect(refused.headers()["x-shopify-retry-invalid-session-request"]).toBe("1");
  // And an action's (a product created by the page's own fetch).
  const refusedPost = await page.request.post("/product.data", {
    headers: { Authorization: `Bearer ${expired}` },
    form: { name: "Glow Serum" },
    maxRedirects: 0,
  });
  expect(refusedPost.status()).toBe(401);
  expect(refusedPost.headers()["x-shopify-retry-invalid-session-request"]).toBe("1");

  // In the admin: the next token App Bridge gets is expired. Moving to Contacts is refused once, then
  // retried with a fresh token, and the screen opens.
  const answers: { status: number; retry: string | undefined }[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/contacts.data")
      answers.push({
        status: response.status(),
        retry: response.headers()["x-shopify-retry-invalid-session-request"],
      });
  });
  expireNextTokens(page);
  await adminNav(page).getByRole("button", { name: "Contacts" }).click();
  await expect(page.locator("#app-title")).toHaveText("Contacts");
  await expect(app.getByRole("button", { name: "Add Contact" })).toBeVisible();
  expect(answers).toEqual([
    { status: 401, retry: "1" },
    { status: 200, retry: undefined },
  ]);
});

test("Shopify's link to the app's address outside the admin goes on to /app, and from there into the shop's admin", async ({
  page,
}) => {
  const shop = newShop();
  await seedShop(shop);
  const query = new URLSearchParams({
    shop,
    host: hostParam(shop),
    timestamp: String(Math.floor(Date.now() / 1000)),
  });
  const root = await page.request.get(`/?${query}`, { maxRedirects: 0 });
  expect(root.status()).toBe(302);
  expect(root.headers().location).toBe(`/app?${query}`);
  const entry = await page.request.get(root.headers().location ?? "", { maxRedirects: 0 });
  expect(entry.headers().location).toMatch(
    new RegExp(`^${adminUrl(shop).replace(/\/apps\/blusteam$/, "/apps/")}`),
  );
});

test("a deep link into the admin opens its screen", async ({ page, baseURL }) => {
  // Shopify opens application_url (the site root) with the path: /product, which the guard sends
  // through /app/product to set the new staff member up first.
  const { app } = await openNewShop(page, baseURL, "/product");
  await expect(page.locator("#app-title")).toHaveText("Products");
  await expect(app.getByRole("button", { name: "Create Product" })).toBeVisible();
  await page.screenshot({ path: `${shots}/products-deep-link.png` });
});

test("a CSV download inside the admin carries the session token (the analytics export)", async ({
  page,
  baseURL,
}) => {
  const { app } = await openNewShop(page, baseURL);
  await expect(app.getByRole("button", { name: "Export CSV" })).toBeVisible();

  const exported = page.waitForEvent("download");
  await app.getByRole("button", { name: "Export CSV" }).click();
  const download = await exported;
  expect(download.suggestedFilename()).toMatch(/^analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) as string, "utf8");
  expect(csv).toContain("Headline figures");
  expect(csv).toMatch(/^Messages sent,0,0,0\r$/m);
});

test("embedded pages may be framed by the token's shop's admin only; standalone pages by nobody", async ({
  page,
  baseURL,
}) => {
  const shop = newShop();
  const otherShop = newShop();
  await seedShop(shop);
  await seedShop(otherShop);
  // The owner of `shop` is set up by opening /app once.
  const setUp = await page.request.get(
    `/app?${new URLSearchParams({ embedded: "1", shop, host: hostParam(shop), id_token: await shopifyStandIn.idToken(shop) })}`,
    { maxRedirects: 0 },
  );
  expect(setUp.status()).toBe(302);

  const query = async (forShop: string, tokenShop = forShop) =>
    new URLSearchParams({
      embedded: "1",
      shop: forShop,
      host: hostParam(forShop),
      id_token: await shopifyStandIn.idToken(tokenShop),
    });
  const embedded = await page.request.get(`/contacts?${await query(shop)}`, { maxRedirects: 0 });
  expect(embedded.status()).toBe(200);
  const policy = embedded.headers()["content-security-policy"];
  expect(policy).toContain(`frame-ancestors https://${shop} https://admin.shopify.com`);
  expect(policy).not.toContain(otherShop);
  expect(embedded.headers()["x-frame-options"]).toBeUndefined();
  expect(await embedded.text()).toContain('src="https://cdn.shopify.com/shopifycloud/app-bridge.js"');

  // A link that names another shop than its token's is refused, and not framable.
  const mixed = await page.request.get(`/contacts?${await query(otherShop, shop)}`, { maxRedirects: 0 });
  expect(mixed.status()).toBe(401);
  expect(mixed.headers()["x-frame-options"]).toBe("DENY");

  // Standalone pages keep refusing to be framed, by the admin too.
  for (const path of ["/signin", "/contacts", "/app"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.headers()["x-frame-options"], path).toBe("DENY");
  }
  await login(page, { email: "demo@blusteam.dev", password: "demo-password-1" });
  const signedIn = await page.request.get("/contacts");
  expect(signedIn.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(signedIn.headers()["x-frame-options"]).toBe("DENY");
  await frameInShopifyAdmin(page, shop, `${baseURL}/contacts`);
  await expect
    .poll(
      () =>
        page
          .frames()
          .find((f) => f !== page.mainFrame())
          ?.url() ?? "",
    )
    .toMatch(/^chrome-error:/);
  expect(page.url()).toBe(`${adminUrl(shop)}/framed`);
});

test("a staff member whose email Shopify has not verified is asked to verify it; verified, the app opens", async ({
  page,
  baseURL,
}) => {
  const shop = newShop();
  await shopifyStandIn.seedShop({ domain: shop, name: "Embedded Spec Shop", unverifiedStaffIds: [1] });

  const app = await openInShopifyAdmin(page, { shop, baseURL: baseURL as string });
  await expect(app.getByText("Verify your email address in Shopify first")).toBeVisible();
  await expect(
    app.getByText(/Shopify has not verified the email address of your Shopify staff account yet/),
  ).toBeVisible();
  await page.screenshot({ path: `${shots}/email-unverified.png` });

  // Verified in Shopify since: the next open asks Shopify again and sets the owner up.
  await shopifyStandIn.seedShop({ domain: shop, unverifiedStaffIds: [] });
  const again = await page.context().newPage();
  const reopened = await openInShopifyAdmin(again, { shop, baseURL: baseURL as string });
  await acceptTermsIn(reopened);
  await expect(adminNav(again).getByRole("button", { name: "Contacts" })).toBeVisible();
});
