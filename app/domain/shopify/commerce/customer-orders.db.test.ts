import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import { contacts, outboxMessages, shopifyOrders } from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { SHOPIFY_WEBHOOK_API_VERSION } from "~/services/shopify/api-versions";
import { addMembership, createUser } from "../../../../tests/support/factories";
import { createMappedStore, recordShopifyConsent } from "../../../../tests/support/shopify-commerce-rows";
import { orderJson } from "../../../../tests/support/shopify-order-payloads";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { applyShopifyWebhook, storeShopifyWebhook } from "../webhooks/inbox.server";
import type { ShopifyWebhookTopic } from "../webhooks/topics";

/** The privacy webhooks cover store orders: exported with the customer's data, redacted with them. */

const SHOP = "orders-privacy-shop.myshopify.com";
const CUSTOMER = { id: 4711, email: "cora@example.com", phone: "+12015550123" };

async function deliver(topic: ShopifyWebhookTopic, payload: Record<string, unknown>) {
  const webhookId = randomUUID();
  await storeShopifyWebhook({
    webhookId,
    shop: SHOP,
    topic,
    apiVersion: SHOPIFY_WEBHOOK_API_VERSION,
    payload,
    triggeredAt: null,
  });
  return applyShopifyWebhook(webhookId);
}

let savedSmtp: string | undefined;
beforeEach(() => {
  savedSmtp = process.env.SMTP_URL;
  delete process.env.SMTP_URL;
  resetConfigForTests();
});
afterEach(() => {
  if (savedSmtp !== undefined) process.env.SMTP_URL = savedSmtp;
  resetConfigForTests();
});

describeEachDatabase("store orders in the privacy webhooks", (getDb) => {
  async function storeWithOrders() {
    const store = await createMappedStore({ shop: SHOP });
    const admin = await createUser();
    await addMembership(admin.id, store.account.id, { isCompanyAdmin: true });
    const buyer = {
      customerId: CUSTOMER.id,
      email: CUSTOMER.email,
      phone: CUSTOMER.phone,
      firstName: "Cora",
      lastName: "Customer",
    };
    await recordShopifyConsent(store, CUSTOMER.id);
    await recordShopifyConsent(store, 99);
    const line = { variantId: "gid://shopify/ProductVariant/4201", price: "30.00", title: "Kettle" };
    for (const id of [301, 302])
      expect(await deliver("orders/create", orderJson({ id, buyer, lines: [line] }))).toMatch(/stored/);
    // Another buyer's order stays out of it.
    await deliver(
      "orders/create",
      orderJson({
        id: 303,
        buyer: { customerId: 99, email: "x@example.com" },
        lines: [line],
      }),
    );
    return store;
  }

  test("customers/data_request exports the customer's orders in the emailed file", async () => {
    await storeWithOrders();
    const outcome = await deliver("customers/data_request", {
      shop_id: 1,
      shop_domain: SHOP,
      orders_requested: [301],
      customer: CUSTOMER,
      data_request: { id: 55 },
    });
    expect(outcome).toBe("export of 1 contact emailed to 1 company admin");
    const [mail] = await getDb().select().from(outboxMessages).where(eq(outboxMessages.channel, "email"));
    const exported = JSON.parse(
      Buffer.from(mail.attachments?.[0]?.contentBase64 ?? "", "base64").toString("utf8"),
    );
    expect(exported.orders).toEqual([
      expect.objectContaining({
        shopifyOrderId: "gid://shopify/Order/301",
        name: "#1301",
        shopifyCustomerId: "gid://shopify/Customer/4711",
        total: { amountMinor: 3000, currency: "USD" },
        items: [{ title: "Kettle", quantity: 1, priceMinor: 3000 }],
      }),
      expect.objectContaining({ shopifyOrderId: "gid://shopify/Order/302" }),
    ]);
    expect(exported.contacts[0].consents).toEqual([expect.objectContaining({ source: "shopify" })]);
  });

  test("customers/redact keeps the orders' amounts and removes the customer's Shopify id from them and the contact", async () => {
    const store = await storeWithOrders();
    const outcome = await deliver("customers/redact", {
      shop_id: 1,
      shop_domain: SHOP,
      customer: { id: CUSTOMER.id },
      orders_to_redact: [301, 302],
    });
    expect(outcome).toMatch(/^redacted 1 contact\(s\)/);
    const orders = await getDb().select().from(shopifyOrders).orderBy(shopifyOrders.shopifyOrderId);
    expect(orders.map((o) => [o.shopifyOrderId, o.shopifyCustomerId, o.totalPriceMinor])).toEqual([
      ["gid://shopify/Order/301", null, 3000],
      ["gid://shopify/Order/302", null, 3000],
      ["gid://shopify/Order/303", "gid://shopify/Customer/99", 3000],
    ]);
    const redacted = await getDb()
      .select()
      .from(contacts)
      .where(eq(contacts.accountId, store.account.id))
      .orderBy(contacts.createdAt);
    expect(redacted.map((c) => [c.firstName, c.email, c.phone, c.shopifyCustomerId])).toEqual([
      ["Redacted", null, null, null],
      ["Shopify", "x@example.com", null, "gid://shopify/Customer/99"],
    ]);
  });
});
