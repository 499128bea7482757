import { eq, sql } from "drizzle-orm";
import { afterEach, expect, test, vi } from "vitest";
import { rowsOf } from "#db/rows";
import { contacts, journeys, messages, touchpoints } from "#db/schema";
import { dispatchDue } from "~/domain/journeys/dispatch/claim-due.server";
import { markSent } from "~/domain/journeys/dispatch/mark-sent.server";
import type { Enqueue } from "~/domain/journeys/dispatch/queue.server";
import { sendMessages } from "~/domain/journeys/dispatch/send.server";
import { sendTouchpointNow } from "~/domain/journeys/test-now.server";
import { applyDeliveryStatus } from "~/domain/messaging/delivery-status.server";
import { linkContactsToProduct } from "~/domain/products/links.server";
import { type ChannelAdapter, UnknownOutcomeError } from "~/services/messaging/channels.server";
import { createLiveProduct } from "../../../tests/support/journeys-live";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { listUsagePeriods } from "./usage.server";

/**
 * Issue 12, item 4: every message the journeys engine records as sent is counted once in
 * message_usage, whatever repeats on the way (a retried markSent, a send job run by two workers, two
 * dispatchers, a delivery receipt replayed, a Test now form submitted twice). Test now messages are
 * counted: they reach a real contact through the real provider, which bills us for them.
 */

/** Noon in New York on a Monday: no quiet hours for +1201 numbers. */
const T0 = new Date("2030-06-17T16:00:00Z");

afterEach(() => {
  vi.restoreAllMocks();
});

describeEachDatabase("usage: each sent message counted once", (getDb) => {
  /** A company whose live journey sends one SMS at once to `count` consenting contacts. */
  async function company(count: number) {
    const a = await companyWithAdmin();
    const created = await createLiveProduct(a.context, "Serum");
    if (!created.ok) throw new Error("product");
    const [journey] = await getDb().select().from(journeys).where(eq(journeys.productId, created.product.id));
    const [touchpoint] = await getDb()
      .insert(touchpoints)
      .values({
        accountId: a.account.id,
        journeyId: journey.id,
        ordinal: 1,
        name: "Welcome",
        waitMinutes: 0,
        waitUnit: "minutes",
        channel: "sms",
        message: "Hi {{first_name}}",
      })
      .returning();
    const people = await getDb()
      .insert(contacts)
      .values(
        Array.from({ length: count }, (_, i) => ({
          accountId: a.account.id,
          firstName: "Ann",
          lastName: "Lee",
          phone: `+1201${String(i + 1).padStart(7, "0")}`,
          smsConsent: "opted_in" as const,
        })),
      )
      .returning({ id: contacts.id });
    const link = () =>
      linkContactsToProduct(
        a.context,
        people.map((p) => p.id),
        created.product.id,
      );
    return { ...a, touchpoint, people, link };
  }

  /** Messages counted in message_usage, and messages the engine recorded sent. */
  async function counts(accountId: string) {
    const [r] = rowsOf<{ usage: number; sent: number }>(
      await getDb().execute(
        sql`select
            (select coalesce(sum(messages), 0)::int from message_usage where account_id = ${accountId}::uuid) as usage,
            (select count(*)::int from messages where account_id = ${accountId}::uuid and sent_at is not null) as sent`,
      ),
    );
    return { usage: Number(r.usage), sent: Number(r.sent) };
  }

  const collect = () => {
    const ids: string[] = [];
    const enqueue: Enqueue = async (batches) => {
      ids.push(...batches.flat());
    };
    return { ids, enqueue };
  };

  test("a send job run by two workers at once, then retried, counts each message once", async () => {
    const c = await company(12);
    await c.link();
    const jobs = collect();
    await dispatchDue({ now: T0, enqueue: jobs.enqueue, inline: false });
    expect(jobs.ids).toHaveLength(12);
    let calls = 0;
    const provider: ChannelAdapter = {
      name: "twilio",
      transactional: false,
      send: async (m) => {
        calls += 1;
        return { providerMessageId: `SM-${m.messageId}` };
      },
    };
    const send = () => sendMessages(jobs.ids, { now: T0, adapterFor: () => provider });
    await Promise.all([send(), send()]);
    await send();
    expect(calls).toBe(12);
    expect(await counts(c.account.id)).toEqual({ usage: 12, sent: 12 });
  });

  test("two dispatchers delivering to the outbox at once count each message once", async () => {
    const c = await company(30);
    await c.link();
    const jobs = collect();
    const dispatch = () => dispatchDue({ now: T0, enqueue: jobs.enqueue, inline: true, limit: 7 });
    for (let round = 0; round < 10; round++) await Promise.all([dispatch(), dispatch()]);
    expect(jobs.ids).toEqual([]);
    expect(await counts(c.account.id)).toEqual({ usage: 30, sent: 30 });
  });

  test("a retried markSent (the recording step tried again) counts nothing the second time", async () => {
    const c = await company(3);
    await c.link();
    const jobs = collect();
    await dispatchDue({ now: T0, enqueue: jobs.enqueue, inline: false });
    const results = jobs.ids.map((id) => ({ id, to: "+12010000001", provider: `SM-${id}` }));
    await getDb().transaction((tx) => markSent(tx, results, T0));
    await getDb().transaction((tx) => markSent(tx, results, T0));
    await getDb().transaction((tx) => markSent(tx, [{ ...results[0], attempt: 0 }], T0));
    expect(await counts(c.account.id)).toEqual({ usage: 3, sent: 3 });
  });

  test("an unknown outcome proven sent by a receipt replayed twice counts once", async () => {
    const c = await company(1);
    await c.link();
    const jobs = collect();
    await dispatchDue({ now: T0, enqueue: jobs.enqueue, inline: false });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const silent: ChannelAdapter = {
      name: "twilio",
      transactional: false,
      send: async () => {
        throw new UnknownOutcomeError("Twilio: no answer");
      },
    };
    await sendMessages(jobs.ids, { now: T0, adapterFor: () => silent });
    expect(await counts(c.account.id)).toEqual({ usage: 0, sent: 0 });
    const receipt = { providerMessageId: "SM-proven", status: "delivered", messageId: jobs.ids[0] };
    await applyDeliveryStatus(receipt);
    await applyDeliveryStatus(receipt);
    expect(await counts(c.account.id)).toEqual({ usage: 1, sent: 1 });
  });

  test("Test now messages count toward billing, once per form however often it is submitted", async () => {
    const c = await company(2);
    const scope = { accountId: c.account.id, userId: c.admin.id };
    const ids = c.people.map((p) => p.id);
    const requestKey = "0b6c2d7e-1f3a-4b5c-9d8e-7f6a5b4c3d2e";
    const send = () => sendTouchpointNow(scope, c.touchpoint.id, ids, { now: T0, requestKey });
    await Promise.all([send(), send()]);
    await send();
    expect(await getDb().$count(messages, eq(messages.accountId, c.account.id))).toBe(2);
    expect(await counts(c.account.id)).toEqual({ usage: 2, sent: 2 });
    // Another form: two more messages, two more counted.
    await sendTouchpointNow(scope, c.touchpoint.id, ids, { now: T0 });
    expect(await counts(c.account.id)).toEqual({ usage: 4, sent: 4 });
    const [june] = await listUsagePeriods({ account: { id: c.account.id } }, { now: T0 });
    expect(june).toMatchObject({ periodStart: "2030-06-01", totalUsage: 4 });
  });
});
