import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { auditLog, contacts, shopifySessions, shopifyWebhooks, storeProfiles } from "#db/schema";
import { applyShopifySubscriptionUpdate } from "~/domain/billing/shopify-subscriptions.server";
import { SHOPIFY_WEBHOOK_API_VERSION } from "~/services/shopify/api-versions";
import { createAccount } from "../../../../tests/support/factories";
import {
  createCustomerRows,
  createShopifySession,
  createStoreProfile,
} from "../../../../tests/support/shopify-store-rows";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { applyShopifyWebhook, runShopifyWebhookJob, storeShopifyWebhook } from "./inbox.server";
import type { ShopifyWebhookTopic } from "./topics";

const SHOP = "lifecycle-shop.myshopify.com";
const OTHER_SHOP = "other-shop.myshopify.com";

/** A verified delivery stored as the route stores it, then applied as the job applies it. */
async function deliver(topic: ShopifyWebhookTopic, payload: Record<string, unknown>, triggeredAt?: Date) {
  const webhookId = randomUUID();
  await storeShopifyWebhook({
    webhookId,
    shop: SHOP,
    topic,
    apiVersion: SHOPIFY_WEBHOOK_API_VERSION,
    payload,
    triggeredAt: triggeredAt ?? null,
  });
  return { webhookId, outcome: await applyShopifyWebhook(webhookId) };
}

describeEachDatabase("Shopify app lifecycle webhooks", (getDb) => {
  const profileOf = async (shop = SHOP) =>
    (await getDb().select().from(storeProfiles).where(eq(storeProfiles.shopDomain, shop)))[0];
  const sessionsOf = async (shop: string) =>
    getDb().select().from(shopifySessions).where(eq(shopifySessions.shop, shop));

  test("app/uninstalled deletes the shop's sessions and disables its profile; nothing else is lost", async () => {
    const account = await createAccount({ source: "shopify" });
    await createStoreProfile({
      shopDomain: SHOP,
      accountId: account.id,
      consent: "Text me",
      installedAt: new Date("2025-01-01"),
    });
    await createShopifySession(SHOP);
    await createShopifySession(SHOP, { online: true });
    await createShopifySession(OTHER_SHOP);
    const { contact } = await createCustomerRows(account.id, {
      email: "cora@example.com",
      phone: "+12015550123",
    });
    const triggeredAt = new Date("2025-06-01T08:00:00Z");

    const { outcome } = await deliver("app/uninstalled", { myshopify_domain: SHOP }, triggeredAt);

    expect(outcome).toBe("uninstalled: store disabled, 2 sessions deleted");
    expect(await sessionsOf(SHOP)).toEqual([]);
    expect(await sessionsOf(OTHER_SHOP)).toHaveLength(1);
    expect(await profileOf()).toMatchObject({
      enabled: false,
      uninstalledAt: triggeredAt,
      accountId: account.id,
      consent: "Text me",
    });
    expect((await getDb().select().from(contacts).where(eq(contacts.id, contact.id)))[0]).toMatchObject({
      email: "cora@example.com",
    });
    const [entry] = await getDb()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "shopify.app_uninstalled"));
    expect(entry).toMatchObject({ actorEmail: "shopify", targetType: "account", targetId: account.id });

    // A second uninstall (another webhook id) finds it done.
    expect((await deliver("app/uninstalled", { myshopify_domain: SHOP })).outcome).toBe(
      "already uninstalled: 0 sessions deleted",
    );
    expect((await profileOf())?.uninstalledAt).toEqual(triggeredAt);
  });

  test("app/uninstalled older than a reinstall changes nothing; without a profile it only clears sessions", async () => {
    await createStoreProfile({ shopDomain: SHOP, installedAt: new Date("2025-06-02T00:00:00Z") });
    const session = await createShopifySession(SHOP);
    const late = await deliver(
      "app/uninstalled",
      { myshopify_domain: SHOP },
      new Date("2025-06-01T00:00:00Z"),
    );
    expect(late.outcome).toBe("skipped: the store installed the app again after this uninstall");
    expect((await sessionsOf(SHOP)).map((s) => s.id)).toEqual([session]);
    expect((await profileOf())?.enabled).toBe(true);

    await getDb().delete(storeProfiles);
    // Two uninstalls (each its own time: the same body at the same time would be one delivery).
    expect(
      (await deliver("app/uninstalled", { myshopify_domain: SHOP }, new Date(Date.now() - 1000))).outcome,
    ).toBe("no store profile: 1 session deleted");
    expect((await deliver("app/uninstalled", { myshopify_domain: SHOP }, new Date())).outcome).toBe(
      "no store profile: 0 sessions deleted",
    );
  });

  test("app/scopes_update writes the granted scopes on the offline session and the profile", async () => {
    await createStoreProfile({ shopDomain: SHOP, scopes: "read_orders" });
    const offline = await createShopifySession(SHOP, { scope: "read_orders" });
    const online = await createShopifySession(SHOP, { online: true, scope: "read_orders" });
    const { outcome } = await deliver("app/scopes_update", {
      id: 1,
      previous: ["read_orders"],
      current: ["read_orders", "read_products"],
      updated_at: "2025-06-01T00:00:00Z",
    });
    expect(outcome).toBe('scopes set to "read_orders,read_products" on 1 session and 1 profile');
    const scopes = Object.fromEntries((await sessionsOf(SHOP)).map((s) => [s.id, s.scope]));
    expect(scopes).toEqual({ [offline]: "read_orders,read_products", [online]: "read_orders" });
    expect((await profileOf())?.scopes).toBe("read_orders,read_products");
    expect((await deliver("app/scopes_update", { id: 1 })).outcome).toBe(
      "ignored: the payload has no current scopes",
    );
  });

  test("shop/update stores the store's name and email; an unknown shop is harmless", async () => {
    await createStoreProfile({ shopDomain: SHOP, storeName: "Old", shopEmail: "old@example.com" });
    await createStoreProfile({ shopDomain: OTHER_SHOP, storeName: "Other" });
    const { outcome } = await deliver("shop/update", {
      id: 548380009,
      name: "Renamed Shop",
      email: "owner@example.com",
      myshopify_domain: SHOP,
    });
    expect(outcome).toBe("store profile updated: storeName, shopEmail, shopifyStoreId");
    expect(await profileOf()).toMatchObject({
      storeName: "Renamed Shop",
      shopEmail: "owner@example.com",
      shopifyStoreId: "548380009",
    });
    expect((await profileOf(OTHER_SHOP))?.storeName).toBe("Other");

    await getDb().delete(storeProfiles).where(eq(storeProfiles.shopDomain, SHOP));
    expect((await deliver("shop/update", { name: "Again" })).outcome).toBe(
      "no store profile: nothing to update",
    );
  });

  test("app_subscriptions/update is applied by the billing module, its outcome stored", async () => {
    const payload = {
      app_subscription: {
        admin_graphql_api_id: "gid://shopify/AppSubscription/1",
        name: "Lite",
        status: "ACTIVE",
        admin_graphql_api_shop_id: "gid://shopify/Shop/1",
      },
    };
    const expected = await applyShopifySubscriptionUpdate(SHOP, payload);
    const { webhookId, outcome } = await deliver("app_subscriptions/update", payload);
    expect(outcome).toBe(expected);
    const [row] = await getDb()
      .select()
      .from(shopifyWebhooks)
      .where(eq(shopifyWebhooks.webhookId, webhookId));
    expect(row.processedAt).not.toBeNull();
    expect(row.outcome).toBe(expected);
  });

  test("a job whose last try fails writes the error on the webhook, left unapplied for the sweep", async () => {
    const billing = await import("~/domain/billing/shopify-subscriptions.server");
    const spy = vi
      .spyOn(billing, "applyShopifySubscriptionUpdate")
      .mockRejectedValue(new Error("Shopify is down"));
    const webhookId = randomUUID();
    await storeShopifyWebhook({
      webhookId,
      shop: SHOP,
      topic: "app_subscriptions/update",
      apiVersion: null,
      payload: {},
      triggeredAt: null,
    });
    try {
      await expect(runShopifyWebhookJob(webhookId, { lastAttempt: false })).rejects.toThrow(
        "Shopify is down",
      );
      const [first] = await getDb().select().from(shopifyWebhooks);
      expect(first).toMatchObject({ processedAt: null, outcome: null });
      await expect(runShopifyWebhookJob(webhookId, { lastAttempt: true })).rejects.toThrow("Shopify is down");
      const [last] = await getDb().select().from(shopifyWebhooks);
      expect(last).toMatchObject({ processedAt: null, outcome: "failed: Shopify is down" });
    } finally {
      spy.mockRestore();
    }
  });
});
