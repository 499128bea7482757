import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { consentEvents, contacts, enrollments, shopifyCustomerConsents, shopifyOrders } from "#db/schema";
import { applyShopifyWebhook } from "~/domain/shopify/webhooks/inbox.server";
import { webhookPathOf } from "~/domain/shopify/webhooks/topics";
import { stopJobs } from "~/services/jobs/jobs.server";
import { SHOPIFY_SCOPES } from "~/services/shopify/shopify.server";
import { createMappedStore } from "../../../tests/support/shopify-commerce-rows";
import {
  marketingConsentJson,
  orderJson,
  type TestBuyer,
  type TestSmsConsent,
} from "../../../tests/support/shopify-order-payloads";
import { storeOfflineSession } from "../../../tests/support/shopify-sessions";
import {
  SHOPIFY_TEST_SHOP,
  setUpShopifyStandIn,
  shopifyWebhookRequest,
} from "../../../tests/support/shopify-test-env";
import { routeArgs } from "../../../tests/support/shopify-webhook-requests";
import type { SeedCustomer } from "../../../tests/support/stand-ins/shopify-customers";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { action } from "./shopify";

/**
 * Checkout consent as Shopify delivers it since API 2025-01 (issue 34 item 1): the order carries no
 * consent; customers_marketing_consent/update does, before or after the order; with neither, the
 * order's job asks the Admin API (the Shopify stand-in) for customer(id).defaultPhoneNumber. Whatever
 * comes first, a buyer who ticked the checkout box becomes a contact with SMS consent and is
 * enrolled; one who did not is not added (the store's automatic opt-in is off); a later withdrawal
 * opts the contact out. Signed deliveries through the route, applied as the webhook job applies them.
 */

const standIn = setUpShopifyStandIn();
const SHOP = SHOPIFY_TEST_SHOP;
const VARIANT = "gid://shopify/ProductVariant/4201";
const CHECKOUT_TIME = "2025-06-01T14:00:00.000Z";
const ticked: TestSmsConsent = {
  state: "subscribed",
  optInLevel: "single_opt_in",
  updatedAt: CHECKOUT_TIME,
  collectedFrom: "SHOPIFY",
};

type Topic = "orders/create" | "orders/updated" | "customers_marketing_consent/update";

async function deliver(topic: Topic, payload: unknown, options: { webhookId?: string } = {}) {
  const webhookId = options.webhookId ?? randomUUID();
  const request = shopifyWebhookRequest({
    topic,
    payload,
    shop: SHOP,
    webhookId,
    url: `http://localhost${webhookPathOf(topic)}`,
  });
  const response = (await action(routeArgs(request))) as Response;
  expect(response.status).toBe(200);
  const { outcome: accepted } = (await response.json()) as { outcome: string };
  return { accepted, outcome: await applyShopifyWebhook(webhookId) };
}

describeEachDatabase(
  "Shopify checkout consent and orders, in either order",
  (getDb) => {
    afterEach(async () => {
      await stopJobs();
    });

    /** A linked, installed store (the Admin API answers for it) and its customer in Shopify. */
    async function installedStore(customer: SeedCustomer) {
      const store = await createMappedStore({
        shop: SHOP,
        consentTitle: "Text me an interactive setup guide for my purchase.",
      });
      const { body } = await standIn().control("POST", "/access-tokens", { shop: SHOP });
      await storeOfflineSession(
        SHOP,
        (body as { accessToken: string }).accessToken,
        SHOPIFY_SCOPES.join(","),
      );
      const [seeded] = (
        await standIn().control("POST", `/shops/${SHOP}/customers`, { customers: [customer] })
      ).body as Array<{ legacyId: number; id: string }>;
      const buyer: TestBuyer = {
        customerId: seeded.legacyId,
        email: "ada@example.com",
        phone: "+12015550100",
        firstName: "Ada",
        lastName: "Byron",
      };
      return { store, buyer, customerGid: seeded.id };
    }
    const orderOf = (id: number, buyer: TestBuyer) =>
      orderJson({ id, name: `#${id}`, buyer, lines: [{ variantId: VARIANT, price: "49.90" }] });
    const consentOf = (buyer: TestBuyer, sms: TestSmsConsent) =>
      marketingConsentJson(buyer.customerId as number, buyer.phone ?? null, sms);
    const adminConsentQueries = () =>
      standIn().requests.filter((r) => r.body.includes("query CustomerSmsConsent")).length;
    const contactsOf = (accountId: string) =>
      getDb().select().from(contacts).where(eq(contacts.accountId, accountId));

    /** What a buyer who consented at checkout ends with, whichever webhook came first. */
    async function expectConsentingContact(accountId: string, journeyId: string) {
      const all = await contactsOf(accountId);
      expect(all.map((c) => [c.firstName, c.phone, c.smsConsent])).toEqual([
        ["Ada", "+12015550100", "opted_in"],
      ]);
      const [ada] = all;
      expect(await getDb().select().from(consentEvents).where(eq(consentEvents.contactId, ada.id))).toEqual([
        expect.objectContaining({
          kind: "opt_in",
          source: "shopify",
          optInLevel: "single_opt_in",
          collectedFrom: "shopify",
          createdAt: new Date(CHECKOUT_TIME),
          consentText: "Text me an interactive setup guide for my purchase.",
        }),
      ]);
      expect(await getDb().select().from(enrollments).where(eq(enrollments.contactId, ada.id))).toEqual([
        expect.objectContaining({ journeyId, status: "active" }),
      ]);
      const orders = await getDb().select().from(shopifyOrders);
      expect(orders.map((o) => [o.name, o.contactId])).toEqual([["#7001", ada.id]]);
    }

    test("consent at checkout, then the order: the buyer becomes a contact with SMS consent and is enrolled; the Admin API is not asked", async () => {
      // Shopify's customer record has it too; we do not need to ask.
      const { store, buyer, customerGid } = await installedStore({
        firstName: "Ada",
        phone: "+12015550100",
        sms: { marketingState: "SUBSCRIBED", consentUpdatedAt: CHECKOUT_TIME },
      });
      const consent = await deliver("customers_marketing_consent/update", consentOf(buyer, ticked));
      expect(consent.outcome).toBe(
        `${customerGid}: SMS consent subscribed kept until an order of the customer comes`,
      );
      const order = await deliver("orders/create", orderOf(7001, buyer));
      expect(order.outcome).toBe(
        "order #7001 stored: contact added (opted_in, consent opted_in), 1 product(s) linked",
      );
      await expectConsentingContact(store.account.id, store.journey.id);
      expect(adminConsentQueries()).toBe(0);
    });

    test("the order first, then the consent: the same contact, consent and enrollment", async () => {
      // The order's job asks Shopify before the consent is recorded there (a race Shopify allows).
      const { store, buyer, customerGid } = await installedStore({ firstName: "Ada", phone: "+12015550100" });
      const order = await deliver("orders/create", orderOf(7001, buyer));
      expect(order.outcome).toBe(
        "ignored: order #7001: the buyer gave no SMS marketing consent and the store's automatic opt-in is off",
      );
      expect(adminConsentQueries()).toBe(1);
      expect(await contactsOf(store.account.id)).toEqual([]);

      const consent = await deliver("customers_marketing_consent/update", consentOf(buyer, ticked));
      expect(consent.outcome).toBe(
        `${customerGid}: SMS consent subscribed kept; order #7001 stored: contact added (opted_in, consent opted_in), 1 product(s) linked`,
      );
      await expectConsentingContact(store.account.id, store.journey.id);
    });

    test("no consent webhook at all: the Admin API's answer decides, is kept, and is not asked for again", async () => {
      const { store, buyer } = await installedStore({
        firstName: "Ada",
        phone: "+12015550100",
        sms: {
          marketingState: "SUBSCRIBED",
          marketingOptInLevel: "CONFIRMED_OPT_IN",
          consentUpdatedAt: "2025-05-30T08:00:00Z",
          consentCollectedFrom: "OTHER",
        },
      });
      const first = await deliver("orders/create", orderOf(7001, buyer));
      expect(first.outcome).toBe(
        "order #7001 stored: contact added (opted_in, consent opted_in), 1 product(s) linked",
      );
      const [ada] = await contactsOf(store.account.id);
      expect(await getDb().select().from(consentEvents).where(eq(consentEvents.contactId, ada.id))).toEqual([
        expect.objectContaining({
          source: "shopify",
          optInLevel: "confirmed_opt_in",
          collectedFrom: "other",
          createdAt: new Date("2025-05-30T08:00:00Z"),
        }),
      ]);
      expect(await getDb().select().from(shopifyCustomerConsents)).toEqual([
        expect.objectContaining({ state: "subscribed", learnedFrom: "admin_api" }),
      ]);
      await deliver("orders/create", orderOf(7002, buyer));
      expect(adminConsentQueries()).toBe(1);
    });

    test("a buyer who did not tick the box is not added, whichever comes first; a failing Admin API is retried, not guessed", async () => {
      const { store, buyer } = await installedStore({ firstName: "Ada", phone: "+12015550100" });
      standIn().failNextGraphql({ status: 503, body: { errors: "Service unavailable" } });
      await expect(
        deliver("orders/create", orderOf(7001, buyer), { webhookId: "order-7001" }),
      ).rejects.toThrow();
      expect(await getDb().select().from(shopifyCustomerConsents)).toEqual([]);
      // The job's retry asks again; Shopify's customer never subscribed.
      expect(await applyShopifyWebhook("order-7001")).toMatch(/gave no SMS marketing consent/);
      const declined = await deliver(
        "customers_marketing_consent/update",
        consentOf(buyer, { state: "not_subscribed", updatedAt: null }),
      );
      expect(declined.outcome).toMatch(/SMS consent not_subscribed kept; the customer is not a contact/);
      expect(await contactsOf(store.account.id)).toEqual([]);
      expect(await getDb().$count(shopifyOrders)).toBe(0);
    });

    test("a withdrawal later opts the contact out; an older subscription delivered after it changes nothing; a replayed consent webhook is applied once", async () => {
      const { store, buyer, customerGid } = await installedStore({ firstName: "Ada", phone: "+12015550100" });
      const subscribed = await deliver("customers_marketing_consent/update", consentOf(buyer, ticked), {
        webhookId: "consent-subscribed",
      });
      const replay = await deliver("customers_marketing_consent/update", consentOf(buyer, ticked), {
        webhookId: "consent-subscribed",
      });
      expect(replay).toEqual({ accepted: "replay", outcome: subscribed.outcome });
      await deliver("orders/create", orderOf(7001, buyer));
      const [ada] = await contactsOf(store.account.id);
      expect(ada.smsConsent).toBe("opted_in");

      const withdrawal = { state: "unsubscribed", updatedAt: "2025-06-05T09:00:00.000Z" } as const;
      const out = await deliver("customers_marketing_consent/update", consentOf(buyer, withdrawal));
      expect(out.outcome).toBe(`${customerGid}: SMS consent opted_out`);
      // Shopify's deliveries are not in order: the subscription of June 3 arrives after the withdrawal.
      const stale = await deliver(
        "customers_marketing_consent/update",
        consentOf(buyer, { ...ticked, updatedAt: "2025-06-03T09:00:00.000Z" }),
      );
      expect(stale.outcome).toBe(
        `${customerGid}: SMS consent subscribed not kept: Shopify's record we hold is newer`,
      );
      expect((await contactsOf(store.account.id))[0].smsConsent).toBe("opted_out");
      const events = await getDb().select().from(consentEvents).where(eq(consentEvents.contactId, ada.id));
      expect(events.map((e) => [e.kind, e.createdAt.toISOString()]).sort()).toEqual([
        ["opt_in", CHECKOUT_TIME],
        ["opt_out", withdrawal.updatedAt],
      ]);
      expect(await getDb().select().from(shopifyCustomerConsents)).toEqual([
        expect.objectContaining({ state: "unsubscribed", consentUpdatedAt: new Date(withdrawal.updatedAt) }),
      ]);
    });

    test("before the customer is a contact, the newest consent wins too: a withdrawal, then its older subscription, then the order adds nobody", async () => {
      const { store, buyer } = await installedStore({ firstName: "Ada", phone: "+12015550100" });
      await deliver(
        "customers_marketing_consent/update",
        consentOf(buyer, { state: "unsubscribed", updatedAt: "2025-06-02T00:00:00Z" }),
      );
      await deliver("customers_marketing_consent/update", consentOf(buyer, ticked));
      const order = await deliver("orders/create", orderOf(7001, buyer));
      expect(order.outcome).toMatch(/gave no SMS marketing consent/);
      expect(await contactsOf(store.account.id)).toEqual([]);
      expect(adminConsentQueries()).toBe(0);
    });
  },
  { freshPerTest: true },
);
