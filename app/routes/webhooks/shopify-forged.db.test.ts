import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { accounts, contacts, shopifyOrders, shopifyWebhooks, storeProfiles } from "#db/schema";
import { applyShopifyWebhook } from "~/domain/shopify/webhooks/inbox.server";
import type { ShopifyWebhookTopic } from "~/domain/shopify/webhooks/topics";
import { stopJobs } from "~/services/jobs/jobs.server";
import { productGidOf, seedCatalogue } from "../../../tests/support/catalogue-factories";
import { createMappedStore, recordShopifyConsent } from "../../../tests/support/shopify-commerce-rows";
import {
  marketingConsentJson,
  orderJson,
  type TestBuyer,
} from "../../../tests/support/shopify-order-payloads";
import { createShopifySession, createStoreProfile } from "../../../tests/support/shopify-store-rows";
import {
  configureShopifyTestApp,
  routeArgs,
  shopifyDelivery,
  TEST_SHOP,
} from "../../../tests/support/shopify-webhook-requests";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { action } from "./shopify";

/**
 * Issue 32 item 8, through the route: Shopify's signature covers the body only, so a signed body was
 * stored again under a new webhook id, and applied to another shop by changing X-Shopify-Shop-Domain.
 * Replayed, forged and stale deliveries are signed here with the test app's real secret, as an
 * attacker holding a once-delivered body would send them.
 */

configureShopifyTestApp();

const OTHER_SHOP = "forged-target-shop.myshopify.com";
const VARIANT = "gid://shopify/ProductVariant/4201";
const HOUR = 60 * 60_000;
const ada: TestBuyer = {
  customerId: 9001,
  email: "Ada@Example.com",
  phone: "(201) 555-0100",
  firstName: "Ada",
  lastName: "Byron",
};
// One time for the whole file: the body is byte for byte the same each time it is built.
const ORDER_TIME = new Date().toISOString();
const order = (id: number, extra = {}) => ({
  ...orderJson({
    id,
    buyer: ada,
    lines: [{ variantId: VARIANT, price: "49.90", quantity: 1 }],
    createdAt: ORDER_TIME,
  }),
  ...extra,
});

/** Posts a signed delivery to the route and applies what it stored, as the job would. */
async function deliver(
  topic: ShopifyWebhookTopic,
  payload: Record<string, unknown>,
  options: { webhookId?: string; shop?: string; triggeredAt?: Date; headers?: Record<string, string> } = {},
) {
  const webhookId = options.webhookId ?? randomUUID();
  const request = shopifyDelivery(topic, payload, {
    webhookId,
    shop: options.shop ?? TEST_SHOP,
    triggeredAt: options.triggeredAt ?? new Date(),
    headers: options.headers,
  });
  const response = (await action(routeArgs(request))) as Response;
  if (response.status !== 200) return { status: response.status, reason: await response.text() };
  const { outcome: accepted } = (await response.json()) as { outcome: string };
  return { status: 200, accepted, outcome: await applyShopifyWebhook(webhookId) };
}

describeEachDatabase(
  "forged, replayed and stale Shopify deliveries",
  (getDb) => {
    afterEach(async () => {
      await stopJobs();
    });
    const contactsOf = (accountId: string) =>
      getDb().select().from(contacts).where(eq(contacts.accountId, accountId));

    test("the same signed body under a new webhook id is one delivery: stored and applied once", async () => {
      const store = await createMappedStore({ shop: TEST_SHOP });
      await recordShopifyConsent(store, 9001);
      const first = await deliver("orders/create", order(1), { webhookId: "wh-original" });
      expect(first).toMatchObject({ status: 200, accepted: "stored" });
      expect(first.outcome).toMatch(/^order #1001 stored: contact added/);

      const replayed = await deliver("orders/create", order(1), { webhookId: "wh-replayed" });
      expect(replayed).toEqual({ status: 200, accepted: "duplicate", outcome: null });
      expect((await getDb().select().from(shopifyWebhooks)).map((r) => r.webhookId)).toEqual(["wh-original"]);
      expect(await contactsOf(store.account.id)).toHaveLength(1);
      expect(await getDb().$count(shopifyOrders)).toBe(1);
    });

    test("an uninstall's body repeats for a new uninstall: the same time is the same delivery, a new time a new event", async () => {
      await createStoreProfile({ shopDomain: TEST_SHOP, installedAt: new Date(Date.now() - 3 * HOUR) });
      const body = { id: 1, myshopify_domain: TEST_SHOP };
      const firstAt = new Date(Date.now() - 2 * HOUR);
      expect(await deliver("app/uninstalled", body, { triggeredAt: firstAt })).toMatchObject({
        accepted: "stored",
        outcome: "uninstalled: store disabled, 0 sessions deleted",
      });
      expect(await deliver("app/uninstalled", body, { triggeredAt: firstAt })).toMatchObject({
        accepted: "duplicate",
      });
      // Reinstalled, then uninstalled again with a byte-identical shop record.
      await getDb()
        .update(storeProfiles)
        .set({ enabled: true, installedAt: new Date(Date.now() - HOUR) });
      await createShopifySession(TEST_SHOP);
      expect(await deliver("app/uninstalled", body)).toMatchObject({
        accepted: "stored",
        outcome: "uninstalled: store disabled, 1 session deleted",
      });
    });

    test("a signed order resent with another shop's header reaches nothing of that shop", async () => {
      const a = await createMappedStore({ shop: TEST_SHOP });
      const b = await createMappedStore({ shop: OTHER_SHOP });
      await recordShopifyConsent(a, 9001);
      expect((await deliver("orders/create", order(1))).outcome).toMatch(/^order #1001 stored/);

      // The very body, under B's header and a new webhook id.
      const sameBody = await deliver("orders/create", order(1), { shop: OTHER_SHOP });
      expect(sameBody).toMatchObject({
        accepted: "stored",
        outcome: `refused: the same payload was delivered for ${TEST_SHOP}`,
      });
      // Another of A's bodies naming the same order (an update), or A's customer, under B's header.
      const update = await deliver("orders/updated", order(1, { note: "changed" }), { shop: OTHER_SHOP });
      expect(update.outcome).toBe(`refused: order gid://shopify/Order/1 belongs to ${TEST_SHOP}`);
      const consent = await deliver(
        "customers_marketing_consent/update",
        marketingConsentJson(9001, "+12015550100", { state: "subscribed" }),
        {
          shop: OTHER_SHOP,
        },
      );
      expect(consent.outcome).toBe(`refused: customer gid://shopify/Customer/9001 belongs to ${TEST_SHOP}`);

      expect(await contactsOf(b.account.id)).toEqual([]);
      expect(await getDb().$count(shopifyOrders, eq(shopifyOrders.accountId, b.account.id))).toBe(0);
      expect(await contactsOf(a.account.id)).toHaveLength(1);
    });

    test("another shop's product, subscription or shop id under this shop's header is refused", async () => {
      const a = await createMappedStore({ shop: TEST_SHOP });
      const b = await createMappedStore({ shop: OTHER_SHOP });
      await seedCatalogue(a.account.id, TEST_SHOP, [
        { id: 11, title: "Kettle", variants: [{ id: 111, title: "Red" }] },
      ]);
      const subscription = "gid://shopify/AppSubscription/55";
      await getDb()
        .update(accounts)
        .set({ shopifyPlanId: subscription })
        .where(eq(accounts.id, a.account.id));
      await getDb()
        .update(storeProfiles)
        .set({ shopifyStoreId: "548380009" })
        .where(eq(storeProfiles.shopDomain, TEST_SHOP));

      const product = await deliver(
        "products/update",
        { id: 11, admin_graphql_api_id: productGidOf(11), title: "Forged kettle", variants: [] },
        { shop: OTHER_SHOP },
      );
      expect(product.outcome).toBe(`refused: product ${productGidOf(11)} belongs to ${TEST_SHOP}`);
      const cancelled = await deliver(
        "app_subscriptions/update",
        { app_subscription: { admin_graphql_api_id: subscription, name: "Store Lite", status: "CANCELLED" } },
        { shop: OTHER_SHOP },
      );
      expect(cancelled.outcome).toBe(`refused: subscription ${subscription} belongs to ${TEST_SHOP}`);
      const renamed = await deliver(
        "shop/update",
        { id: 548380009, name: "Forged name" },
        { shop: OTHER_SHOP },
      );
      expect(renamed.outcome).toBe(`refused: shop id 548380009 is not ${OTHER_SHOP}'s`);

      const [bProfile] = await getDb()
        .select()
        .from(storeProfiles)
        .where(eq(storeProfiles.shopDomain, OTHER_SHOP));
      expect(bProfile.storeName).toBe("Orders Test Shop");
      expect(await getDb().$count(accounts, eq(accounts.id, b.account.id))).toBe(1);
      // The shop's own deliveries still apply.
      expect((await deliver("shop/update", { id: 548380009, name: "Renamed" })).outcome).toMatch(
        /^store profile updated/,
      );
    });

    test("a delivery triggered more than 72 hours ago, in the future, or at no readable time is refused; a late retry is not", async () => {
      await createStoreProfile({ shopDomain: TEST_SHOP, storeName: "Old name" });
      const stale = await deliver(
        "shop/update",
        { name: "Stale" },
        { triggeredAt: new Date(Date.now() - 73 * HOUR) },
      );
      expect(stale).toEqual({ status: 400, reason: "Stale delivery" });
      const ahead = await deliver(
        "shop/update",
        { name: "Ahead" },
        { triggeredAt: new Date(Date.now() + HOUR) },
      );
      expect(ahead).toEqual({ status: 400, reason: "X-Shopify-Triggered-At is in the future" });
      const unreadable = await deliver(
        "shop/update",
        { name: "Unreadable" },
        {
          headers: { "X-Shopify-Triggered-At": "yesterday" },
        },
      );
      expect(unreadable).toEqual({ status: 400, reason: "Invalid X-Shopify-Triggered-At" });
      expect(await getDb().$count(shopifyWebhooks)).toBe(0);

      // Shopify's retries keep the first time: one 71 hours old is still a genuine retry.
      const late = await deliver(
        "shop/update",
        { name: "Late" },
        { triggeredAt: new Date(Date.now() - 71 * HOUR) },
      );
      expect(late).toMatchObject({
        status: 200,
        accepted: "stored",
        outcome: "store profile updated: storeName",
      });
    });
  },
  { freshPerTest: true },
);
