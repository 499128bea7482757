import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { auditLog, consentEvents, contacts, messages } from "#db/schema";
import { dispatchDue } from "~/domain/journeys/dispatch/claim-due.server";
import { sendMessages } from "~/domain/journeys/dispatch/send.server";
import { receiveInboundSms } from "~/domain/messaging/inbound.server";
import { linkContactToProduct } from "~/domain/products/links.server";
import {
  requeueConsentWriteBacks,
  runConsentWriteBack,
  WRITE_BACK_ACTION,
} from "~/domain/shopify/commerce/consent-write-back.server";
import { applyShopifyWebhook } from "~/domain/shopify/webhooks/inbox.server";
import { webhookPathOf } from "~/domain/shopify/webhooks/topics";
import { jobs, stopJobs } from "~/services/jobs/jobs.server";
import { SHOPIFY_SCOPES } from "~/services/shopify/shopify.server";
import { daytimeTomorrow } from "../../../tests/support/daytime";
import { createMappedStore } from "../../../tests/support/shopify-commerce-rows";
import { customerJson, marketingConsentJson } from "../../../tests/support/shopify-order-payloads";
import { storeOfflineSession } from "../../../tests/support/shopify-sessions";
import {
  SHOPIFY_TEST_SHOP,
  setUpShopifyStandIn,
  shopifyWebhookRequest,
} from "../../../tests/support/shopify-test-env";
import { routeArgs } from "../../../tests/support/shopify-webhook-requests";
import { marketingConsentWebhookJson } from "../../../tests/support/stand-ins/shopify-customers";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { action } from "./shopify";

/**
 * Consent kept in step both ways: customers/update and customers_marketing_consent/update (signed,
 * through the route) move the contact's SMS consent, newest record first; an inbound STOP is written
 * back to the store customer through the Admin API, against the Shopify stand-in.
 */

const standIn = setUpShopifyStandIn();
const SHOP = SHOPIFY_TEST_SHOP;
const PHONE = "+12015550100";

async function deliver(
  topic: "customers/update" | "customers_marketing_consent/update",
  payload: unknown,
  options: { webhookId?: string; badHmac?: boolean; shop?: string } = {},
) {
  const webhookId = options.webhookId ?? randomUUID();
  const request = shopifyWebhookRequest({
    topic,
    payload,
    shop: options.shop ?? SHOP,
    webhookId,
    badHmac: options.badHmac,
    url: `http://localhost${webhookPathOf(topic)}`,
  });
  const response = (await action(routeArgs(request))) as Response;
  if (response.status !== 200) return { status: response.status, accepted: null, outcome: null };
  const { outcome: accepted } = (await response.json()) as { outcome: string };
  return { status: 200, accepted, outcome: await applyShopifyWebhook(webhookId) };
}

describeEachDatabase(
  "Shopify customer consent in step",
  (getDb) => {
    afterEach(async () => {
      await stopJobs();
    });

    async function buyer(accountId: string, values: Partial<typeof contacts.$inferInsert> = {}) {
      const [row] = await getDb()
        .insert(contacts)
        .values({
          accountId,
          firstName: "Ada",
          lastName: "Byron",
          phone: PHONE,
          smsConsent: "opted_in",
          ...values,
        })
        .returning();
      return row;
    }
    const contactOf = async (id: string) =>
      (await getDb().select().from(contacts).where(eq(contacts.id, id)))[0];
    const eventsOf = (id: string) =>
      getDb().select().from(consentEvents).where(eq(consentEvents.contactId, id));

    test("an opt-out in Shopify stops our SMS at once: the contact is opted out and its queued message is not sent", async () => {
      const store = await createMappedStore({ shop: SHOP });
      const ada = await buyer(store.account.id, { shopifyCustomerId: "gid://shopify/Customer/501" });
      await linkContactToProduct(getDb(), { account: { id: store.account.id } }, ada.id, store.product.id);
      const queued: string[] = [];
      await dispatchDue({ inline: false, enqueue: async (b) => void queued.push(...b.flat()) });
      expect(queued).toHaveLength(1);

      const payload = marketingConsentJson(501, PHONE, {
        state: "unsubscribed",
        updatedAt: "2025-06-03T09:00:00Z",
      });
      expect((await deliver("customers_marketing_consent/update", payload, { badHmac: true })).status).toBe(
        401,
      );
      expect((await contactOf(ada.id)).smsConsent).toBe("opted_in");
      const applied = await deliver("customers_marketing_consent/update", payload, {
        webhookId: "consent-1",
      });
      expect(applied.outcome).toBe("gid://shopify/Customer/501: SMS consent opted_out");
      expect((await contactOf(ada.id)).smsConsent).toBe("opted_out");
      expect(await eventsOf(ada.id)).toEqual([
        expect.objectContaining({
          kind: "opt_out",
          source: "shopify",
          createdAt: new Date("2025-06-03T09:00:00Z"),
        }),
      ]);
      await sendMessages(queued, { now: daytimeTomorrow(), enqueue: async () => {} });
      const [message] = await getDb().select().from(messages).where(eq(messages.contactId, ada.id));
      expect(message).toMatchObject({ status: "suppressed", statusReason: "opted_out" });

      const replay = await deliver("customers_marketing_consent/update", payload, { webhookId: "consent-1" });
      expect(replay.accepted).toBe("replay");
      expect(await eventsOf(ada.id)).toHaveLength(1);
    });

    test("customers_marketing_consent/update: the newest record wins; customers/update fills details only; an unknown customer adds nobody; other companies are untouched", async () => {
      const store = await createMappedStore({ shop: SHOP });
      const other = await createMappedStore({ shop: "other-consent-shop.myshopify.com" });
      const ada = await buyer(store.account.id, { smsConsent: "none" });
      const elsewhere = await buyer(other.account.id, { smsConsent: "none" });
      // customers/update (no consent in it since API 2025-01) links the contact to the customer.
      const details = await deliver(
        "customers/update",
        customerJson({ customerId: 601, phone: "(201) 555-0100", firstName: "Ada", lastName: "Byron" }),
      );
      expect(details.outcome).toBe("gid://shopify/Customer/601: filled shopifyCustomerId");
      expect(await contactOf(ada.id)).toMatchObject({
        smsConsent: "none",
        shopifyCustomerId: "gid://shopify/Customer/601",
      });
      const consent = (state: "subscribed" | "unsubscribed", at: string) =>
        marketingConsentJson(601, "(201) 555-0100", { state, updatedAt: at });
      const subscribed = await deliver(
        "customers_marketing_consent/update",
        consent("subscribed", "2025-06-01T10:00:00Z"),
      );
      expect(subscribed.outcome).toBe("gid://shopify/Customer/601: SMS consent opted_in");
      // Our STOP came after; a late webhook with Shopify's older subscription does not undo it.
      await receiveInboundSms({
        providerMessageId: "SM-stop-1",
        from: PHONE,
        to: "+15550000000",
        body: "STOP",
      });
      const late = await deliver(
        "customers_marketing_consent/update",
        consent("subscribed", "2025-06-02T10:00:00Z"),
      );
      expect(late.outcome).toBe(
        "gid://shopify/Customer/601: SMS consent kept (opted_out): ours is newer than Shopify's",
      );
      expect((await contactOf(ada.id)).smsConsent).toBe("opted_out");
      // A newer subscription in Shopify (the buyer opted in again at checkout) does.
      const newer = await deliver(
        "customers_marketing_consent/update",
        consent("subscribed", new Date(Date.now() + 1000).toISOString()),
      );
      expect(newer.outcome).toBe("gid://shopify/Customer/601: SMS consent opted_in");

      expect((await contactOf(elsewhere.id)).smsConsent).toBe("opted_out"); // the STOP, for every company
      expect(await eventsOf(elsewhere.id)).toEqual([expect.objectContaining({ source: "keyword" })]);
      const unknown = await deliver(
        "customers/update",
        customerJson({ customerId: 602, phone: "+12015550199" }),
      );
      expect(unknown.outcome).toBe("ignored: gid://shopify/Customer/602 is not a contact of the company");
    });

    async function installedStoreWithCustomer(customerPhone: string | null) {
      const store = await createMappedStore({ shop: SHOP });
      const { body } = await standIn().control("POST", "/access-tokens", { shop: SHOP });
      await storeOfflineSession(
        SHOP,
        (body as { accessToken: string }).accessToken,
        SHOPIFY_SCOPES.join(","),
      );
      const [customer] = (
        await standIn().control("POST", `/shops/${SHOP}/customers`, {
          customers: [{ firstName: "Ada", phone: customerPhone, sms: { marketingState: "SUBSCRIBED" } }],
        })
      ).body as Array<{ id: string }>;
      const ada = await buyer(store.account.id, { shopifyCustomerId: customer.id });
      return { store, ada, customerId: customer.id };
    }

    const queuedWriteBacks = async () => {
      const { rows } = await (await jobs())
        .getDb()
        .executeSql(
          "select data from pgboss.job where name = 'shopify-consent-write-back' order by created_on",
          [],
        );
      return (rows as { data: { consentEventId: string } }[]).map((r) => r.data.consentEventId);
    };
    const customerInStandIn = (id: string) => standIn().store.customers.find((c) => c.id === id);

    test("an inbound STOP is written back to the Shopify customer by a job, once; a retry after a failure succeeds", async () => {
      const { ada, customerId } = await installedStoreWithCustomer(PHONE);
      await receiveInboundSms({
        providerMessageId: "SM-stop-2",
        from: PHONE,
        to: "+15550000000",
        body: "stop",
      });
      const [stop] = await eventsOf(ada.id);
      expect(stop).toMatchObject({ kind: "opt_out", source: "keyword" });
      expect(await queuedWriteBacks()).toEqual([stop.id]);

      standIn().failNextGraphql({ status: 503, body: { errors: "Service unavailable" } });
      await expect(runConsentWriteBack(stop.id)).rejects.toThrow();
      expect(customerInStandIn(customerId)?.sms.marketingState).toBe("SUBSCRIBED");
      expect(await runConsentWriteBack(stop.id)).toBe("written back: UNSUBSCRIBED");
      expect(customerInStandIn(customerId)?.sms).toMatchObject({
        marketingState: "UNSUBSCRIBED",
        consentUpdatedAt: stop.createdAt.toISOString(),
      });
      const mutations = standIn().requests.filter((r) =>
        r.body.includes("customerSmsMarketingConsentUpdate"),
      );
      expect(mutations).toHaveLength(2);
      expect(await runConsentWriteBack(stop.id)).toBe("already written back");
      expect(
        standIn().requests.filter((r) => r.body.includes("customerSmsMarketingConsentUpdate")),
      ).toHaveLength(2);
      const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.action, WRITE_BACK_ACTION));
      expect(entry).toMatchObject({ targetType: "consent_event", targetId: stop.id });

      // Shopify's webhook about our own change closes the loop: nothing new is recorded.
      const customer = customerInStandIn(customerId);
      if (!customer) throw new Error("no customer");
      const echo = await deliver("customers_marketing_consent/update", marketingConsentWebhookJson(customer));
      expect(echo.outcome).toBe(`${customerId}: SMS consent unchanged (opted_out)`);
      expect(await eventsOf(ada.id)).toHaveLength(1);
    });

    test("a write-back Shopify refuses is not retried; START before the job skips it; the sweep finds a lost one", async () => {
      const { ada, customerId } = await installedStoreWithCustomer(null);
      await receiveInboundSms({
        providerMessageId: "SM-stop-3",
        from: PHONE,
        to: "+15550000000",
        body: "STOP",
      });
      const [stop] = await eventsOf(ada.id);
      expect(await runConsentWriteBack(stop.id)).toBe(
        "refused by Shopify: A phone number is required to set the SMS consent state.",
      );
      expect(await runConsentWriteBack(stop.id)).toBe("already written back");
      expect(customerInStandIn(customerId)?.sms.marketingState).toBe("SUBSCRIBED");

      // A second STOP, then START, before its job runs: Shopify is not told the contact opted out.
      await receiveInboundSms({
        providerMessageId: "SM-start-1",
        from: PHONE,
        to: "+15550000000",
        body: "START",
      });
      await receiveInboundSms({
        providerMessageId: "SM-stop-4",
        from: PHONE,
        to: "+15550000000",
        body: "STOP",
      });
      const second = (await eventsOf(ada.id)).find((e) => e.kind === "opt_out" && e.id !== stop.id);
      if (!second) throw new Error("no second STOP");
      await receiveInboundSms({
        providerMessageId: "SM-start-2",
        from: PHONE,
        to: "+15550000000",
        body: "START",
      });
      expect(await runConsentWriteBack(second.id)).toBe("skipped: the contact opted in again");

      // A third STOP whose job was lost: the sweep queues it once it is minutes old, and only it.
      await receiveInboundSms({
        providerMessageId: "SM-stop-5",
        from: PHONE,
        to: "+15550000000",
        body: "STOP",
      });
      const third = (await eventsOf(ada.id)).find(
        (e) => e.kind === "opt_out" && e.id !== stop.id && e.id !== second.id,
      );
      if (!third) throw new Error("no third STOP");
      expect(await requeueConsentWriteBacks(new Date())).toBe(0);
      expect(await requeueConsentWriteBacks(new Date(Date.now() + 6 * 60_000))).toBe(1);
      expect((await queuedWriteBacks()).filter((id) => id === third.id)).toHaveLength(2);
      expect(
        await getDb().$count(
          auditLog,
          and(eq(auditLog.action, WRITE_BACK_ACTION), eq(auditLog.targetId, third.id)),
        ),
      ).toBe(0);
    });
  },
  { freshPerTest: true },
);
