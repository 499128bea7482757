import { SHOPIFY_ADMIN_API_VERSION } from "~/services/shopify/api-versions";
import type { SeedProduct, SeedShop } from "./stand-ins/shopify";
import type { SeedCustomer, StoredCustomer } from "./stand-ins/shopify-customers";
import type { WebhookDelivery } from "./stand-ins/shopify-signing";
import type {
  StoredMetafield,
  StoredShop,
  StoredSubscription,
  StoredUsageRecord,
} from "./stand-ins/shopify-store";

/**
 * The Shopify stand-in as specs see it: e2e-server.ts runs it in its own process, knowing the e2e
 * app's API key and secret, so Playwright workers reach it over HTTP, at SHOPIFY_STAND_IN_URL (set
 * by playwright.config.ts), through its /__stand-in/ controls (tests/support/stand-ins/shopify-controls.ts).
 * Shops are shared by every spec of a run: seed one with a domain of your spec's own.
 */

export function shopifyStandInUrl(): string {
  const url = process.env.SHOPIFY_STAND_IN_URL;
  if (!url) throw new Error("SHOPIFY_STAND_IN_URL is unset: run the specs through playwright.config.ts");
  return url;
}

async function control<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${shopifyStandInUrl()}/__stand-in/${path}`, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Shopify stand-in ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const shopifyStandIn = {
  /** Adds or replaces a shop; products (with product types; pictures served by the stand-in) replace. */
  seedShop: (seed: SeedShop) => control<StoredShop>("POST", "shops", seed),
  shop: (domain: string) => control<StoredShop>("GET", `shops/${domain}`),
  addProducts: (domain: string, products: SeedProduct[]) =>
    control<StoredShop>("POST", `shops/${domain}/products`, { products }),
  /** Store customers with their SMS marketing consent (stand-ins/shopify-customers.ts). */
  addCustomers: (domain: string, customers: SeedCustomer[]) =>
    control<StoredCustomer[]>("POST", `shops/${domain}/customers`, { customers }),
  customers: (domain: string) => control<StoredCustomer[]>("GET", `shops/${domain}/customers`),
  /** The store's checkout SMS-marketing checkbox, read by the app as shop.smsMarketingEnabled. */
  setSmsMarketing: (domain: string, enabled: boolean) =>
    control<StoredShop>("POST", `shops/${domain}/sms`, { enabled }),
  /** Makes `accessToken` (or a new one) valid for the shop's Admin API, for sessions a fixture writes. */
  accessToken: (shop: string, options: { accessToken?: string; scope?: string; online?: boolean } = {}) =>
    control<{ accessToken: string; scope: string }>("POST", "access-tokens", { shop, ...options }),
  /** An App Bridge id_token for the e2e app (or another apiKey/secret). */
  idToken: async (
    shop: string,
    options: { userId?: number; expiresIn?: number; apiKey?: string; secret?: string } = {},
  ) => (await control<{ idToken: string }>("POST", "id-token", { shop, ...options })).idToken,
  /** Sends a webhook signed with the e2e app's secret to `url` (default the app's /webhooks/shopify/{topic}). */
  sendWebhook: (input: {
    topic: string;
    shop: string;
    payload: unknown;
    url?: string;
    badHmac?: boolean;
    webhookId?: string;
    eventId?: string;
  }) => control<WebhookDelivery>("POST", "webhooks", input),
  replayWebhook: (webhookId: string) => control<WebhookDelivery>("POST", "webhooks/replay", { webhookId }),
  subscriptions: (shop?: string) =>
    control<StoredSubscription[]>("GET", `subscriptions${shop ? `?shop=${encodeURIComponent(shop)}` : ""}`),
  usageRecords: (shop?: string) =>
    control<StoredUsageRecord[]>("GET", `usage-records${shop ? `?shop=${encodeURIComponent(shop)}` : ""}`),
  /** The shop's metafields as stored (an app's `$app` namespace expanded to `app--1...`). */
  metafields: (shop: string) =>
    control<StoredMetafield[]>("GET", `metafields?shop=${encodeURIComponent(shop)}`),
  /** Moves a subscription (gid or numeric id) to a status and sends app_subscriptions/update. */
  setSubscriptionStatus: (id: string | number, status: StoredSubscription["status"]) =>
    control<StoredSubscription>("POST", "subscriptions/status", { id, status }),
  /** As pressing Approve/Decline on the charge page; answers where the merchant would go. */
  answerCharge: (
    shop: string,
    id: number,
    approve: boolean,
    kind: "subscription" | "purchase" = "subscription",
  ) => control<{ redirectTo: string }>("POST", "charges/answer", { shop, id, approve, kind }),
  requests: (shop?: string) =>
    control<Array<{ shop: string; method: string; path: string; body: string }>>(
      "GET",
      `requests${shop ? `?shop=${encodeURIComponent(shop)}` : ""}`,
    ),
  /** The next Admin GraphQL requests (of `shop`, or any) fail with `status` (500 by default). */
  failNextGraphql: (options: { status?: number; body?: unknown; count?: number; shop?: string } = {}) =>
    control<{ ok: true }>("POST", "fail-next", options),
  /** The next Admin GraphQL request (of `shop`, or any) is answered `ms` later (to see a Loading state). */
  delayNextGraphql: (ms: number, shop?: string) => control<{ ok: true }>("POST", "delay-next", { ms, shop }),
  /** How bulk operations run: looks before COMPLETED, or the errorCode the next one fails with. */
  bulk: (settings: { pollsUntilComplete?: number; failNext?: string | null }) =>
    control<{ pollsUntilComplete: number; failNext: string | null }>("POST", "bulk", settings),
  bulkOperations: (shop?: string) =>
    control<Array<{ id: string; status: string; objectCount: number }>>(
      "GET",
      `bulk${shop ? `?shop=${encodeURIComponent(shop)}` : ""}`,
    ),
  state: () => control<Record<string, unknown>>("GET", "state"),
  /** The signed link Shopify opens when the merchant installs the app (e.g. {baseURL}/shopify-install). */
  installLink: async (shop: string, appUrl: string) =>
    (await control<{ url: string }>("POST", "install-link", { shop, appUrl })).url,
  /** The app the stand-in knows (the e2e server's per-run SHOPIFY_API_KEY). */
  app: async () => (await control<{ app: { apiKey: string; name: string } }>("GET", "state")).app,
  /** Runs an Admin GraphQL document for a shop as the installed app would (a token is made for it). */
  graphql: async <T = Record<string, unknown>>(
    shop: string,
    query: string,
    variables?: Record<string, unknown>,
  ) => {
    const { accessToken } = await shopifyStandIn.accessToken(shop);
    const response = await fetch(
      `${shopifyStandInUrl()}/${shop}/admin/api/${SHOPIFY_ADMIN_API_VERSION}/graphql.json`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": accessToken },
        body: JSON.stringify({ query, variables }),
      },
    );
    return (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
  },
};
