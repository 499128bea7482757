import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import {
  consentEvents,
  contactProducts,
  contacts,
  enrollments,
  messages,
  outboxMessages,
  shopifyOrders,
  shopifyWebhooks,
} from "#db/schema";
import { dispatchDue } from "~/domain/journeys/dispatch/claim-due.server";
import { sendMessages } from "~/domain/journeys/dispatch/send.server";
import { applyShopifyWebhook } from "~/domain/shopify/webhooks/inbox.server";
import type { ShopifyWebhookTopic } from "~/domain/shopify/webhooks/topics";
import { stopJobs } from "~/services/jobs/jobs.server";
import { daytimeTomorrow } from "../../../tests/support/daytime";
import { createMappedStore } from "../../../tests/support/shopify-commerce-rows";
import {
  marketingConsentJson,
  orderJson,
  type TestBuyer,
  type TestSmsConsent,
} from "../../../tests/support/shopify-order-payloads";
import {
  configureShopifyTestApp,
  routeArgs,
  shopifyDelivery,
  TEST_SHOP,
} from "../../../tests/support/shopify-webhook-requests";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { action } from "./shopify";

/**
 * orders/create and orders/updated through the route, signed as Shopify signs them (the library's
 * getHmac with its test app's secret), then applied as the webhook job applies them. The buyer's
 * consent comes as Shopify sends it since API 2025-01: customers_marketing_consent/update, here
 * before the order (shopify-consent-order.db.test.ts has the other order and the Admin API's answer;
 * the store here has no offline session, so the Admin API is not asked).
 */

configureShopifyTestApp();

const VARIANT = "gid://shopify/ProductVariant/4201";
const OTHER_SHOP = "second-orders-shop.myshopify.com";
const subscribed = {
  state: "subscribed",
  optInLevel: "confirmed_opt_in",
  updatedAt: "2025-06-01T14:00:00Z",
} as const;
const ada: TestBuyer = {
  customerId: 9001,
  email: "Ada@Example.com",
  phone: "(201) 555-0100",
  firstName: "Ada",
  lastName: "Byron",
};

/** Posts a signed delivery to the route and applies what it stored, as the job would. */
async function deliver(
  topic: ShopifyWebhookTopic,
  payload: Record<string, unknown>,
  options: { webhookId?: string; shop?: string; secret?: string; omitHmac?: boolean } = {},
) {
  const webhookId = options.webhookId ?? randomUUID();
  const request = shopifyDelivery(topic, payload, {
    webhookId,
    shop: options.shop ?? TEST_SHOP,
    secret: options.secret,
    omit: options.omitHmac ? ["X-Shopify-Hmac-Sha256"] : [],
  });
  const response = (await action(routeArgs(request))) as Response;
  const body = response.status === 200 ? ((await response.json()) as { outcome: string }) : null;
  const outcome = response.status === 200 ? await applyShopifyWebhook(webhookId) : null;
  return { status: response.status, accepted: body?.outcome ?? null, outcome };
}

/** The buyer's SMS consent as Shopify records it (at checkout, here before their order arrives). */
async function consentOf(buyer: TestBuyer, sms: TestSmsConsent, shop?: string) {
  return deliver(
    "customers_marketing_consent/update",
    marketingConsentJson(buyer.customerId as number, buyer.phone ?? null, sms),
    { shop },
  );
}

const order = (id: number, buyer: TestBuyer | null, variant = VARIANT, extra = {}) => ({
  ...orderJson({ id, buyer, lines: [{ variantId: variant, price: "49.90", quantity: 2, title: "Machine" }] }),
  ...extra,
});

describeEachDatabase(
  "orders webhooks",
  (getDb) => {
    afterEach(async () => {
      await stopJobs();
    });

    const contactsOf = (accountId: string) =>
      getDb().select().from(contacts).where(eq(contacts.accountId, accountId));
    const eventsOf = (contactId: string) =>
      getDb().select().from(consentEvents).where(eq(consentEvents.contactId, contactId));
    const enrollmentsOf = (contactId: string) =>
      getDb().select().from(enrollments).where(eq(enrollments.contactId, contactId));

    test("a signed order for a mapped variant adds the buyer with Shopify's consent, enrolls them and stores the order once", async () => {
      const store = await createMappedStore({
        shop: TEST_SHOP,
        consentTitle: "Text me an interactive setup guide for my purchase.",
        consent: "Reply STOP to opt out.",
      });
      // Unsigned and badly signed deliveries are refused before anything is stored.
      expect((await deliver("orders/create", order(1, ada), { omitHmac: true })).status).toBe(401);
      expect((await deliver("orders/create", order(1, ada), { secret: "forged" })).status).toBe(401);
      expect(await getDb().$count(shopifyWebhooks)).toBe(0);

      const consent = await consentOf(ada, subscribed);
      expect(consent.outcome).toBe(
        "gid://shopify/Customer/9001: SMS consent subscribed kept until an order of the customer comes",
      );
      expect(await contactsOf(store.account.id)).toEqual([]);
      const first = await deliver("orders/create", order(1, ada), { webhookId: "orders-create-1" });
      expect(first).toMatchObject({ status: 200, accepted: "stored" });
      expect(first.outcome).toBe(
        "order #1001 stored: contact added (opted_in, consent opted_in), 1 product(s) linked",
      );
      const [contact] = await contactsOf(store.account.id);
      expect(contact).toMatchObject({
        firstName: "Ada",
        lastName: "Byron",
        phone: "+12015550100",
        email: "ada@example.com",
        shopifyCustomerId: "gid://shopify/Customer/9001",
        smsConsent: "opted_in",
      });
      expect(await eventsOf(contact.id)).toEqual([
        expect.objectContaining({
          kind: "opt_in",
          source: "shopify",
          optInLevel: "confirmed_opt_in",
          collectedFrom: "shopify",
          createdAt: new Date("2025-06-01T14:00:00Z"),
          consentText: "Text me an interactive setup guide for my purchase.\nReply STOP to opt out.",
        }),
      ]);
      expect(await enrollmentsOf(contact.id)).toEqual([
        expect.objectContaining({ journeyId: store.journey.id, status: "active", cycle: 0 }),
      ]);
      const [stored] = await getDb().select().from(shopifyOrders);
      expect(stored).toMatchObject({
        accountId: store.account.id,
        shop: TEST_SHOP,
        shopifyOrderId: "gid://shopify/Order/1",
        name: "#1001",
        contactId: contact.id,
        shopifyCustomerId: "gid://shopify/Customer/9001",
        totalPriceMinor: 9980,
        currency: "USD",
        attributedTouchpointId: null,
        lineItems: [
          {
            variantId: VARIANT,
            productId: store.product.id,
            title: "Machine",
            quantity: 2,
            priceMinor: 4990,
          },
        ],
      });

      // Shopify retrying the same delivery, and sending the order again as orders/updated.
      const replay = await deliver("orders/create", order(1, ada), { webhookId: "orders-create-1" });
      expect(replay).toMatchObject({ status: 200, accepted: "replay" });
      const updated = await deliver(
        "orders/updated",
        order(1, ada, VARIANT, { current_total_price: "89.80" }),
      );
      expect(updated.outcome).toBe("order #1001 updated: contact found (opted_in), 0 product(s) linked");
      expect(await contactsOf(store.account.id)).toHaveLength(1);
      expect(await eventsOf(contact.id)).toHaveLength(1);
      expect(await enrollmentsOf(contact.id)).toHaveLength(1);
      expect(await getDb().$count(contactProducts)).toBe(1);
      const orders = await getDb().select().from(shopifyOrders);
      expect(orders.map((o) => o.totalPriceMinor)).toEqual([8980]);
    });

    test("an existing contact is found by customer id, phone or email; what it lacks is filled, what it has kept", async () => {
      const store = await createMappedStore({ shop: TEST_SHOP });
      const accountId = store.account.id;
      const [byPhone, byEmail, byCustomer] = await getDb()
        .insert(contacts)
        .values([
          { accountId, firstName: "Phil", lastName: "Phone", phone: "+12015550101", smsConsent: "opted_in" },
          { accountId, firstName: "Emma", lastName: "Mail", email: "emma@example.com" },
          { accountId, firstName: "Cus", lastName: "Tomer", shopifyCustomerId: "gid://shopify/Customer/77" },
        ])
        .returning();
      await deliver("orders/create", order(11, { customerId: 71, phone: "+1 201 555 0101", firstName: "P" }));
      await consentOf({ customerId: 72 }, subscribed);
      await deliver("orders/create", order(12, { customerId: 72, email: "EMMA@example.com" }));
      await consentOf({ customerId: 77, phone: "+12015550103" }, subscribed);
      await deliver("orders/create", order(13, { customerId: 77, phone: "+12015550103" }));
      const all = await contactsOf(accountId);
      expect(all).toHaveLength(3);
      const byId = Object.fromEntries(all.map((c) => [c.id, c]));
      expect(byId[byPhone.id]).toMatchObject({
        firstName: "Phil",
        shopifyCustomerId: "gid://shopify/Customer/71",
        smsConsent: "opted_in",
      });
      expect(byId[byEmail.id]).toMatchObject({
        shopifyCustomerId: "gid://shopify/Customer/72",
        smsConsent: "opted_in",
      });
      expect(byId[byCustomer.id]).toMatchObject({
        phone: "+12015550103",
        firstName: "Cus",
        smsConsent: "opted_in",
      });
      for (const c of all) expect(await enrollmentsOf(c.id)).toHaveLength(1);
      expect(await getDb().$count(shopifyOrders)).toBe(3);
    });

    test("no mapped variant adds nobody; a known buyer's order is still kept for attribution", async () => {
      const store = await createMappedStore({ shop: TEST_SHOP });
      const other = "gid://shopify/ProductVariant/999";
      const unknown = await deliver("orders/create", order(21, ada, other));
      expect(unknown.outcome).toBe("ignored: order #1021: no mapped variant and no known buyer");
      expect(await contactsOf(store.account.id)).toEqual([]);
      expect(await getDb().$count(shopifyOrders)).toBe(0);

      const [known] = await getDb()
        .insert(contacts)
        .values({ accountId: store.account.id, firstName: "Ada", lastName: "B", email: "ada@example.com" })
        .returning();
      const kept = await deliver("orders/create", order(22, ada, other));
      expect(kept.outcome).toMatch(/^order #1022 stored: contact found/);
      expect(await enrollmentsOf(known.id)).toEqual([]);
      const [stored] = await getDb().select().from(shopifyOrders);
      expect(stored).toMatchObject({
        contactId: known.id,
        lineItems: [expect.objectContaining({ productId: null })],
      });
    });

    test("without marketing consent the buyer is added only by the automatic opt-in, and gets non-commercial messages only", async () => {
      const noConsent: TestBuyer = ada;
      const off = await createMappedStore({ shop: TEST_SHOP });
      await consentOf(ada, { state: "not_subscribed", updatedAt: null });
      const refused = await deliver("orders/create", order(31, noConsent));
      expect(refused.outcome).toBe(
        "ignored: order #1031: the buyer gave no SMS marketing consent and the store's automatic opt-in is off",
      );
      expect(await contactsOf(off.account.id)).toEqual([]);

      const on = await createMappedStore({
        shop: OTHER_SHOP,
        automaticOptIn: true,
        product: {
          touchpoints: [
            { name: "Setup guide", message: "Step 1: fill the tank", commercial: false },
            { name: "Offer", message: "20% off descaler", commercial: true },
          ],
        },
      });
      const added = await deliver("orders/create", order(32, noConsent), { shop: OTHER_SHOP });
      expect(added.outcome).toBe("order #1032 stored: contact added (non_commercial), 1 product(s) linked");
      const [contact] = await contactsOf(on.account.id);
      expect(contact.smsConsent).toBe("non_commercial");
      expect(await eventsOf(contact.id)).toEqual([
        expect.objectContaining({ kind: "opt_in", source: "shopify_automatic", optInLevel: null }),
      ]);
      // Both touchpoints are due at once: the setup guide goes, the offer is suppressed.
      const queued: string[] = [];
      const now = daytimeTomorrow();
      for (let i = 0; i < 2; i++)
        await dispatchDue({ now, inline: false, enqueue: async (b) => void queued.push(...b.flat()) });
      await sendMessages(queued, { now, enqueue: async () => {} });
      const sent = await getDb().select().from(messages).where(eq(messages.contactId, contact.id));
      expect(sent.map((m) => [m.status, m.statusReason]).sort()).toEqual([
        ["sent", null],
        ["suppressed", "non_commercial_only"],
      ]);
      const outbox = await getDb().select().from(outboxMessages);
      expect(outbox.map((m) => m.text)).toEqual(["Step 1: fill the tank"]);
    });

    test("a buyer who unsubscribed in Shopify is not added; late contact details in orders/updated add the buyer", async () => {
      const store = await createMappedStore({ shop: TEST_SHOP, automaticOptIn: true });
      await consentOf(ada, { state: "unsubscribed" });
      const out = await deliver("orders/create", order(41, ada));
      expect(out.outcome).toMatch(/gave no SMS marketing consent/);
      const anonymous = await deliver("orders/create", order(42, { customerId: 9042 }));
      expect(anonymous.outcome).toBe("ignored: order #1042: the buyer has no phone or email");
      await consentOf({ customerId: 9042, phone: "+12015550142" }, subscribed);
      const late = await deliver(
        "orders/updated",
        order(42, { customerId: 9042, phone: "+12015550142", firstName: "Late" }),
      );
      expect(late.outcome).toBe(
        "order #1042 stored: contact added (opted_in, consent opted_in), 1 product(s) linked",
      );
      const all = await contactsOf(store.account.id);
      expect(all.map((c) => [c.firstName, c.phone, c.smsConsent])).toEqual([
        ["Late", "+12015550142", "opted_in"],
      ]);
      const cancelled = await deliver(
        "orders/create",
        order(43, { ...ada, customerId: 9043, phone: "+12015550143" }, VARIANT, {
          cancelled_at: "2025-06-02T00:00:00Z",
        }),
      );
      expect(cancelled.outcome).toBe("ignored: order #1043: cancelled or too old to add its buyer");

      // Late's order cancelled afterwards (orders/updated with cancelled_at): kept, marked cancelled.
      await deliver(
        "orders/updated",
        order(42, { customerId: 9042, phone: "+12015550142", firstName: "Late" }, VARIANT, {
          cancelled_at: "2025-06-03T09:30:00Z",
        }),
      );
      const [stored] = await getDb()
        .select()
        .from(shopifyOrders)
        .where(eq(shopifyOrders.shopifyOrderId, "gid://shopify/Order/42"));
      expect(stored.cancelledAt?.toISOString()).toBe("2025-06-03T09:30:00.000Z");
    });

    test("the same phone in two companies: each store's order reaches its own company's contact only", async () => {
      const a = await createMappedStore({ shop: TEST_SHOP });
      const b = await createMappedStore({ shop: OTHER_SHOP });
      const [bContact] = await getDb()
        .insert(contacts)
        .values({ accountId: b.account.id, firstName: "Ada", lastName: "Elsewhere", phone: "+12015550100" })
        .returning();
      await consentOf(ada, subscribed);
      await deliver("orders/create", order(51, ada));
      const aContacts = await contactsOf(a.account.id);
      expect(aContacts).toHaveLength(1);
      expect(aContacts[0].id).not.toBe(bContact.id);
      const [bAfter] = await contactsOf(b.account.id);
      expect(bAfter).toMatchObject({ smsConsent: "none", shopifyCustomerId: null, lastName: "Elsewhere" });
      expect(await eventsOf(bContact.id)).toEqual([]);
      const orders = await getDb().select().from(shopifyOrders);
      expect(orders.map((o) => [o.accountId, o.contactId])).toEqual([[a.account.id, aContacts[0].id]]);
      // A store linked to no company, or an unknown one, changes nothing (its buyer is not Ada: her
      // Shopify customer is store A's, and a payload naming her under another shop is refused).
      const stray = await deliver("orders/create", order(52, { ...ada, customerId: 9052 }), {
        shop: "unlinked-shop.myshopify.com",
      });
      expect(stray.outcome).toBe("ignored: order #1052: the store is not linked to a company");
      expect(
        await getDb().$count(
          contacts,
          and(eq(contacts.accountId, b.account.id), eq(contacts.smsConsent, "opted_in")),
        ),
      ).toBe(0);
    });
  },
  { freshPerTest: true },
);
