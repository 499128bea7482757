import { and, eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { rowsOf } from "#db/rows";
import {
  accounts,
  contacts,
  formSubmissions,
  journeys,
  messages,
  microsites,
  shopifyOrders,
  touchpoints,
  trackedLinks,
} from "#db/schema";
import { deleteContact } from "~/domain/contacts/contacts.server";
import { flushPageLoads, recordPageLoad } from "~/domain/forms/public-form.server";
import { dispatchDue } from "~/domain/journeys/dispatch/claim-due.server";
import type { Enqueue } from "~/domain/journeys/dispatch/queue.server";
import { sendMessages } from "~/domain/journeys/dispatch/send.server";
import { recordSmsOptOut } from "~/domain/messaging/consent.server";
import { applyDeliveryStatus } from "~/domain/messaging/delivery-status.server";
import { followTrackedLink } from "~/domain/messaging/tracked-links.server";
import { linkContactsToProduct } from "~/domain/products/links.server";
import { updateMessagingSettings } from "~/domain/settings/messaging.server";
import { recount, storedRollups } from "../../../tests/support/analytics-recount";
import { storeOrder } from "../../../tests/support/attribution-rows";
import { createLiveProduct } from "../../../tests/support/journeys-live";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { rebuildAnalytics } from "./rebuild.server";

/**
 * The rollups (kept by the migration's triggers) equal a recount of the raw rows after sends,
 * suppressions, deliveries, failures, clicks, opt-outs, form views and submissions and orders,
 * including retried sends and replayed webhooks; a rebuild changes nothing; companies stay apart.
 */

/** Noon in New York on a Monday: no quiet hours for +1201 numbers. */
const T0 = new Date("2030-06-17T16:00:00Z");

describeEachDatabase("analytics rollups", (getDb) => {
  async function companyWithJourney(name: string) {
    const a = await companyWithAdmin(name);
    const created = await createLiveProduct(a.context, `${name} Serum`);
    if (!created.ok) throw new Error("product");
    const [journey] = await getDb().select().from(journeys).where(eq(journeys.productId, created.product.id));
    const [step] = await getDb()
      .insert(touchpoints)
      .values({
        accountId: a.account.id,
        journeyId: journey.id,
        ordinal: 1,
        name: "Welcome",
        waitMinutes: 0,
        waitUnit: "minutes",
        channel: "sms",
        message: "Hi {{first_name}}: {{LINK}}",
        linkTarget: "https://shop.example.com/welcome",
      })
      .returning();
    return { ...a, product: created.product, journey, step };
  }

  async function sendToNewContacts(
    c: Awaited<ReturnType<typeof companyWithJourney>>,
    consents: string[],
    from = 0,
  ) {
    const people = await getDb()
      .insert(contacts)
      .values(
        consents.map((consent, i) => ({
          accountId: c.account.id,
          firstName: "Ann",
          lastName: "Lee",
          phone: `+1201555${String(from + i + 1).padStart(4, "0")}`,
          smsConsent: consent as "opted_in" | "none",
          createdAt: T0,
        })),
      )
      .returning({ id: contacts.id });
    await linkContactsToProduct(
      c.context,
      people.map((p) => p.id),
      c.product.id,
    );
    const batches: string[][] = [];
    const enqueue: Enqueue = async (b) => {
      batches.push(...b);
    };
    for (;;) if (!(await dispatchDue({ now: T0, enqueue, inline: false })).more) break;
    const ids = batches.flat();
    await sendMessages(ids, { now: T0 });
    return { people, ids };
  }

  const sentMessages = (accountId: string) =>
    getDb()
      .select({ id: messages.id, provider: messages.providerMessageId, contactId: messages.contactId })
      .from(messages)
      .where(and(eq(messages.accountId, accountId), eq(messages.status, "sent")))
      .orderBy(messages.recipient);

  async function expectRollupsEqualRecount(accountId: string) {
    const stored = await storedRollups(getDb(), accountId);
    expect(stored).toEqual(await recount(getDb(), accountId));
    return stored;
  }

  test("every event counts once, retries and replays count nothing, and a rebuild finds the same", async () => {
    const a = await companyWithJourney("Alpha");
    const b = await companyWithJourney("Beta");
    const first = await sendToNewContacts(a, ["opted_in", "opted_in", "opted_in", "none"]);
    await sendToNewContacts(b, ["opted_in"], 100);

    // The same send job again (a retry after a lost acknowledgement), and the dispatcher again.
    await sendMessages(first.ids, { now: T0 });
    await dispatchDue({ now: T0, enqueue: async () => {}, inline: false });

    const sent = await sentMessages(a.account.id);
    expect(sent).toHaveLength(3);
    // A delivery receipt, replayed; a failure; an unknown provider id.
    for (let i = 0; i < 2; i++)
      await applyDeliveryStatus({ providerMessageId: sent[0].provider ?? "", status: "delivered" });
    await applyDeliveryStatus({
      providerMessageId: sent[1].provider ?? "",
      status: "undelivered",
      errorCode: "30003",
    });
    await applyDeliveryStatus({ providerMessageId: "SM-unknown", status: "delivered" });

    // Clicks: twice on the first message's link, once on the second's.
    const codeOf = async (messageId: string) =>
      (await getDb().select().from(trackedLinks).where(eq(trackedLinks.messageId, messageId)))[0].code;
    const firstCode = await codeOf(sent[0].id);
    expect(await followTrackedLink(firstCode, "Test/1.0")).toBe("https://shop.example.com/welcome");
    await followTrackedLink(firstCode, "Test/1.0");
    await followTrackedLink(await codeOf(sent[1].id), "Test/1.0");

    // An opt-out, form views and a submission posted twice with the same key.
    await recordSmsOptOut(getDb(), a.account.id, sent[2].contactId, {
      source: "admin",
      consentText: null,
      ip: null,
    });
    const [form] = await getDb()
      .insert(microsites)
      .values({ accountId: a.account.id, templateName: "Blank", elements: [], style: {}, disabled: false })
      .returning();
    for (let i = 0; i < 3; i++) recordPageLoad(form.id, a.account.id, T0);
    await flushPageLoads();
    for (let i = 0; i < 2; i++)
      await getDb()
        .insert(formSubmissions)
        .values({
          formId: form.id,
          accountId: a.account.id,
          contactId: sent[0].contactId,
          idempotencyKey: "same-key",
          values: { first_name: "Ann" },
          createdAt: T0,
        })
        .onConflictDoNothing();

    // Orders: one attributed, one cancelled afterwards, one replayed update that changes nothing.
    await storeOrder(getDb(), {
      accountId: a.account.id,
      contactId: sent[0].contactId,
      totalMinor: 5000,
      placedAt: T0,
      touchpointId: a.step.id,
    });
    const cancelled = await storeOrder(getDb(), {
      accountId: a.account.id,
      contactId: sent[1].contactId,
      totalMinor: 2500,
      placedAt: T0,
    });
    for (let i = 0; i < 2; i++)
      await getDb()
        .update(shopifyOrders)
        .set({ cancelledAt: T0, updatedAt: new Date() })
        .where(eq(shopifyOrders.id, cancelled.id));

    const before = await expectRollupsEqualRecount(a.account.id);
    await expectRollupsEqualRecount(b.account.id);
    const totals = async (accountId: string) =>
      rowsOf<Record<string, number>>(
        await getDb().execute(sql`select
            (select sum(sent)::int from analytics_message_daily where account_id = ${accountId}::uuid) as sent,
            (select sum(delivered)::int from analytics_message_daily where account_id = ${accountId}::uuid) as delivered,
            (select sum(failed)::int from analytics_message_daily where account_id = ${accountId}::uuid) as failed,
            (select sum(clicks)::int from analytics_message_daily where account_id = ${accountId}::uuid) as clicks,
            (select sum(clicked_messages)::int from analytics_message_daily where account_id = ${accountId}::uuid) as clicked,
            (select sum(messages)::int from analytics_not_sent_daily where account_id = ${accountId}::uuid and reason = 'no_consent') as no_consent,
            (select sum(new_contacts)::int from analytics_audience_daily where account_id = ${accountId}::uuid) as contacts,
            (select sum(opt_outs)::int from analytics_audience_daily where account_id = ${accountId}::uuid) as opt_outs,
            (select sum(form_views)::int from analytics_audience_daily where account_id = ${accountId}::uuid) as views,
            (select sum(form_submissions)::int from analytics_audience_daily where account_id = ${accountId}::uuid) as submissions,
            (select sum(orders)::int from analytics_order_daily where account_id = ${accountId}::uuid) as orders,
            (select sum(revenue_minor)::int from analytics_order_daily where account_id = ${accountId}::uuid) as revenue`),
      )[0];
    expect(await totals(a.account.id)).toEqual({
      sent: 3,
      delivered: 1,
      failed: 1,
      clicks: 3,
      clicked: 2,
      no_consent: 1,
      contacts: 4,
      opt_outs: 1,
      views: 3,
      submissions: 1,
      orders: 1,
      revenue: 5000,
    });
    expect(await totals(b.account.id)).toMatchObject({ sent: 1, clicks: 0, contacts: 1, orders: null });

    // The rebuild recomputes exactly what the triggers kept.
    await rebuildAnalytics(getDb(), a.account.id);
    expect(await storedRollups(getDb(), a.account.id)).toEqual(before);

    // A deleted contact takes its messages, clicks and orders' contact with it: still equal.
    await deleteContact(a.context, sent[0].contactId);
    await expectRollupsEqualRecount(a.account.id);
    expect((await totals(a.account.id)).clicks).toBe(1);
  });

  test("a rebuild repairs rollups that were lost or wrong, and only for its company", async () => {
    const a = await companyWithJourney("Gamma");
    const b = await companyWithJourney("Delta");
    await sendToNewContacts(a, ["opted_in", "opted_in"]);
    await sendToNewContacts(b, ["opted_in"], 50);
    const expectedA = await storedRollups(getDb(), a.account.id);
    const expectedB = await storedRollups(getDb(), b.account.id);
    await getDb().execute(sql`delete from analytics_message_daily`);
    await getDb().execute(sql`update analytics_audience_daily set new_contacts = new_contacts + 7`);
    await rebuildAnalytics(getDb(), a.account.id);
    expect(await storedRollups(getDb(), a.account.id)).toEqual(expectedA);
    expect(await storedRollups(getDb(), b.account.id)).not.toEqual(expectedB);
    await rebuildAnalytics(getDb(), b.account.id);
    expect(await storedRollups(getDb(), b.account.id)).toEqual(expectedB);
  });

  test("messages held by quiet hours count as waiting, and move to sent when they go", async () => {
    const a = await companyWithJourney("Epsilon");
    // 03:00 in New York: SMS to +1201 numbers waits for the morning.
    const night = new Date("2030-06-17T07:00:00Z");
    const [person] = await getDb()
      .insert(contacts)
      .values({
        accountId: a.account.id,
        firstName: "Al",
        lastName: "Ng",
        phone: "+12015559001",
        smsConsent: "opted_in",
      })
      .returning();
    await linkContactsToProduct(a.context, [person.id], a.product.id);
    const batches: string[][] = [];
    await dispatchDue({ now: night, enqueue: async (b) => void batches.push(...b), inline: false });
    await sendMessages(batches.flat(), { now: night });
    const waiting = await storedRollups(getDb(), a.account.id);
    expect(waiting.some((l) => l.startsWith("not_sent ") && l.includes(" quiet_hours 1"))).toBe(true);
    await expectRollupsEqualRecount(a.account.id);
    await sendMessages(batches.flat(), { now: T0 });
    const after = await expectRollupsEqualRecount(a.account.id);
    expect(after.some((l) => l.includes("quiet_hours"))).toBe(false);
    expect(after.some((l) => l.startsWith("message ") && l.includes(" sent=1 "))).toBe(true);
  });

  test("a new time zone moves the company's history to its new local days", async () => {
    const a = await companyWithJourney("Eta");
    // 02:00 UTC is the 16th in Tokyo but still the 15th in New York.
    await getDb()
      .insert(contacts)
      .values({
        accountId: a.account.id,
        firstName: "Jo",
        lastName: "Ro",
        phone: "+12015559100",
        createdAt: new Date("2030-06-16T02:00:00Z"),
      });
    expect(await storedRollups(getDb(), a.account.id)).toEqual([
      "audience 2030-06-15 contacts=1 opt_ins=0 opt_outs=0 views=0 submissions=0",
    ]);
    const rebuilt: string[] = [];
    await updateMessagingSettings(a.context, { timeZone: "Asia/Tokyo", smsHelpText: null }, async (id) => {
      rebuilt.push(id);
      await rebuildAnalytics(getDb(), id);
    });
    expect(rebuilt).toEqual([a.account.id]);
    expect(await expectRollupsEqualRecount(a.account.id)).toEqual([
      "audience 2030-06-16 contacts=1 opt_ins=0 opt_outs=0 views=0 submissions=0",
    ]);
    // Saving the same time zone again rebuilds nothing.
    await updateMessagingSettings(a.context, { timeZone: "Asia/Tokyo", smsHelpText: "Help" }, async (id) => {
      rebuilt.push(id);
    });
    expect(rebuilt).toHaveLength(1);
  });

  test("deleting a company takes its rollups with it", async () => {
    const a = await companyWithJourney("Zeta");
    await sendToNewContacts(a, ["opted_in"]);
    expect((await storedRollups(getDb(), a.account.id)).length).toBeGreaterThan(0);
    await getDb().delete(accounts).where(eq(accounts.id, a.account.id));
    expect(await storedRollups(getDb(), a.account.id)).toEqual([]);
  });
});
