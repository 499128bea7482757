import { type Shopify, shopifyApi } from "@shopify/shopify-api";
import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { AppDistribution, shopifyApp } from "@shopify/shopify-app-react-router/server";
import { config } from "~/config.server";
import { SHOPIFY_ADMIN_API_VERSION } from "./api-versions";
import { shopifyBillingConfig } from "./billing-config";
import { shopifySessionStorage } from "./session-storage.server";

export { shopifySessionStorage };

/**
 * What the app may read and write in a store: the spec's four read scopes, plus write_customers so
 * SMS and email consent can be kept in step with Shopify (the commerce issue).
 * shopify.app.toml declares the same list; a test keeps them equal.
 */
export const SHOPIFY_SCOPES = [
  "read_orders",
  "read_customers",
  "write_customers",
  "read_products",
  "read_checkouts",
] as const;

/** The variables an operator sets to turn the Shopify app on; named by every "not configured" text. */
export const SHOPIFY_CONFIG_VARIABLES = ["SHOPIFY_API_KEY", "SHOPIFY_API_SECRET"] as const;

/**
 * Tests only (SHOPIFY_API_URL): every request the libraries make to https://{shop}/... goes to
 * {SHOPIFY_API_URL}/{shop}/... instead, where a local stand-in answers as Shopify does. The libraries
 * themselves run unchanged: OAuth, token exchange and GraphQL all go through this fetch.
 */
export function shopifyOriginFor(shop: string): string {
  const override = config().SHOPIFY_API_URL;
  return override ? `${override.replace(/\/$/, "")}/${shop}` : `https://${shop}`;
}

function rewriteShopUrl(url: string): string {
  const override = config().SHOPIFY_API_URL;
  if (!override) return url;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" || !parsed.hostname.endsWith(".myshopify.com")) return url;
  return `${shopifyOriginFor(parsed.hostname)}${parsed.pathname}${parsed.search}`;
}

const realFetch: typeof fetch = globalThis.fetch.bind(globalThis);
const shopifyFetch: typeof fetch = (input, init) => {
  if (typeof input === "string") return realFetch(rewriteShopUrl(input), init);
  if (input instanceof URL) return realFetch(rewriteShopUrl(input.href), init);
  return realFetch(new Request(rewriteShopUrl(input.url), input), init);
};

type ShopifyAppInstance = ReturnType<typeof buildShopifyApp>;
let cached: { key: string; app: ShopifyAppInstance; api: Shopify } | undefined;

function buildShopifyApp(apiKey: string, apiSecretKey: string) {
  const settings = config();
  return shopifyApp({
    apiKey,
    apiSecretKey,
    apiVersion: SHOPIFY_ADMIN_API_VERSION,
    scopes: [...SHOPIFY_SCOPES],
    appUrl: settings.APP_URL,
    authPathPrefix: "/auth",
    sessionStorage: shopifySessionStorage,
    distribution: AppDistribution.AppStore,
    billing: shopifyBillingConfig(),
    logger: { level: settings.NODE_ENV === "production" ? 1 : 0 },
  });
}

function buildShopifyApi(apiKey: string, apiSecretKey: string): Shopify {
  const url = new URL(config().APP_URL);
  return shopifyApi({
    apiKey,
    apiSecretKey,
    apiVersion: SHOPIFY_ADMIN_API_VERSION,
    scopes: [...SHOPIFY_SCOPES],
    hostName: url.host,
    hostScheme: url.protocol === "http:" ? "http" : "https",
    isEmbeddedApp: true,
    billing: shopifyBillingConfig(),
    logger: { level: 0 },
  });
}

function instances() {
  const { SHOPIFY_API_KEY: apiKey, SHOPIFY_API_SECRET: secret, APP_URL, SHOPIFY_API_URL } = config();
  if (!apiKey || !secret) return null;
  const key = [apiKey, secret, APP_URL, SHOPIFY_API_URL ?? ""].join("\n");
  if (cached?.key !== key) {
    const app = buildShopifyApp(apiKey, secret);
    const api = buildShopifyApi(apiKey, secret);
    // After the libraries' own adapters set the global fetch: ours rewrites shop origins in tests.
    setAbstractFetchFunc(shopifyFetch);
    cached = { key, app, api };
  }
  return cached;
}

/**
 * The Shopify app (authenticate.admin, authenticate.webhook, billing, unauthenticated.admin), or
 * null when SHOPIFY_API_KEY / SHOPIFY_API_SECRET are unset: callers then say in words that the
 * Shopify integration is not configured on this server.
 */
export function shopifyAppOrNull(): ShopifyAppInstance | null {
  return instances()?.app ?? null;
}

/**
 * The lower-level API (OAuth begin and callback for the standalone install hand-off, HMAC and
 * shop-domain checks), or null when unconfigured.
 */
export function shopifyApiOrNull(): Shopify | null {
  return instances()?.api ?? null;
}

export type { ShopifyAppInstance };
