import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { adminSchemaFor } from "../shopify-admin-schema";
import { adminRoots } from "./shopify-admin";
import { prepareAgainstSchema } from "./shopify-admin-execution";
import { BulkOperations, catalogueRoots } from "./shopify-catalogue";
import { type BillingContext, chargePage } from "./shopify-charges";
import { type ControlContext, controlAnswer, controlState, type GraphqlFailure } from "./shopify-controls";
import {
  accessToken,
  approveInstall,
  authorizePage,
  type HttpAnswer,
  managedInstall,
  type ShopifyApp,
} from "./shopify-oauth";
import { productPicture } from "./shopify-pages";
import { postWebhook, type WebhookDelivery, type WebhookInput } from "./shopify-signing";
import { normaliseShop, type SeedShop, ShopifyStore } from "./shopify-store";

/**
 * Shopify, locally, for the Shopify tests: an HTTP server the official libraries talk to through
 * SHOPIFY_API_URL (https://{shop}/PATH becomes {url}/{shop}/PATH), speaking:
 *   GET/POST /{shop}/admin/oauth/authorize      install page; Install → redirect_uri?code&hmac&host&shop&state&timestamp
 *   GET/POST /{shop}/admin/oauth/install        managed install page (scope, optional_scopes); Install grants them
 *   POST     /{shop}/admin/oauth/access_token   code (once), token exchange (offline/online), refresh_token
 *   POST     /{shop}/admin/api/{version}/graphql.json   Admin GraphQL, X-Shopify-Access-Token of that shop
 *   GET/POST /{shop}/admin/charges/confirm?id=&kind=    the charge page: Approve / Decline →
 *            app_subscriptions/update webhook, then 303 to the returnUrl with charge_id
 *   GET      /cdn/shop/files/{name}.svg          product pictures (served here, so offline browsers load them)
 *   /__stand-in/...                              JSON controls (see shopify-controls.ts)
 *   GET      /__bulk/{id}.jsonl                  a bulk operation's result file
 * GraphQL fields answered: see shopify-admin.ts (shop incl. marketingSmsConsentEnabledAtCheckout,
 * products, product, productsCount, nodes, currentAppInstallation, app, webhookSubscriptions),
 * shopify-products.ts, shopify-catalogue.ts (productVariants, productVariantsCount, bulk operations),
 * shopify-billing.ts and shopify-charges.ts. Every Admin GraphQL request goes through Shopify's own
 * schema of the version in its URL (shopify-admin-execution.ts): validated, costed and refused above
 * 1,000 points, charged to the shop's leaky bucket (THROTTLED when it has no room; extensions.cost
 * as Shopify reports it), and answered in the schema's shapes.
 */

export { mintIdToken, signedWebhook, webhookHmac } from "./shopify-signing";
export type { SeedProduct, SeedShop } from "./shopify-store";

export type ShopifyRecordedRequest = {
  shop: string;
  method: string;
  /** With the query string, without the /{shop} prefix. */
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** When it arrived (Date.now()). */
  at: number;
};

/** Shopify's leaky bucket of the app in one store (extensions.cost.throttleStatus). */
export type ThrottleStatus = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
/** A standard plan's bucket: 2,000 points, refilled at 100 a second. */
const STANDARD_BUCKET: ThrottleStatus = {
  maximumAvailable: 2000,
  currentlyAvailable: 2000,
  restoreRate: 100,
};

export type ShopifyStandInOptions = {
  /** The app the stand-in knows (its OAuth client); more can be set later with setApp. */
  app?: ShopifyApp;
  port?: number;
  /**
   * Where Shopify-made webhooks (app_subscriptions/update after a charge answer) go when the app has
   * not registered a subscription for the topic: `{topic}` is replaced with e.g. app_subscriptions/update,
   * `{topic-segment}` with the app's address segment for it, app-subscriptions-update (shopify.app.toml).
   */
  webhookUrl?: string;
  /**
   * The Admin API version the app speaks: its schema is built at start (about a second of CPU), not
   * by the first request a test makes.
   */
  apiVersion?: string;
};

export type ShopifyStandIn = {
  url: string;
  store: ShopifyStore;
  /** The app's requests to /{shop}/..., oldest first. */
  requests: ShopifyRecordedRequest[];
  deliveries: WebhookDelivery[];
  /** Adds or replaces a shop (its products too, when given). */
  seedShop: (seed: SeedShop) => ReturnType<ShopifyStore["seedShop"]>;
  setApp: (app: ShopifyApp) => void;
  setWebhookUrl: (url: string | undefined) => void;
  /** The next Admin GraphQL requests (of one shop, or any) get this answer instead. */
  failNextGraphql: (failure?: Partial<GraphqlFailure>, count?: number) => void;
  /** The next Admin GraphQL request (of one shop, or any) is answered this much later. */
  delayNextGraphql: (ms: number, shop?: string) => void;
  /**
   * Sets a shop's rate-limit bucket (it starts refilling at its restore rate at the shop's next
   * request): a request asking more than is available is answered THROTTLED, as Shopify does.
   */
  setThrottle: (shop: string, status: Partial<ThrottleStatus>) => void;
  /** Sends a webhook signed with the app's secret (or `secret`) to `url` or the topic's URL. */
  sendWebhook: ControlContext["sendWebhook"];
  /** Runs a JSON control as a spec would over HTTP (path without /__stand-in). */
  control: (
    method: "GET" | "POST",
    path: string,
    body?: unknown,
  ) => Promise<{ status: number; body: unknown }>;
  state: () => ReturnType<typeof controlState>;
  /** Waits until every webhook the stand-in sent on its own has been answered. */
  deliveriesSettled: () => Promise<void>;
  reset: () => void;
  close: () => Promise<void>;
};

export async function startShopifyStandIn(options: ShopifyStandInOptions = {}): Promise<ShopifyStandIn> {
  if (options.apiVersion) adminSchemaFor(options.apiVersion);
  const store = new ShopifyStore();
  const requests: ShopifyRecordedRequest[] = [];
  const deliveries: WebhookDelivery[] = [];
  const bulk = new BulkOperations();
  let failures: GraphqlFailure[] = [];
  const buckets = new Map<string, { status: ThrottleStatus; at: number | null }>();
  let app = options.app;
  let webhookUrl = options.webhookUrl;
  let chain: Promise<unknown> = Promise.resolve();
  let url = "";

  // A topic's URL: the app's own subscription for it in that shop, else the configured template.
  function urlForTopic(topic: string, shop: string): string | undefined {
    const enumName = topic.toUpperCase().replace(/[/.]/g, "_");
    const registered = store.webhookSubscriptions.find(
      (w) => w.shop === shop && w.topic === enumName && /^https?:/.test(w.callbackUrl),
    );
    return (
      registered?.callbackUrl ??
      webhookUrl?.replace("{topic}", topic).replace("{topic-segment}", topic.replace(/[/_]/g, "-"))
    );
  }

  async function sendWebhook(input: Parameters<ControlContext["sendWebhook"]>[0]): Promise<WebhookDelivery> {
    const shop = normaliseShop(input.shop);
    const target = input.url ?? urlForTopic(input.topic, shop);
    const secret = input.secret ?? app?.secret;
    if (!target || !secret) {
      const missing: WebhookDelivery = {
        url: target ?? "",
        topic: input.topic,
        shop,
        webhookId: "",
        eventId: "",
        headers: {},
        body: "",
        status: null,
        error: "no webhook URL or app secret configured",
      };
      deliveries.push(missing);
      return missing;
    }
    const delivery = await postWebhook({ ...input, shop, url: target, secret } satisfies WebhookInput);
    deliveries.push(delivery);
    return delivery;
  }

  // Webhooks Shopify sends by itself go one at a time, in order, after the answer that caused them.
  function queueWebhook(shop: string, topic: string, payload: unknown) {
    const next = chain.then(() => sendWebhook({ topic, shop, payload }));
    chain = next.catch(() => undefined);
  }

  const billing = (shop: string): BillingContext => ({
    store,
    shop,
    shopOrigin: `${url}/${shop}`,
    sendWebhook: (topic, payload) => queueWebhook(shop, topic, payload),
  });

  const settled = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    await chain;
  };

  const controls: ControlContext = {
    store,
    app: () => app,
    setApp: (next) => {
      app = next;
    },
    get imageBase() {
      return url;
    },
    deliveries,
    bulk,
    get failures() {
      return failures;
    },
    requests,
    billing,
    seed: (seed) => store.seedShop(seed, url),
    sendWebhook,
    replay: async (webhookId) => {
      const earlier = deliveries.find((d) => d.webhookId === webhookId && d.body);
      if (!earlier) return undefined;
      const delivery: WebhookDelivery = { ...earlier, status: null, response: undefined, error: undefined };
      try {
        const response = await fetch(earlier.url, {
          method: "POST",
          headers: earlier.headers,
          body: earlier.body,
        });
        delivery.status = response.status;
        delivery.response = (await response.text()).slice(0, 2000);
      } catch (error) {
        delivery.error = String(error);
      }
      deliveries.push(delivery);
      return delivery;
    },
    reset: () => {
      store.clear();
      bulk.reset();
      requests.length = 0;
      deliveries.length = 0;
      failures = [];
      buckets.clear();
    },
  };

  // The bucket as it is now: refilled at its restore rate since it was last charged (a bucket a test
  // set starts refilling at the shop's next request, so that how long the test took to get there does
  // not matter).
  function bucketOf(shop: string): ThrottleStatus {
    const bucket = buckets.get(shop) ?? { status: { ...STANDARD_BUCKET }, at: null };
    const now = Date.now();
    if (bucket.at === null) {
      buckets.set(shop, { status: bucket.status, at: now });
      return { ...bucket.status };
    }
    const { maximumAvailable, restoreRate } = bucket.status;
    const refilled = bucket.status.currentlyAvailable + ((now - bucket.at) / 1000) * restoreRate;
    const status = { ...bucket.status, currentlyAvailable: Math.min(maximumAvailable, refilled) };
    buckets.set(shop, { status, at: now });
    return status;
  }

  function graphql(shop: string, version: string, req: IncomingMessage, body: string): HttpAnswer {
    const json = (status: number, value: unknown): HttpAnswer => ({
      status,
      body: JSON.stringify(value),
      contentType: "application/json",
    });
    const token = req.headers["x-shopify-access-token"];
    const issued = typeof token === "string" ? store.tokens.get(token) : undefined;
    if (!issued || issued.shop !== shop || (issued.expiresAt && issued.expiresAt < Date.now()))
      return json(401, {
        errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
      });
    const shopRecord = store.shops.get(shop);
    if (!shopRecord) return json(404, { errors: "Not Found" });
    let request: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      request = JSON.parse(body);
    } catch {
      return json(400, { errors: { query: "Required parameter missing or invalid" } });
    }
    if (typeof request.query !== "string")
      return json(400, { errors: { query: "Required parameter missing or invalid" } });
    const webhooks: Array<[string, unknown]> = [];
    const prepared = prepareAgainstSchema({
      version,
      query: request.query,
      variables: (request.variables ?? {}) as Record<string, unknown>,
      operationName: typeof request.operationName === "string" ? request.operationName : undefined,
      roots: catalogueRoots(
        adminRoots(
          shopRecord,
          { ...billing(shop), sendWebhook: (topic, payload) => webhooks.push([topic, payload]) },
          app?.apiKey ?? "",
        ),
        shopRecord,
        bulk,
        url,
      ),
    });
    const bucket = bucketOf(shop);
    const throttleStatus = () => ({ ...bucket, currentlyAvailable: Math.floor(bucket.currentlyAvailable) });
    if (prepared.kind === "refused") return json(200, prepared.result);
    // Shopify's leaky bucket: the requested cost must fit before the query runs; the difference to
    // the actual cost is given back afterwards.
    if (prepared.requestedCost > bucket.currentlyAvailable)
      return json(200, {
        errors: [
          {
            message: "Throttled",
            extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
          },
        ],
        extensions: {
          cost: {
            requestedQueryCost: prepared.requestedCost,
            actualQueryCost: null,
            throttleStatus: throttleStatus(),
          },
        },
      });
    // Mutations the stand-in runs change its store: when the answer turns out to break Shopify's
    // schema (a stand-in defect, thrown), they are undone and their webhooks are not sent.
    const before = structuredClone({
      subscriptions: store.subscriptions,
      usageRecords: store.usageRecords,
      purchases: store.purchases,
      webhookSubscriptions: store.webhookSubscriptions,
      metafields: store.metafields,
    });
    let ran: ReturnType<typeof prepared.run>;
    try {
      ran = prepared.run();
    } catch (error) {
      Object.assign(store, before);
      throw error;
    }
    for (const [topic, payload] of webhooks) queueWebhook(shop, topic, payload);
    bucket.currentlyAvailable -= ran.actualCost;
    buckets.set(shop, { status: bucket, at: Date.now() });
    const cost = {
      requestedQueryCost: prepared.requestedCost,
      actualQueryCost: ran.actualCost,
      throttleStatus: throttleStatus(),
    };
    return json(200, { ...ran.result, extensions: { cost } });
  }

  async function handle(req: IncomingMessage, body: string): Promise<HttpAnswer> {
    const method = req.method ?? "GET";
    const target = new URL(req.url ?? "/", "http://stand-in");
    const path = target.pathname;
    if (path.startsWith("/__stand-in/")) {
      const answer = await controlAnswer(controls, method, target, body);
      return { status: answer.status, body: JSON.stringify(answer.body), contentType: "application/json" };
    }
    const bulkFile = /^\/__bulk\/(\d+)\.jsonl$/.exec(path);
    if (bulkFile && method === "GET") {
      const file = bulk.file(bulkFile[1]!);
      return file === undefined
        ? { status: 404, body: "NoSuchKey", contentType: "application/xml" }
        : { status: 200, body: file, contentType: "application/jsonl" };
    }
    const picture = /^\/cdn\/shop\/files\/([^/]+)$/.exec(path);
    if (picture && method === "GET")
      return { status: 200, body: productPicture(picture[1]!), contentType: "image/svg+xml" };
    const shopMatch = /^\/([a-z0-9][a-z0-9-]*\.myshopify\.com)(\/.*)$/.exec(path);
    if (!shopMatch) return { status: 404, body: "Not Found", contentType: "text/plain" };
    const shop = shopMatch[1]!;
    const rest = shopMatch[2]!;
    requests.push({
      shop,
      method,
      path: `${rest}${target.search}`,
      headers: req.headers,
      body,
      at: Date.now(),
    });
    const contentType = String(req.headers["content-type"] ?? "");
    const html = (r: { status: number; html: string }): HttpAnswer => ({
      status: r.status,
      body: r.html,
      contentType: "text/html; charset=utf-8",
    });

    if (rest === "/admin/oauth/authorize" && method === "GET") {
      const storeName = store.shops.get(shop)?.name ?? shop;
      return html(authorizePage(app, shop, target.searchParams, storeName));
    }
    if (rest === "/admin/oauth/authorize" && method === "POST")
      return approveInstall(app, store, shop, new URLSearchParams(body));
    if (rest === "/admin/oauth/install")
      return html(
        managedInstall(
          app,
          store,
          shop,
          method,
          method === "POST" ? new URLSearchParams(body) : target.searchParams,
          url,
        ),
      );
    if (rest === "/admin/oauth/access_token" && method === "POST")
      return accessToken(app, store, shop, body, contentType, url);
    const graphqlVersion = /^\/admin\/api\/([^/]+)\/graphql\.json$/.exec(rest)?.[1];
    if (graphqlVersion && method === "POST") {
      // A queued failure or delay (fail-next, delay-next) for this shop's next Admin API request.
      const index = failures.findIndex((f) => !f.shop || f.shop === shop);
      const queued = index >= 0 ? failures.splice(index, 1)[0] : undefined;
      if (queued?.delayMs) await new Promise((resolve) => setTimeout(resolve, queued.delayMs));
      if (queued?.status)
        return { status: queued.status, body: JSON.stringify(queued.body), contentType: "application/json" };
      return graphql(shop, graphqlVersion, req, body);
    }
    if (rest === "/admin/charges/confirm")
      return chargePage(billing(shop), method, target.searchParams, body, settled);
    return { status: 404, body: JSON.stringify({ errors: "Not Found" }), contentType: "application/json" };
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      handle(req, Buffer.concat(chunks).toString("utf8"))
        .then((answer) => {
          if (res.destroyed) return;
          res.writeHead(answer.status, {
            "Content-Type": answer.contentType ?? "text/plain",
            ...answer.headers,
          });
          res.end(answer.body);
        })
        .catch((error: unknown) => {
          if (res.headersSent || res.destroyed) return;
          res.writeHead(500, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ errors: `Stand-in failure: ${String(error)}` }));
        });
    });
  });
  // Node closes a keep-alive connection idle for 5 s; a client reusing it at that moment gets
  // "fetch failed" (seen on a loaded machine between two tests' requests). Idle connections are kept
  // longer than any pause in a test, so the client is always the one to close them.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    store,
    requests,
    deliveries,
    seedShop: (seed) => store.seedShop(seed, url),
    setApp: (next) => {
      app = next;
    },
    setWebhookUrl: (next) => {
      webhookUrl = next;
    },
    failNextGraphql: (failure = {}, count = 1) => {
      for (let i = 0; i < count; i++)
        failures.push({
          status: failure.status ?? 500,
          body: failure.body ?? { errors: "Internal Server Error" },
          shop: failure.shop ? normaliseShop(failure.shop) : undefined,
        });
    },
    delayNextGraphql: (ms, shop) => {
      failures.push({ delayMs: ms, shop: shop ? normaliseShop(shop) : undefined });
    },
    setThrottle: (shop, status) => {
      buckets.set(normaliseShop(shop), { status: { ...STANDARD_BUCKET, ...status }, at: null });
    },
    sendWebhook,
    control: (method, path, body) =>
      controlAnswer(
        controls,
        method,
        new URL(`/__stand-in${path}`, url),
        body === undefined ? "" : JSON.stringify(body),
      ),
    state: () => controlState(controls),
    deliveriesSettled: settled,
    reset: controls.reset,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
