import type { BulkOperations } from "./shopify-catalogue";
import { answerCharge, type BillingContext, setSubscriptionStatus } from "./shopify-charges";
import { customerControl } from "./shopify-customers";
import type { ShopifyApp } from "./shopify-oauth";
import { mintIdToken, oauthQueryHmac, type WebhookDelivery } from "./shopify-signing";
import {
  normaliseShop,
  type SeedProduct,
  type SeedShop,
  type ShopifyStore,
  type SubscriptionStatus,
} from "./shopify-store";

/**
 * The stand-in's test-only JSON controls under /__stand-in/, for specs in other processes
 * (tests/support/e2e-shopify.ts) and for vitest through the same functions:
 *   POST /__stand-in/reset                       forget everything (the app stays)
 *   POST /__stand-in/app                         { apiKey, secret, name? } the app it knows
 *   POST /__stand-in/shops                       SeedShop: add or replace a shop (products replace)
 *   GET  /__stand-in/shops/{shop}                the shop as stored
 *   POST /__stand-in/shops/{shop}/products       { products: SeedProduct[] } appended
 *   POST /__stand-in/shops/{shop}/sms            { enabled } the SMS-marketing checkbox
 *   GET/POST /__stand-in/shops/{shop}/customers  { customers: SeedCustomer[] } added; GET lists them
 *   POST /__stand-in/access-tokens               { shop, accessToken?, scope?, online?, userId? } a token
 *                                                the Admin API accepts (for sessions written by fixtures)
 *   GET  /__stand-in/requests                    the app's recorded requests (?shop= to filter)
 *   GET  /__stand-in/state                       shops, subscriptions, usage records, purchases,
 *                                                webhook subscriptions, deliveries
 *   GET  /__stand-in/subscriptions?shop=         GET /__stand-in/usage-records?shop=
 *   GET  /__stand-in/metafields?shop=            metafields as stored (an app's $app namespace expanded)
 *   POST /__stand-in/subscriptions/status        { id, status } moves it and sends app_subscriptions/update
 *   POST /__stand-in/charges/answer              { shop, id (numeric), approve, kind? } as the buttons do
 *   POST /__stand-in/id-token                    { shop, userId?, apiKey?, secret?, expiresIn? } → { idToken }
 *   POST /__stand-in/webhooks                    { topic, shop, payload, url?, secret?, badHmac?,
 *                                                webhookId?, eventId?, apiVersion? } → delivery
 *   POST /__stand-in/webhooks/replay             { webhookId } resends that delivery byte for byte
 *   POST /__stand-in/fail-next                   { status?=500, body?, count?=1, shop? } the next Admin
 *                                                GraphQL requests fail so
 *   POST /__stand-in/install-link                { shop, appUrl } → { url }: what Shopify opens when the
 *                                                merchant installs from the listing: appUrl?host&shop&
 *                                                timestamp&hmac, signed with the app's secret
 *   POST /__stand-in/delay-next                  { ms, shop? } the next Admin GraphQL request answers late
 *   POST /__stand-in/bulk                        { pollsUntilComplete?, failNext? (an errorCode) } how
 *                                                bulk operations run (see shopify-catalogue.ts)
 *   GET  /__stand-in/bulk                        the bulk operations (?shop= to filter)
 */

/** A queued answer for the next Admin GraphQL request: a status (and body), a delay, or both. */
export type GraphqlFailure = { status?: number; body?: unknown; delayMs?: number; shop?: string };

export type ControlContext = {
  store: ShopifyStore;
  app: () => ShopifyApp | undefined;
  setApp: (app: ShopifyApp) => void;
  imageBase: string;
  deliveries: WebhookDelivery[];
  bulk: BulkOperations;
  failures: GraphqlFailure[];
  requests: Array<{ shop: string; method: string; path: string; body: string }>;
  billing: (shop: string) => BillingContext;
  seed: (seed: SeedShop) => unknown;
  sendWebhook: (input: {
    topic: string;
    shop: string;
    payload: unknown;
    url?: string;
    secret?: string;
    badHmac?: boolean;
    webhookId?: string;
    eventId?: string;
    apiVersion?: string;
  }) => Promise<WebhookDelivery>;
  replay: (webhookId: string) => Promise<WebhookDelivery | undefined>;
  reset: () => void;
};

type Answer = { status: number; body: unknown };
const ok = (body: unknown): Answer => ({ status: 200, body });
const bad = (error: string, status = 400): Answer => ({ status, body: { error } });

export function controlState(c: ControlContext) {
  return {
    app: c.app() ? { apiKey: c.app()!.apiKey, name: c.app()!.name } : null,
    shops: [...c.store.shops.values()],
    subscriptions: c.store.subscriptions,
    usageRecords: c.store.usageRecords,
    purchases: c.store.purchases,
    webhookSubscriptions: c.store.webhookSubscriptions,
    deliveries: c.deliveries,
  };
}

export async function controlAnswer(
  c: ControlContext,
  method: string,
  url: URL,
  body: string,
): Promise<Answer> {
  let json: Record<string, unknown> = {};
  try {
    json = body ? JSON.parse(body) : {};
  } catch {
    return bad("the body must be JSON");
  }
  const path = url.pathname.replace(/^\/__stand-in/, "");
  const shopParam = url.searchParams.get("shop");
  const byShop = <T extends { shop: string }>(list: T[]) =>
    shopParam ? list.filter((x) => x.shop === normaliseShop(shopParam)) : list;
  const shopPath = /^\/shops\/([^/]+)(\/products|\/sms)?$/.exec(path);

  if (method === "POST" && path === "/reset") {
    c.reset();
    return ok({ ok: true });
  }
  if (method === "POST" && path === "/app") {
    if (typeof json.apiKey !== "string" || typeof json.secret !== "string")
      return bad("give apiKey and secret");
    c.setApp({ apiKey: json.apiKey, secret: json.secret, name: String(json.name ?? "Blusteam") });
    return ok({ ok: true });
  }
  if (method === "POST" && path === "/shops") {
    if (typeof json.domain !== "string") return bad("give the shop's domain");
    return ok(c.seed(json as SeedShop));
  }
  const customers = customerControl(c.store, method, path, json, normaliseShop);
  if (customers) return customers;
  if (shopPath) {
    const shop = c.store.shops.get(normaliseShop(decodeURIComponent(shopPath[1]!)));
    if (!shop) return bad(`no shop ${shopPath[1]}`, 404);
    if (method === "GET" && !shopPath[2]) return ok(shop);
    if (method === "POST" && shopPath[2] === "/products") {
      for (const p of (json.products ?? []) as SeedProduct[])
        shop.products.push(c.store.product(p, shop.domain, c.imageBase));
      return ok(shop);
    }
    if (method === "POST" && shopPath[2] === "/sms") {
      shop.smsMarketingEnabled = Boolean(json.enabled);
      return ok(shop);
    }
  }
  if (method === "POST" && path === "/install-link") {
    const app = c.app();
    if (typeof json.shop !== "string" || typeof json.appUrl !== "string") return bad("give shop and appUrl");
    if (!app) return bad("no app configured");
    const shop = normaliseShop(json.shop);
    const query: Record<string, string> = {
      host: Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, "")}`)
        .toString("base64")
        .replace(/=+$/, ""),
      shop,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    const link = new URL(json.appUrl);
    for (const [k, v] of Object.entries({ ...query, hmac: oauthQueryHmac(app.secret, query) }))
      link.searchParams.set(k, v);
    return ok({ url: link.href });
  }
  if (method === "POST" && path === "/access-tokens") {
    if (typeof json.shop !== "string") return bad("give shop");
    const app = c.app();
    const shop = normaliseShop(json.shop);
    c.store.ensureShop(shop, c.imageBase);
    const token = c.store.issueToken({
      shop,
      clientId: app?.apiKey ?? "",
      scope: String(json.scope ?? "read_orders,read_customers,write_customers,read_products,read_checkouts"),
      online: Boolean(json.online),
      userId: json.userId === undefined ? undefined : Number(json.userId),
    });
    if (typeof json.accessToken === "string") {
      c.store.tokens.delete(token.token);
      token.token = json.accessToken;
      c.store.tokens.set(token.token, token);
    }
    return ok({ accessToken: token.token, scope: token.scope });
  }
  if (method === "GET" && path === "/requests") return ok(byShop(c.requests));
  if (method === "GET" && path === "/state") return ok(controlState(c));
  if (method === "GET" && path === "/subscriptions") return ok(byShop(c.store.subscriptions));
  if (method === "GET" && path === "/usage-records") return ok(byShop(c.store.usageRecords));
  if (method === "GET" && path === "/metafields") return ok(byShop(c.store.metafields));
  if (method === "POST" && path === "/subscriptions/status") {
    const sub = c.store.subscriptions.find((s) => s.id === json.id || s.legacyId === Number(json.id));
    if (!sub) return bad(`no subscription ${String(json.id)}`, 404);
    setSubscriptionStatus(c.billing(sub.shop), sub, String(json.status) as SubscriptionStatus);
    return ok(sub);
  }
  if (method === "POST" && path === "/charges/answer") {
    if (typeof json.shop !== "string") return bad("give shop and id");
    try {
      const redirectTo = answerCharge(
        c.billing(normaliseShop(json.shop)),
        String(json.kind ?? "subscription"),
        Number(json.id),
        Boolean(json.approve),
      );
      return ok({ redirectTo });
    } catch (error) {
      return bad(String(error), 404);
    }
  }
  if (method === "POST" && path === "/id-token") {
    const app = c.app();
    const apiKey = typeof json.apiKey === "string" ? json.apiKey : app?.apiKey;
    const secret = typeof json.secret === "string" ? json.secret : app?.secret;
    if (typeof json.shop !== "string" || !apiKey || !secret)
      return bad("give shop (and apiKey, secret when no app is set)");
    return ok({
      idToken: mintIdToken({
        shop: normaliseShop(json.shop),
        userId: json.userId as number | undefined,
        apiKey,
        secret,
        expiresIn: json.expiresIn as number | undefined,
        sessionId: json.sessionId as string | undefined,
      }),
    });
  }
  if (method === "POST" && path === "/webhooks") {
    if (typeof json.topic !== "string" || typeof json.shop !== "string")
      return bad("give topic, shop and payload");
    return ok(
      await c.sendWebhook({ ...(json as { topic: string; shop: string }), payload: json.payload ?? {} }),
    );
  }
  if (method === "POST" && path === "/webhooks/replay") {
    const delivery = await c.replay(String(json.webhookId));
    return delivery ? ok(delivery) : bad(`no delivery ${String(json.webhookId)}`, 404);
  }
  if (method === "POST" && path === "/fail-next") {
    const count = Number(json.count ?? 1);
    for (let i = 0; i < count; i++)
      c.failures.push({
        status: Number(json.status ?? 500),
        body: json.body ?? { errors: "Internal Server Error" },
        shop: typeof json.shop === "string" ? normaliseShop(json.shop) : undefined,
      });
    return ok({ ok: true });
  }
  if (method === "POST" && path === "/delay-next") {
    c.failures.push({
      delayMs: Number(json.ms ?? 0),
      shop: typeof json.shop === "string" ? normaliseShop(json.shop) : undefined,
    });
    return ok({ ok: true });
  }
  if (method === "POST" && path === "/bulk") {
    if (json.pollsUntilComplete !== undefined)
      c.bulk.settings.pollsUntilComplete = Math.max(0, Number(json.pollsUntilComplete));
    if (json.failNext !== undefined) c.bulk.settings.failNext = json.failNext ? String(json.failNext) : null;
    return ok(c.bulk.settings);
  }
  if (method === "GET" && path === "/bulk")
    return ok(byShop(c.bulk.operations).map(({ jsonl: _jsonl, ...op }) => op));
  return bad(`no stand-in control ${method} ${url.pathname}`, 404);
}
