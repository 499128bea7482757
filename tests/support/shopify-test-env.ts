import { setUpStandIn } from "./stand-in-env";
import { type SeedShop, type ShopifyStandIn, startShopifyStandIn } from "./stand-ins/shopify";
import { mintIdToken, signedWebhook } from "./stand-ins/shopify-signing";

/**
 * For a test file that talks to Shopify: one stand-in for the file (tests/support/stand-ins/shopify.ts),
 * the app's SHOPIFY_* settings pointed at it before each test (and put back after), and a fresh
 * default shop, demo-shop.myshopify.com "Demo Shop", with products of three types. Read the stand-in
 * through the returned getter; mint id_tokens and send webhooks with the helpers below.
 */
export const SHOPIFY_TEST_API_KEY = "blusteam-test-api-key";
export const SHOPIFY_TEST_API_SECRET = "blusteam-test-api-secret-0000000000";
export const SHOPIFY_TEST_SHOP = "demo-shop.myshopify.com";

export const DEMO_SHOP: SeedShop = {
  domain: SHOPIFY_TEST_SHOP,
  name: "Demo Shop",
  email: "owner@demo-shop.example",
  currencyCode: "USD",
  smsMarketingEnabled: false,
  products: [
    { title: "Classic Tee", productType: "Shirts", variants: [{ price: "25.00", sku: "TEE-1" }] },
    { title: "Linen Shirt", productType: "Shirts", variants: [{ price: "49.00", sku: "LIN-1" }] },
    { title: "Canvas Sneakers", productType: "Shoes", variants: [{ price: "79.00", sku: "SNK-1" }] },
    { title: "Trail Boots", productType: "shoes", variants: [{ price: "129.00", sku: "BOOT-1" }] },
    { title: "Leather Belt", productType: "Accessories", variants: [{ price: "35.00", sku: "BELT-1" }] },
  ],
};

export function setUpShopifyStandIn(
  options: { webhookUrl?: string; seed?: SeedShop[] } = {},
): () => ShopifyStandIn {
  const app = { apiKey: SHOPIFY_TEST_API_KEY, secret: SHOPIFY_TEST_API_SECRET, name: "Blusteam" };
  return setUpStandIn({
    name: "Shopify",
    start: () => startShopifyStandIn({ app, webhookUrl: options.webhookUrl }),
    close: (stand) => stand.close(),
    reset: (stand) => {
      stand.reset();
      stand.setApp(app);
      for (const shop of options.seed ?? [DEMO_SHOP]) stand.seedShop(shop);
    },
    env: (stand) => ({
      SHOPIFY_API_KEY: SHOPIFY_TEST_API_KEY,
      SHOPIFY_API_SECRET: SHOPIFY_TEST_API_SECRET,
      SHOPIFY_API_URL: stand.url,
    }),
  });
}

/** An App Bridge id_token for the test app: staff member `userId` of `shop`, valid for a minute. */
export function testIdToken(
  options: { shop?: string; userId?: number; expiresIn?: number; secret?: string } = {},
) {
  return mintIdToken({
    shop: options.shop ?? SHOPIFY_TEST_SHOP,
    userId: options.userId ?? 1,
    apiKey: SHOPIFY_TEST_API_KEY,
    secret: options.secret ?? SHOPIFY_TEST_API_SECRET,
    expiresIn: options.expiresIn,
  });
}

/**
 * A Request as Shopify delivers a webhook (signed with the test secret, or a wrong one with badHmac),
 * to hand straight to a route's action. `url` defaults to the app's /webhooks/shopify/{topic}.
 */
export function shopifyWebhookRequest(options: {
  topic: string;
  payload: unknown;
  shop?: string;
  url?: string;
  webhookId?: string;
  badHmac?: boolean;
}): Request {
  const shop = options.shop ?? SHOPIFY_TEST_SHOP;
  const { headers, body } = signedWebhook({
    url: options.url ?? "",
    topic: options.topic,
    shop,
    secret: SHOPIFY_TEST_API_SECRET,
    payload: options.payload,
    webhookId: options.webhookId,
    badHmac: options.badHmac,
  });
  return new Request(options.url ?? `http://localhost/webhooks/shopify/${options.topic}`, {
    method: "POST",
    headers,
    body,
  });
}
