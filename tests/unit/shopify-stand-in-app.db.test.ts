import { expect, test } from "vitest";
import { shopifySessions } from "#db/schema";
import { shopifyAppOrNull } from "~/services/shopify/shopify.server";
import {
  SHOPIFY_TEST_SHOP,
  setUpShopifyStandIn,
  shopifyWebhookRequest,
  testIdToken,
} from "../support/shopify-test-env";
import { describeEachDatabase } from "../support/test-database";

/**
 * The app's own Shopify instance (@shopify/shopify-app-react-router, sessions in our database)
 * against the stand-in: an embedded request's id_token is exchanged for tokens the Admin API then
 * accepts, work outside a request finds the stored offline session, and webhooks authenticate.
 */

const standIn = setUpShopifyStandIn();

function app() {
  const shopify = shopifyAppOrNull();
  if (!shopify) throw new Error("Shopify is configured by setUpShopifyStandIn");
  return shopify;
}

describeEachDatabase("the app's Shopify instance against the stand-in", (getDb) => {
  test("authenticate.admin exchanges the id_token, stores the session, and admin.graphql reaches the store", async () => {
    const request = new Request(`http://localhost:3000/app/products?shop=${SHOPIFY_TEST_SHOP}`, {
      headers: { Authorization: `Bearer ${testIdToken({ userId: 5 })}` },
    });
    const { admin, session } = await app().authenticate.admin(request);
    expect(session.shop).toBe(SHOPIFY_TEST_SHOP);
    const response = await admin.graphql("{ shop { name } products(first: 2) { nodes { title } } }");
    expect(await response.json()).toMatchObject({
      data: {
        shop: { name: "Demo Shop" },
        products: { nodes: [{ title: "Classic Tee" }, { title: "Linen Shirt" }] },
      },
    });
    const stored = await getDb().select().from(shopifySessions);
    expect(stored.map((s) => s.id)).toContain(`offline_${SHOPIFY_TEST_SHOP}`);
    expect(standIn().requests.filter((r) => r.path === "/admin/oauth/access_token").length).toBeGreaterThan(
      0,
    );

    // Outside a request: the stored offline session.
    const { admin: offline } = await app().unauthenticated.admin(SHOPIFY_TEST_SHOP);
    const shop = await offline.graphql("{ shop { myshopifyDomain marketingSmsConsentEnabledAtCheckout } }");
    expect(await shop.json()).toMatchObject({
      data: { shop: { myshopifyDomain: SHOPIFY_TEST_SHOP, marketingSmsConsentEnabledAtCheckout: false } },
    });
  });

  test("scopes: the granted ones are read back, and the install page grants more", async () => {
    const request = new Request(`http://localhost:3000/app?shop=${SHOPIFY_TEST_SHOP}`, {
      headers: { Authorization: `Bearer ${testIdToken()}` },
    });
    const { scopes } = await app().authenticate.admin(request);
    const detail = await scopes.query();
    expect(detail.granted).toEqual(expect.arrayContaining(["read_products", "read_orders"]));
    expect(detail.granted).not.toContain("write_products");
    const redirect = await scopes.request(["write_products"]).catch((thrown: unknown) => thrown);
    expect(redirect).toBeInstanceOf(Response);
    const location = new URL(
      (redirect as Response).headers.get("X-Shopify-API-Request-Failure-Reauthorize-Url") ??
        (redirect as Response).headers.get("Location")!,
    );
    expect(location.pathname).toBe("/admin/oauth/install");
    const installUrl = `${standIn().url}/${SHOPIFY_TEST_SHOP}/admin/oauth/install${location.search}`;
    expect(await (await fetch(installUrl)).text()).toContain("<li>write_products</li>");
    const installed = await fetch(installUrl.split("?")[0]!, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: location.searchParams.toString(),
    });
    expect(await installed.text()).toContain("Blusteam is installed on Demo Shop");
    expect((await scopes.query()).granted).toContain("write_products");
  });

  test("an id_token signed with another secret gets no session", async () => {
    const request = new Request(`http://localhost:3000/app?shop=${SHOPIFY_TEST_SHOP}`, {
      headers: { Authorization: `Bearer ${testIdToken({ secret: "someone-else" })}` },
    });
    const outcome = await app()
      .authenticate.admin(request)
      .then(() => "authenticated")
      .catch((thrown: unknown) => (thrown instanceof Response ? thrown.status : String(thrown)));
    expect(outcome).toBe(401);
    expect(await getDb().select().from(shopifySessions)).toEqual([]);
  });

  test("authenticate.webhook accepts the stand-in's signature and refuses a bad one", async () => {
    const payload = { id: 1, email: "buyer@example.com" };
    const ok = await app().authenticate.webhook(
      shopifyWebhookRequest({ topic: "customers/update", payload }),
    );
    expect(ok).toMatchObject({ topic: "CUSTOMERS_UPDATE", shop: SHOPIFY_TEST_SHOP, payload });
    const refused = await app()
      .authenticate.webhook(shopifyWebhookRequest({ topic: "customers/update", payload, badHmac: true }))
      .then(() => 200)
      .catch((thrown: unknown) => (thrown instanceof Response ? thrown.status : String(thrown)));
    expect(refused).toBe(401);
  });
});
