import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DeliveryMethod, RequestedTokenType, type Session } from "@shopify/shopify-api";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { SHOPIFY_ADMIN_API_VERSION } from "~/services/shopify/api-versions";
import { shopifyApiOrNull, shopifyOriginFor } from "~/services/shopify/shopify.server";
import {
  SHOPIFY_TEST_API_KEY,
  SHOPIFY_TEST_API_SECRET,
  SHOPIFY_TEST_SHOP,
  setUpShopifyStandIn,
  shopifyWebhookRequest,
  testIdToken,
} from "../support/shopify-test-env";

/**
 * The Shopify stand-in speaks Shopify's protocol to the official library, unchanged: OAuth (begin,
 * the install page, callback), token exchange, the Admin GraphQL client, billing, and webhooks that
 * the library's own validation accepts.
 */

const received: Array<{ body: string; headers: Record<string, string> }> = [];
let hooks: Server;
let hooksUrl = "";
beforeAll(async () => {
  // The app's webhook endpoint: keeps each delivery to check its signature with the library.
  hooks = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ body, headers: req.headers as Record<string, string> });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
  hooksUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/webhooks/shopify/{topic}`;
});
afterAll(() => new Promise<void>((resolve) => hooks.close(() => resolve())));

const standIn = setUpShopifyStandIn();

function api() {
  const shopify = shopifyApiOrNull();
  if (!shopify) throw new Error("Shopify is configured by setUpShopifyStandIn");
  return shopify;
}

/** auth.begin → the stand-in's install page → Install → the redirect the app's callback receives. */
async function installThroughOAuth(isOnline = false) {
  const begin = (await api().auth.begin({
    shop: SHOPIFY_TEST_SHOP,
    callbackPath: "/auth/callback",
    isOnline,
    rawRequest: new Request("http://localhost:3000/auth?shop=demo-shop.myshopify.com"),
  })) as Response;
  expect(begin.status).toBe(302);
  const authorize = new URL(begin.headers.get("location")!);
  expect(authorize.origin).toBe(`https://${SHOPIFY_TEST_SHOP}`);
  const standInAuthorize = `${shopifyOriginFor(SHOPIFY_TEST_SHOP)}${authorize.pathname}${authorize.search}`;
  const installPage = await fetch(standInAuthorize);
  const html = await installPage.text();
  expect(html).toContain("Install Blusteam on Demo Shop");
  expect(html).toContain("read_products");
  expect(html).toContain(">Install app</button>");
  const pressed = await fetch(`${shopifyOriginFor(SHOPIFY_TEST_SHOP)}/admin/oauth/authorize`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: authorize.searchParams.toString(),
    redirect: "manual",
  });
  expect(pressed.status).toBe(302);
  const callbackUrl = new URL(pressed.headers.get("location")!);
  const cookie = begin.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { callbackUrl, cookie };
}

test("OAuth: the library's callback accepts the stand-in's signed redirect and gets an offline token", async () => {
  const { callbackUrl, cookie } = await installThroughOAuth();
  expect(callbackUrl.pathname).toBe("/auth/callback");
  expect([...callbackUrl.searchParams.keys()].sort()).toEqual([
    "code",
    "hmac",
    "host",
    "shop",
    "state",
    "timestamp",
  ]);
  expect(Buffer.from(callbackUrl.searchParams.get("host")!, "base64").toString()).toBe(
    "admin.shopify.com/store/demo-shop",
  );
  const { session } = await api().auth.callback({
    rawRequest: new Request(callbackUrl.href, { headers: { Cookie: cookie } }),
  });
  expect(session.isOnline).toBe(false);
  expect(session.shop).toBe(SHOPIFY_TEST_SHOP);
  expect(session.accessToken).toMatch(/^shpat_/);
  // What the library asked for (it drops read_customers, implied by write_customers).
  expect(session.scope).toBe("read_orders,write_customers,read_products,read_checkouts");

  // A code works once; a tampered redirect fails the library's HMAC check.
  const again = await fetch(`${standIn().url}/${SHOPIFY_TEST_SHOP}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_id: SHOPIFY_TEST_API_KEY,
      client_secret: SHOPIFY_TEST_API_SECRET,
      code: callbackUrl.searchParams.get("code"),
    }),
  });
  expect(again.status).toBe(400);
  expect(await again.json()).toEqual({
    error: "invalid_request",
    error_description: "The authorization code was not found or was already used",
  });
  const tampered = await installThroughOAuth();
  vi.spyOn(console, "error").mockImplementation(() => {}); // the library logs the refused callback
  tampered.callbackUrl.searchParams.set("shop", "other-shop.myshopify.com");
  await expect(
    api().auth.callback({
      rawRequest: new Request(tampered.callbackUrl.href, { headers: { Cookie: tampered.cookie } }),
    }),
  ).rejects.toThrow(/Invalid OAuth callback/);
});

test("OAuth: per-user grant gives an online token; unknown apps and wrong secrets are refused", async () => {
  const { callbackUrl, cookie } = await installThroughOAuth(true);
  const { session } = await api().auth.callback({
    rawRequest: new Request(callbackUrl.href, { headers: { Cookie: cookie } }),
  });
  expect(session.isOnline).toBe(true);
  expect(session.onlineAccessInfo?.associated_user.email).toBe("staff1@demo-shop.example");

  const unknown = await fetch(
    `${standIn().url}/${SHOPIFY_TEST_SHOP}/admin/oauth/authorize?client_id=nope&scope=read_products&redirect_uri=http://localhost/cb&state=1`,
  );
  expect(unknown.status).toBe(400);
  expect(await unknown.text()).toContain("Oauth error invalid_request");

  const badSecret = await fetch(`${standIn().url}/${SHOPIFY_TEST_SHOP}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      client_id: SHOPIFY_TEST_API_KEY,
      client_secret: "wrong",
      code: "x",
    }).toString(),
  });
  expect(badSecret.status).toBe(400);
  expect((await badSecret.json()).error).toBe("invalid_client");
});

test("token exchange: offline and online sessions from an id_token; a forged one is refused", async () => {
  const offline = await api().auth.tokenExchange({
    shop: SHOPIFY_TEST_SHOP,
    sessionToken: testIdToken(),
    requestedTokenType: RequestedTokenType.OfflineAccessToken,
  });
  expect(offline.session.isOnline).toBe(false);
  expect(offline.session.id).toBe(`offline_${SHOPIFY_TEST_SHOP}`);
  expect(offline.session.accessToken).toMatch(/^shpat_/);

  const online = await api().auth.tokenExchange({
    shop: SHOPIFY_TEST_SHOP,
    sessionToken: testIdToken({ userId: 42 }),
    requestedTokenType: RequestedTokenType.OnlineAccessToken,
  });
  expect(online.session.isOnline).toBe(true);
  expect(online.session.id).toBe(`${SHOPIFY_TEST_SHOP}_42`);
  expect(online.session.onlineAccessInfo?.associated_user).toMatchObject({
    id: 42,
    account_owner: false,
    locale: "en",
  });
  expect(online.session.expires!.getTime()).toBeGreaterThan(Date.now());

  // The library checks the signature itself first; the stand-in refuses as Shopify does too.
  const forged = testIdToken({ secret: "not-the-secret" });
  const response = await fetch(`${standIn().url}/${SHOPIFY_TEST_SHOP}/admin/oauth/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      client_id: SHOPIFY_TEST_API_KEY,
      client_secret: SHOPIFY_TEST_API_SECRET,
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      subject_token: forged,
      subject_token_type: "urn:ietf:params:oauth:token-type:id_token",
      requested_token_type: "urn:shopify:params:oauth:token-type:offline-access-token",
    }),
  });
  expect(response.status).toBe(400);
  expect((await response.json()).error).toBe("invalid_subject_token");
});

async function offlineSession(): Promise<Session> {
  return (
    await api().auth.tokenExchange({
      shop: SHOPIFY_TEST_SHOP,
      sessionToken: testIdToken(),
      requestedTokenType: RequestedTokenType.OfflineAccessToken,
    })
  ).session;
}

test("Admin GraphQL through the library's client: shop, products with pages and search", async () => {
  const client = new (api().clients.Graphql)({ session: await offlineSession() });
  const first = await client.request<{
    shop: {
      name: string;
      myshopifyDomain: string;
      currencyCode: string;
      plan: { displayName: string };
      marketingSmsConsentEnabledAtCheckout: boolean;
    };
    products: {
      nodes: Array<{
        title: string;
        productType: string;
        featuredImage: { url: string } | null;
        variants: { nodes: Array<{ price: string }> };
      }>;
      pageInfo: { hasNextPage: boolean; endCursor: string };
    };
  }>(
    `query Start($first: Int!) {
      shop { name myshopifyDomain currencyCode plan { displayName } marketingSmsConsentEnabledAtCheckout }
      products(first: $first) {
        nodes { title productType featuredImage { url altText } variants(first: 5) { nodes { id sku price } } }
        pageInfo { hasNextPage endCursor }
      }
    }`,
    { variables: { first: 3 } },
  );
  expect(first.data?.shop).toEqual({
    name: "Demo Shop",
    myshopifyDomain: SHOPIFY_TEST_SHOP,
    currencyCode: "USD",
    plan: { displayName: "Basic" },
    marketingSmsConsentEnabledAtCheckout: false,
  });
  expect(first.data?.products.nodes.map((p) => p.title)).toEqual([
    "Classic Tee",
    "Linen Shirt",
    "Canvas Sneakers",
  ]);
  expect(first.data!.products.nodes[0]!.variants.nodes[0]!.price).toBe("25.00");
  expect(first.data?.products.pageInfo.hasNextPage).toBe(true);
  const picture = await fetch(first.data!.products.nodes[0]!.featuredImage!.url);
  expect(picture.headers.get("content-type")).toBe("image/svg+xml");

  const rest = await client.request<{
    products: { edges: Array<{ node: { title: string } }>; pageInfo: { hasNextPage: boolean } };
  }>(
    `query More($after: String) { products(first: 10, after: $after) { edges { cursor node { title } } pageInfo { hasNextPage } } }`,
    { variables: { after: first.data!.products.pageInfo.endCursor } },
  );
  expect(rest.data?.products.edges.map((e) => e.node.title)).toEqual(["Trail Boots", "Leather Belt"]);
  expect(rest.data?.products.pageInfo.hasNextPage).toBe(false);

  const shoes = await client.request<{ products: { nodes: Array<{ title: string }> } }>(
    `{ products(first: 10, query: "product_type:shoes") { nodes { title } } }`,
  );
  expect(shoes.data?.products.nodes.map((p) => p.title)).toEqual(["Canvas Sneakers", "Trail Boots"]);
});

test("Admin GraphQL: unknown fields, foreign tokens and queued failures answer as Shopify does", async () => {
  const session = await offlineSession();
  const client = new (api().clients.Graphql)({ session });
  await expect(client.request(`{ shop { name nonsense } }`)).rejects.toThrow(
    /Field 'nonsense' doesn't exist on type 'Shop'/,
  );

  const raw = (token: string) =>
    fetch(`${standIn().url}/${SHOPIFY_TEST_SHOP}/admin/api/${SHOPIFY_ADMIN_API_VERSION}/graphql.json`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token },
      body: JSON.stringify({ query: "{ shop { name } }" }),
    });
  expect((await raw("shpat_made_up")).status).toBe(401);
  expect((await raw(session.accessToken!)).status).toBe(200);
  standIn().failNextGraphql();
  expect((await raw(session.accessToken!)).status).toBe(500);
  expect((await raw(session.accessToken!)).status).toBe(200);

  await standIn().control("POST", `/shops/${SHOPIFY_TEST_SHOP}/sms`, { enabled: true });
  const sms = await client.request<{ shop: { marketingSmsConsentEnabledAtCheckout: boolean } }>(
    `{ shop { marketingSmsConsentEnabledAtCheckout } }`,
  );
  expect(sms.data?.shop.marketingSmsConsentEnabledAtCheckout).toBe(true);
});

test("webhooks the helpers sign pass the library's validation; tampered ones fail", async () => {
  const request = shopifyWebhookRequest({ topic: "orders/create", payload: { id: 1, total_price: "10.00" } });
  const body = await request.clone().text();
  expect(await api().webhooks.validate({ rawBody: body, rawRequest: request })).toMatchObject({
    valid: true,
    topic: "ORDERS_CREATE",
    domain: SHOPIFY_TEST_SHOP,
  });
  const tamperedBody = body.replace("10.00", "0.01");
  const tampered = await api().webhooks.validate({ rawBody: tamperedBody, rawRequest: request });
  expect(tampered).toMatchObject({ valid: false, reason: "invalid_hmac" });
  const badHmac = shopifyWebhookRequest({ topic: "orders/create", payload: {}, badHmac: true });
  expect(await api().webhooks.validate({ rawBody: "{}", rawRequest: badHmac })).toMatchObject({
    valid: false,
  });

  // The stand-in's control sends the same, and replays a delivery with the same webhook id.
  const sent = await standIn().sendWebhook({
    topic: "customers/update",
    shop: SHOPIFY_TEST_SHOP,
    payload: { id: 7 },
    url: hooksUrl.replace("{topic}", "customers/update"),
  });
  expect(sent.status).toBe(200);
  const replayed = await standIn().control("POST", "/webhooks/replay", { webhookId: sent.webhookId });
  expect((replayed.body as { webhookId: string }).webhookId).toBe(sent.webhookId);
});

test("webhook registration through the library: created once, then left alone", async () => {
  const session = await offlineSession();
  api().webhooks.addHandlers({
    APP_UNINSTALLED: {
      deliveryMethod: DeliveryMethod.Http,
      callbackUrl: "/webhooks/shopify/app/uninstalled",
    },
  });
  const first = await api().webhooks.register({ session });
  expect(first.APP_UNINSTALLED?.[0]).toMatchObject({ success: true, operation: "create" });
  expect(standIn().store.webhookSubscriptions).toMatchObject([
    { topic: "APP_UNINSTALLED", callbackUrl: "http://localhost:3000/webhooks/shopify/app/uninstalled" },
  ]);
  const second = await api().webhooks.register({ session });
  expect(second.APP_UNINSTALLED).toEqual([]);
  expect(standIn().store.webhookSubscriptions).toHaveLength(1);
});

test("expiring offline tokens come with a refresh token the library can trade once", async () => {
  const { session } = await api().auth.tokenExchange({
    shop: SHOPIFY_TEST_SHOP,
    sessionToken: testIdToken(),
    requestedTokenType: RequestedTokenType.OfflineAccessToken,
    expiring: true,
  });
  expect(session.expires!.getTime()).toBeGreaterThan(Date.now());
  expect(session.refreshToken).toMatch(/^shprt_/);
  const refreshed = await api().auth.refreshToken({
    shop: SHOPIFY_TEST_SHOP,
    refreshToken: session.refreshToken!,
  });
  expect(refreshed.session.accessToken).not.toBe(session.accessToken);
  await expect(
    api().auth.refreshToken({ shop: SHOPIFY_TEST_SHOP, refreshToken: session.refreshToken! }),
  ).rejects.toThrow();
});
