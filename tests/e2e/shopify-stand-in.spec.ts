import { expect, test } from "@playwright/test";
import { shopifyStandIn } from "../support/e2e-shopify";

// The Shopify stand-in e2e-server.ts runs, in a browser: its install page sends the merchant back to
// the app's redirect_uri signed as Shopify does, product pictures load from it, and its charge page
// approves a subscription, tells the app with a signed webhook and returns to the returnUrl.

const shop = "stand-in-spec.myshopify.com";

test.beforeEach(async () => {
  await shopifyStandIn.seedShop({
    domain: shop,
    name: "Stand-in Spec Shop",
    products: [
      { title: "Classic Tee", productType: "Shirts" },
      { title: "Trail Boots", productType: "Shoes" },
    ],
  });
});

test("the install page lists the scopes and Install app returns to redirect_uri signed", async ({
  page,
  baseURL,
}) => {
  const app = await shopifyStandIn.app();
  const query = new URLSearchParams({
    client_id: app.apiKey,
    scope: "read_orders,read_products",
    redirect_uri: `${baseURL}/healthz`,
    state: "spec-state",
  });
  await page.goto(`${process.env.SHOPIFY_STAND_IN_URL}/${shop}/admin/oauth/authorize?${query}`);
  await expect(page.getByRole("heading", { name: "Install Blusteam on Stand-in Spec Shop" })).toBeVisible();
  await expect(page.getByRole("listitem")).toHaveText(["read_orders", "read_products"]);
  await page.screenshot({ path: "test-results/shopify-stand-in-install.png" });
  await page.getByRole("button", { name: "Install app" }).click();
  await page.waitForURL(/\/healthz\?/);
  const back = new URL(page.url());
  expect([...back.searchParams.keys()].sort()).toEqual([
    "code",
    "hmac",
    "host",
    "shop",
    "state",
    "timestamp",
  ]);
  expect(back.searchParams.get("shop")).toBe(shop);
  expect(back.searchParams.get("state")).toBe("spec-state");
});

test("product pictures load from the stand-in", async ({ page }) => {
  const result = await shopifyStandIn.graphql<{
    products: { nodes: Array<{ featuredImage: { url: string } }> };
  }>(shop, "{ products(first: 5) { nodes { title featuredImage { url } } } }");
  const url = result.data!.products.nodes[0]!.featuredImage.url;
  await page.setContent(`<img alt="Classic Tee" src="${url}" width="200" height="200">`);
  await expect
    .poll(() => page.getByAltText("Classic Tee").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(200);
});

test("approving on the charge page activates the subscription and returns with charge_id", async ({
  page,
  baseURL,
}) => {
  const created = await shopifyStandIn.graphql<{ appSubscriptionCreate: { confirmationUrl: string } }>(
    shop,
    `mutation Create($returnUrl: URL!) {
      appSubscriptionCreate(name: "Store Starter", returnUrl: $returnUrl, test: true, lineItems: [
        { plan: { appRecurringPricingDetails: { price: { amount: 25, currencyCode: USD }, interval: EVERY_30_DAYS } } },
        { plan: { appUsagePricingDetails: { cappedAmount: { amount: 100, currencyCode: USD }, terms: "Messages over the plan" } } }
      ]) { confirmationUrl userErrors { message } }
    }`,
    { returnUrl: `${baseURL}/healthz` },
  );
  await page.goto(created.data!.appSubscriptionCreate.confirmationUrl);
  await expect(
    page.getByRole("heading", { name: "Approve Store Starter for Stand-in Spec Shop" }),
  ).toBeVisible();
  await page.screenshot({ path: "test-results/shopify-stand-in-charge.png" });
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(/\/healthz\?charge_id=\d+$/);
  const [subscription] = await shopifyStandIn.subscriptions(shop);
  expect(subscription).toMatchObject({ name: "Store Starter", status: "ACTIVE" });
  const state = (await shopifyStandIn.state()) as {
    deliveries: Array<{ topic: string; shop: string; url: string }>;
  };
  expect(state.deliveries.filter((d) => d.shop === shop)).toEqual([
    expect.objectContaining({
      topic: "app_subscriptions/update",
      url: `${baseURL}/webhooks/shopify/app-subscriptions-update`,
    }),
  ]);
});
