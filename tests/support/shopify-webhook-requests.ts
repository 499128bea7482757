import { randomUUID } from "node:crypto";
import { getHmac } from "@shopify/shopify-api/test-helpers";
import { testConfig } from "@shopify/shopify-app-react-router/test-helpers";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach } from "vitest";
import { SHOPIFY_WEBHOOK_API_VERSION } from "~/services/shopify/api-versions";
import { resetConfigForTests } from "../../app/config.server";
import { clientIpContext } from "../../app/context.server";
import { type ShopifyWebhookTopic, webhookPathOf } from "../../app/domain/shopify/webhooks/topics";

/**
 * Shopify webhook deliveries for unit and database tests, signed as Shopify signs them (the
 * library's getHmac: base64 HMAC-SHA256 of the raw body with the app's secret), with the library's
 * test app credentials (testConfig) as SHOPIFY_API_KEY and SHOPIFY_API_SECRET.
 */

export const SHOPIFY_TEST_APP = testConfig();
export const TEST_SHOP = "webhook-test-shop.myshopify.com";

const KEYS = ["SHOPIFY_API_KEY", "SHOPIFY_API_SECRET"] as const;

/** Configures the Shopify app with the library's test credentials around each test of the file. */
export function configureShopifyTestApp() {
  let saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
    process.env.SHOPIFY_API_KEY = SHOPIFY_TEST_APP.apiKey;
    process.env.SHOPIFY_API_SECRET = SHOPIFY_TEST_APP.apiSecretKey;
    resetConfigForTests();
  });
  afterEach(() => {
    for (const key of KEYS) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetConfigForTests();
  });
}

export type DeliveryOptions = {
  shop?: string;
  webhookId?: string;
  /** The secret the body is signed with (default: the test app's). */
  secret?: string;
  /** An explicit X-Shopify-Hmac-Sha256 value. */
  hmac?: string;
  /** Headers left out (e.g. "X-Shopify-Webhook-Id"). */
  omit?: string[];
  /** The address's topic segment, when it should differ from the topic's own. */
  path?: string;
  triggeredAt?: Date;
  /** A raw body instead of the payload's JSON. */
  body?: string;
  headers?: Record<string, string>;
};

/** A POST to the topic's address as Shopify delivers it. */
export function shopifyDelivery(
  topic: ShopifyWebhookTopic,
  payload: Record<string, unknown>,
  options: DeliveryOptions = {},
): Request {
  const body = options.body ?? JSON.stringify(payload);
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "X-Shopify-Topic": topic,
    "X-Shopify-Shop-Domain": options.shop ?? TEST_SHOP,
    "X-Shopify-API-Version": SHOPIFY_WEBHOOK_API_VERSION,
    "X-Shopify-Webhook-Id": options.webhookId ?? randomUUID(),
    "X-Shopify-Hmac-Sha256": options.hmac ?? getHmac(body, options.secret ?? SHOPIFY_TEST_APP.apiSecretKey),
    ...(options.triggeredAt ? { "X-Shopify-Triggered-At": options.triggeredAt.toISOString() } : {}),
    ...options.headers,
  };
  for (const name of options.omit ?? []) delete headers[name];
  const path = options.path ? `/webhooks/shopify/${options.path}` : webhookPathOf(topic);
  return new Request(`http://localhost:3000${path}`, { method: "POST", headers, body });
}

/** The route's params and context as React Router gives them for a delivery. */
export function routeArgs(request: Request, ip = "203.0.113.9") {
  const context = new RouterContextProvider();
  context.set(clientIpContext, ip);
  const splat = new URL(request.url).pathname.replace(/^\/webhooks\/shopify\//, "");
  return { request, params: { "*": splat }, context } as never;
}
