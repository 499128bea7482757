import { and, eq, sql } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import {
  contacts,
  enrollments,
  journeyStateChanges,
  journeys,
  messages,
  messageUsage,
  outboxMessages,
  touchpoints,
  trackedLinks,
} from "#db/schema";
import { config } from "~/config.server";
import { deleteContact } from "~/domain/contacts/contacts.server";
import { trackedLinkUrl } from "~/domain/messaging/link-codes";
import {
  linkContactsToProduct,
  linkContactToProduct,
  unlinkContactFromProduct,
} from "~/domain/products/links.server";
import { deleteProduct } from "~/domain/products/products.server";
import { startWorker, stopJobs } from "~/services/jobs/jobs.server";
import {
  type ChannelAdapter,
  PermanentDeliveryError,
  TransientDeliveryError,
} from "~/services/messaging/channels.server";
import { jobHandlers, workerStartHooks } from "~/worker-handlers.server";
import { createLiveProduct } from "../../../tests/support/journeys-live";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { dispatchDue } from "./dispatch/claim-due.server";
import { MAX_ATTEMPTS } from "./dispatch/policy";
import type { Enqueue } from "./dispatch/queue.server";
import { sendMessages } from "./dispatch/send.server";
import { sweep } from "./dispatch/sweep.server";
import { rescheduleJourney, setJourneyState } from "./engine.server";
import { sendTouchpointNow } from "./test-now.server";
import { getMessageUsage } from "./usage.server";

/** Noon in New York on a Monday, far enough ahead that every enrollment made now is due by then. */
const T0 = new Date("2030-06-17T16:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);

/** Captures the send jobs the dispatcher would queue. */
function capture() {
  const batches: string[][] = [];
  const enqueue: Enqueue = async (b) => {
    batches.push(...b);
  };
  return { enqueue, ids: () => batches.flat(), clear: () => batches.splice(0) };
}

describeEachDatabase("journey engine", (getDb, target) => {
  let phoneSeq = 100;
  async function contact(accountId: string, values: Partial<typeof contacts.$inferInsert> = {}) {
    phoneSeq += 1;
    const [row] = await getDb()
      .insert(contacts)
      .values({
        accountId,
        firstName: "Ann",
        lastName: "Lee",
        phone: `+1201555${String(phoneSeq).padStart(4, "0")}`,
        email: `ann${phoneSeq}@example.com`,
        smsConsent: "opted_in",
        ...values,
      })
      .returning();
    return row;
  }

  type Step = { wait: number; channel?: "sms" | "email" | "whatsapp"; message?: string; link?: string };
  async function company(steps: Step[] = [{ wait: 0 }], name = "Boiler") {
    const a = await companyWithAdmin();
    const created = await createLiveProduct(a.context, name);
    if (!created.ok) throw new Error("product");
    const [journey] = await getDb().select().from(journeys).where(eq(journeys.productId, created.product.id));
    const tps = [];
    for (const [i, step] of steps.entries()) {
      const [tp] = await getDb()
        .insert(touchpoints)
        .values({
          accountId: a.account.id,
          journeyId: journey.id,
          ordinal: i + 1,
          name: `Step ${i + 1}`,
          waitMinutes: step.wait,
          waitUnit: "minutes",
          channel: step.channel ?? "sms",
          subject: step.channel === "email" ? "Hello" : null,
          message: step.message ?? `Hi {{first_name}}, step ${i + 1}`,
          linkTarget: step.link ?? null,
        })
        .returning();
      tps.push(tp);
    }
    const scope = { accountId: a.account.id, userId: a.admin.id };
    return { ...a, product: created.product, journey, touchpoints: tps, scope };
  }

  async function enrollmentOf(contactId: string, journeyId: string) {
    const [row] = await getDb()
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.contactId, contactId), eq(enrollments.journeyId, journeyId)));
    return row;
  }
  const messagesOf = (contactId: string) =>
    getDb().select().from(messages).where(eq(messages.contactId, contactId)).orderBy(messages.createdAt);
  const outboxTo = (recipient: string) =>
    getDb().select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));

  /**
   * Dispatches everything due at `now` and sends it, as the jobs would: the outbox delivers in the
   * dispatch transaction; whatever was queued goes through a send job.
   */
  async function run(now: Date) {
    const jobs = capture();
    const sent: string[] = [];
    for (;;) {
      const result = await dispatchDue({ now, enqueue: jobs.enqueue });
      sent.push(...result.sent);
      if (!result.more) break;
    }
    const outcome = await sendMessages(jobs.ids(), { now, enqueue: async () => {} });
    return { ...outcome, sent: [...sent, ...outcome.sent] };
  }

  test("linking enrolls once per contact and journey; unlinking ends; re-linking starts a new cycle", async () => {
    const c = await company([{ wait: 30 }, { wait: 60 }]);
    const ann = await contact(c.account.id);
    const before = Date.now();
    const linked = await linkContactToProduct(getDb(), c.context, ann.id, c.product.id);
    expect(linked.ok).toBe(true);
    await linkContactToProduct(getDb(), c.context, ann.id, c.product.id);
    const rows = await getDb().select().from(enrollments).where(eq(enrollments.contactId, ann.id));
    expect(rows).toHaveLength(1);
    const first = rows[0];
    expect(first).toMatchObject({ status: "active", cycle: 0, position: 0, journeyId: c.journey.id });
    expect(first.contactProductId).toBe(linked.ok ? linked.linkId : null);
    const due = first.nextDueAt?.getTime() ?? 0;
    expect(due - first.stepStartedAt.getTime()).toBe(30 * 60_000);
    expect(first.stepStartedAt.getTime()).toBeGreaterThan(before - 5_000);

    expect(await unlinkContactFromProduct(getDb(), c.context, ann.id, c.product.id)).toBe(true);
    expect(await enrollmentOf(ann.id, c.journey.id)).toMatchObject({
      status: "ended",
      nextDueAt: null,
      contactProductId: null,
    });

    await linkContactToProduct(getDb(), c.context, ann.id, c.product.id);
    expect(await enrollmentOf(ann.id, c.journey.id)).toMatchObject({
      status: "active",
      cycle: 1,
      position: 0,
    });
    // Linking again while linked changes nothing: the enrollment keeps its cycle and place.
    await linkContactToProduct(getDb(), c.context, ann.id, c.product.id);
    expect(await enrollmentOf(ann.id, c.journey.id)).toMatchObject({ cycle: 1, status: "active" });
  });

  test("a multi-row insert into contact_products (the CSV import's merge) enrolls every row once", async () => {
    const c = await company([{ wait: 0 }]);
    const people = await Promise.all([1, 2, 3].map(() => contact(c.account.id)));
    await getDb().execute(
      sql`insert into contact_products (account_id, contact_id, product_id)
          select ${c.account.id}::uuid, id, ${c.product.id}::uuid from contacts where account_id = ${c.account.id}::uuid
          on conflict (contact_id, product_id) do nothing`,
    );
    await getDb().execute(
      sql`insert into contact_products (account_id, contact_id, product_id)
          select ${c.account.id}::uuid, id, ${c.product.id}::uuid from contacts where account_id = ${c.account.id}::uuid
          on conflict (contact_id, product_id) do nothing`,
    );
    const rows = await getDb().select().from(enrollments).where(eq(enrollments.journeyId, c.journey.id));
    expect(rows.map((r) => r.contactId).sort()).toEqual(people.map((p) => p.id).sort());
    expect(rows.every((r) => r.cycle === 0 && r.status === "active")).toBe(true);

    // The Choose Contact modal's path too, and deleting a contact or the product never breaks.
    const dan = await contact(c.account.id);
    expect(await linkContactsToProduct(c.context, [dan.id], c.product.id)).toEqual({ ok: true, created: 1 });
    expect((await enrollmentOf(dan.id, c.journey.id)).status).toBe("active");
    expect(await deleteContact(c.context, dan.id)).toBe(true);
    expect(await deleteProduct(c.context, c.product.id)).toBe(true);
    expect(await getDb().select().from(enrollments).where(eq(enrollments.accountId, c.account.id))).toEqual(
      [],
    );
  });

  test("due times follow the waits from each step's start; the last touchpoint completes the enrollment", async () => {
    const c = await company([{ wait: 0 }, { wait: 60 }, { wait: 24 * 60 }]);
    const ann = await contact(c.account.id);
    await linkContactToProduct(getDb(), c.context, ann.id, c.product.id);

    expect((await run(T0)).sent).toHaveLength(1);
    expect(await enrollmentOf(ann.id, c.journey.id)).toMatchObject({
      position: 1,
      stepStartedAt: T0,
      nextDueAt: minutes(60),
      status: "active",
    });
    expect((await run(minutes(59))).sent).toHaveLength(0);
    expect((await run(minutes(60))).sent).toHaveLength(1);
    expect((await enrollmentOf(ann.id, c.journey.id)).nextDueAt).toEqual(minutes(60 + 24 * 60));
    expect((await run(minutes(60 + 24 * 60))).sent).toHaveLength(1);
    expect(await enrollmentOf(ann.id, c.journey.id)).toMatchObject({
      position: 3,
      status: "completed",
      nextDueAt: null,
    });
    const sent = await messagesOf(ann.id);
    expect(sent.map((m) => m.body)).toEqual(["Hi Ann, step 1", "Hi Ann, step 2", "Hi Ann, step 3"]);
    expect(sent.map((m) => m.idempotencyKey)).toEqual(
      c.touchpoints.map((t) => `${sent[0].enrollmentId}:0:${t.id}`),
    );
    expect(await outboxTo(ann.phone as string)).toHaveLength(3);

    // A touchpoint added at the end revives the completed enrollment, due from its last step.
    await getDb().insert(touchpoints).values({
      accountId: c.account.id,
      journeyId: c.journey.id,
      ordinal: 4,
      name: "Step 4",
      waitMinutes: 10,
      waitUnit: "minutes",
      channel: "sms",
      message: "Last one",
    });
    await rescheduleJourney(getDb(), c.account.id, c.journey.id);
    expect(await enrollmentOf(ann.id, c.journey.id)).toMatchObject({
      status: "active",
      nextDueAt: minutes(60 + 24 * 60 + 10),
    });
    // A changed wait moves the due time.
    await getDb().update(touchpoints).set({ waitMinutes: 5 }).where(eq(touchpoints.ordinal, 4));
    await rescheduleJourney(getDb(), c.account.id, c.journey.id);
    expect((await enrollmentOf(ann.id, c.journey.id)).nextDueAt).toEqual(minutes(60 + 24 * 60 + 5));
  });

  test("deleting a touchpoint already sent or reordering the rest never skips one", async () => {
    const c = await company([{ wait: 0 }, { wait: 60 }, { wait: 120 }, { wait: 30 }]);
    const ann = await contact(c.account.id);
    await linkContactToProduct(getDb(), c.context, ann.id, c.product.id);
    await run(T0); // step 1 sent: position 1, step 2 due at +60
    const [one, two, three, four] = c.touchpoints;
    await getDb().delete(touchpoints).where(eq(touchpoints.id, one.id));
    for (const [ordinal, tp] of [two, three, four].entries())
      await getDb()
        .update(touchpoints)
        .set({ ordinal: ordinal + 1 })
        .where(eq(touchpoints.id, tp.id));
    await rescheduleJourney(getDb(), c.account.id, c.journey.id);
    expect(await enrollmentOf(ann.id, c.journey.id)).toMatchObject({ position: 0, nextDueAt: minutes(60) });
    await run(minutes(60));
    expect((await messagesOf(ann.id)).map((m) => m.touchpointId)).toEqual([null, two.id]);
    // Swap the next two: the one now second goes next, after its own wait.
    await getDb().update(touchpoints).set({ ordinal: 3 }).where(eq(touchpoints.id, three.id));
    await getDb().update(touchpoints).set({ ordinal: 2 }).where(eq(touchpoints.id, four.id));
    await rescheduleJourney(getDb(), c.account.id, c.journey.id);
    expect(await enrollmentOf(ann.id, c.journey.id)).toMatchObject({ position: 1, nextDueAt: minutes(90) });
    await run(minutes(90));
    await run(minutes(90 + 120));
    expect((await messagesOf(ann.id)).map((m) => m.touchpointId)).toEqual([null, two.id, four.id, three.id]);
    expect(await enrollmentOf(ann.id, c.journey.id)).toMatchObject({ position: 3, status: "completed" });
  });

  test("each message gets its own tracked link in place of {{LINK}}; usage counts messages and segments", async () => {
    const c = await company([
      { wait: 0, message: "Hi {{first_name}} see {{LINK}}", link: "https://example.com/x" },
    ]);
    const ann = await contact(c.account.id);
    const bob = await contact(c.account.id, { firstName: "Bob" });
    await linkContactsToProduct(c.context, [ann.id, bob.id], c.product.id);
    expect((await run(T0)).sent).toHaveLength(2);
    const links = await getDb().select().from(trackedLinks).where(eq(trackedLinks.accountId, c.account.id));
    expect(links).toHaveLength(2);
    expect(new Set(links.map((l) => l.code)).size).toBe(2);
    for (const link of links) {
      const [message] = await getDb()
        .select()
        .from(messages)
        .where(eq(messages.id, link.messageId as string));
      expect(message.body).toContain(trackedLinkUrl(config().APP_URL, link.code));
      expect(link).toMatchObject({ targetUrl: "https://example.com/x", contactId: message.contactId });
      expect(message).toMatchObject({ status: "sent", segments: 1, attempts: 1 });
      expect(message.providerMessageId).toBeTruthy();
    }
    expect(await getMessageUsage(c.account.id, T0)).toMatchObject({
      periodStart: "2030-06-01",
      messages: 2,
      segments: 2,
      channels: [{ channel: "sms", messages: 2, segments: 2 }],
    });
    expect((await getMessageUsage(c.account.id, new Date("2030-07-01T00:00:00Z"))).messages).toBe(0);
  });

  test("muted suppresses due messages and keeps the schedule; paused stops it and resumes in place", async () => {
    const c = await company([{ wait: 0 }, { wait: 60 }]);
    const ann = await contact(c.account.id);
    await linkContactToProduct(getDb(), c.context, ann.id, c.product.id);

    expect(await setJourneyState(c.scope, c.journey.id, "muted", { now: T0 })).toEqual({ ok: true });
    expect(await setJourneyState(c.scope, c.journey.id, "muted")).toEqual({ ok: false, reason: "unchanged" });
    await run(T0);
    const [muted] = await messagesOf(ann.id);
    expect(muted).toMatchObject({ status: "suppressed", statusReason: "journey_muted" });
    expect(await outboxTo(ann.phone as string)).toHaveLength(0);
    expect(await enrollmentOf(ann.id, c.journey.id)).toMatchObject({ position: 1, nextDueAt: minutes(60) });

    await setJourneyState(c.scope, c.journey.id, "paused", { now: minutes(1) });
    expect((await run(minutes(120))).sent).toHaveLength(0);
    expect(await messagesOf(ann.id)).toHaveLength(1);
    await setJourneyState(c.scope, c.journey.id, "live", { now: minutes(121) });
    expect((await run(minutes(121))).sent).toHaveLength(1);
    expect(await enrollmentOf(ann.id, c.journey.id)).toMatchObject({ position: 2, status: "completed" });
    const changes = await getDb()
      .select()
      .from(journeyStateChanges)
      .where(eq(journeyStateChanges.journeyId, c.journey.id))
      .orderBy(journeyStateChanges.createdAt);
    expect(changes.map((x) => [x.fromState, x.toState, x.userId])).toEqual([
      ["live", "muted", c.admin.id],
      ["muted", "paused", c.admin.id],
      ["paused", "live", c.admin.id],
    ]);
    const [journey] = await getDb().select().from(journeys).where(eq(journeys.id, c.journey.id));
    expect(journey).toMatchObject({ state: "live", stateChangedAt: minutes(121) });
  });

  test("a message queued before a pause waits, and goes on resume", async () => {
    const c = await company([{ wait: 0 }]);
    const ann = await contact(c.account.id);
    await linkContactToProduct(getDb(), c.context, ann.id, c.product.id);
    const jobs = capture();
    await dispatchDue({ now: T0, enqueue: jobs.enqueue, inline: false });
    await setJourneyState(c.scope, c.journey.id, "paused", { now: T0 });
    const paused = await sendMessages(jobs.ids(), { now: T0, enqueue: async () => {} });
    expect(paused.deferred).toMatchObject([{ reason: "journey_paused" }]);
    expect((await messagesOf(ann.id))[0]).toMatchObject({ status: "queued", statusReason: "journey_paused" });
    await setJourneyState(c.scope, c.journey.id, "live", { now: minutes(5) });
    const resumed = capture();
    await sweep({ now: minutes(5), enqueue: resumed.enqueue });
    expect((await sendMessages(resumed.ids(), { now: minutes(5) })).sent).toHaveLength(1);
    expect(await outboxTo(ann.phone as string)).toHaveLength(1);
  });

  test("disabled stops everything; resuming resets every enrollment to the start in a new cycle", async () => {
    const c = await company([{ wait: 0 }, { wait: 60 }]);
    const ann = await contact(c.account.id);
    const bob = await contact(c.account.id);
    await linkContactsToProduct(c.context, [ann.id, bob.id], c.product.id);
    await run(T0);
    await run(minutes(60)); // both completed
    const cara = await contact(c.account.id);
    await linkContactToProduct(getDb(), c.context, cara.id, c.product.id);
    const jobs = capture();
    await dispatchDue({ now: minutes(61), enqueue: jobs.enqueue, inline: false }); // cara's first message is queued

    await setJourneyState(c.scope, c.journey.id, "disabled", { now: minutes(62) });
    expect((await messagesOf(cara.id))[0]).toMatchObject({
      status: "suppressed",
      statusReason: "journey_disabled",
    });
    expect((await sendMessages(jobs.ids(), { now: minutes(62) })).sent).toEqual([]);
    expect((await run(minutes(200))).sent).toHaveLength(0);

    await setJourneyState(c.scope, c.journey.id, "live", { now: minutes(300) });
    for (const person of [ann, bob, cara]) {
      const e = await enrollmentOf(person.id, c.journey.id);
      expect(e).toMatchObject({
        status: "active",
        position: 0,
        stepStartedAt: minutes(300),
        nextDueAt: minutes(300),
      });
    }
    expect((await enrollmentOf(ann.id, c.journey.id)).cycle).toBe(1);
    expect((await run(minutes(300))).sent).toHaveLength(3);
    expect(await outboxTo(ann.phone as string)).toHaveLength(3); // 2 in cycle 0, 1 in cycle 1
    expect(await outboxTo(cara.phone as string)).toHaveLength(1);
  });

  test("SMS needs consent and honours opt-out; an unlinked contact's queued message is not sent", async () => {
    const c = await company([{ wait: 0 }]);
    const none = await contact(c.account.id, { smsConsent: "none" });
    const out = await contact(c.account.id, { smsConsent: "opted_out" });
    const nophone = await contact(c.account.id, { phone: null });
    const gone = await contact(c.account.id);
    await linkContactsToProduct(c.context, [none.id, out.id, nophone.id, gone.id], c.product.id);
    const jobs = capture();
    await dispatchDue({ now: T0, enqueue: jobs.enqueue, inline: false });
    await unlinkContactFromProduct(getDb(), c.context, gone.id, c.product.id);
    const result = await sendMessages(jobs.ids(), { now: T0 });
    expect(result.sent).toEqual([]);
    const reasons = Object.fromEntries(
      await Promise.all(
        [none, out, nophone, gone].map(async (p) => [p.id, (await messagesOf(p.id))[0].statusReason]),
      ),
    );
    expect(reasons).toEqual({
      [none.id]: "no_consent",
      [out.id]: "opted_out",
      [nophone.id]: "no_address",
      [gone.id]: "enrollment_ended",
    });
    expect(await getDb().select().from(outboxMessages)).toEqual([]);
  });

  test("quiet hours: SMS due at night waits for 08:00 in the zone of the contact's area code or country; email goes at once", async () => {
    const c = await company([{ wait: 0 }]);
    const email = await company([{ wait: 0, channel: "email" }], "Cooker");
    const ny = await contact(c.account.id); // +1 201: the company's own zone (America/New_York)
    const paris = await contact(c.account.id, { phone: "+33612345678" }); // Europe/Paris
    // +1 415 is San Francisco: its own zone, not the New York company's.
    const sf = await contact(c.account.id, { phone: "+14155550199" });
    const mail = await contact(email.account.id);
    await linkContactsToProduct(c.context, [ny.id, paris.id, sf.id], c.product.id);
    await linkContactToProduct(getDb(), email.context, mail.id, email.product.id);
    const night = new Date("2030-06-18T02:30:00Z"); // 22:30 in New York, 04:30 in Paris, 19:30 in San Francisco
    const result = await run(night);
    expect([...result.sent].sort()).toEqual(
      [(await messagesOf(mail.id))[0].id, (await messagesOf(sf.id))[0].id].sort(),
    );
    expect((await messagesOf(ny.id))[0]).toMatchObject({
      status: "queued",
      statusReason: "quiet_hours",
      sendAfter: new Date("2030-06-18T12:00:00Z"), // 08:00 EDT
    });
    expect((await messagesOf(paris.id))[0].sendAfter).toEqual(new Date("2030-06-18T06:00:00Z")); // 08:00 CEST
    const ids = [(await messagesOf(ny.id))[0].id, (await messagesOf(paris.id))[0].id];
    expect((await sendMessages(ids, { now: new Date("2030-06-18T05:59:00Z") })).sent).toEqual([]);
    expect((await sendMessages(ids, { now: new Date("2030-06-18T06:00:00Z") })).sent).toEqual([ids[1]]);
    expect((await sendMessages(ids, { now: new Date("2030-06-18T12:00:00Z") })).sent).toEqual([ids[0]]);
  });

  test("dispatching and sending twice delivers each message once", async () => {
    const c = await company([{ wait: 0 }]);
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => contact(c.account.id)));
    await linkContactsToProduct(
      c.context,
      people.map((p) => p.id),
      c.product.id,
    );
    const first = capture();
    await dispatchDue({ now: T0, enqueue: first.enqueue, limit: 2, inline: false });
    await dispatchDue({ now: T0, enqueue: first.enqueue, limit: 2, inline: false });
    await dispatchDue({ now: T0, enqueue: first.enqueue, limit: 2, inline: false });
    expect((await dispatchDue({ now: T0, enqueue: first.enqueue })).claimed).toBe(0);
    const ids = first.ids();
    expect(ids).toHaveLength(5);
    // Rewinding an enrollment (as a crashed dispatcher would leave it) creates no second message.
    await getDb()
      .update(enrollments)
      .set({ position: 0, nextDueAt: T0 })
      .where(eq(enrollments.contactId, people[0].id));
    expect((await dispatchDue({ now: T0, enqueue: first.enqueue })).created).toBe(0);
    expect(await messagesOf(people[0].id)).toHaveLength(1);

    expect((await sendMessages(ids, { now: T0 })).sent).toHaveLength(5);
    expect((await sendMessages(ids, { now: T0 })).sent).toHaveLength(0);
    // The sweeper finds nothing lost.
    expect((await sweep({ now: minutes(60), enqueue: first.enqueue })).requeued).toBe(0);
    for (const p of people) expect(await outboxTo(p.phone as string)).toHaveLength(1);
  });

  test.runIf(target === "postgres")(
    "two concurrent dispatchers and senders deliver each message once",
    async () => {
      const inline = await company([{ wait: 0 }]);
      const queued = await company([{ wait: 0 }], "Queued");
      for (const c of [inline, queued]) {
        const ids = [];
        for (let i = 0; i < 60; i++) ids.push((await contact(c.account.id)).id);
        await linkContactsToProduct(c.context, ids, c.product.id);
      }
      const jobs = capture();
      const dispatcher = async (options: { inline?: boolean }) => {
        for (;;)
          if (!(await dispatchDue({ now: T0, enqueue: jobs.enqueue, limit: 7, ...options })).more) return;
      };
      // The outbox path: two dispatchers deliver in their own transactions.
      await setJourneyState(queued.scope, queued.journey.id, "paused");
      await Promise.all([dispatcher({}), dispatcher({})]);
      expect(jobs.ids()).toEqual([]);
      // The send-job path: queued by two dispatchers, every id sent by two concurrent senders.
      await setJourneyState(queued.scope, queued.journey.id, "live");
      await Promise.all([dispatcher({ inline: false }), dispatcher({ inline: false })]);
      const ids = jobs.ids();
      expect(new Set(ids).size).toBe(60);
      await Promise.all([sendMessages(ids, { now: T0 }), sendMessages([...ids].reverse(), { now: T0 })]);
      await sendMessages(ids, { now: T0 }); // whatever one skipped while the other held it
      const [{ n, d, m }] = (await getDb().execute(
        sql`select count(*)::int as n, count(distinct recipient)::int as d, count(distinct message_id)::int as m
          from outbox_messages`,
      )) as unknown as { n: number; d: number; m: number }[];
      expect({ n, d, m }).toEqual({ n: 120, d: 120, m: 120 });
      expect((await getMessageUsage(inline.account.id, T0)).messages).toBe(60);
      expect((await getMessageUsage(queued.account.id, T0)).messages).toBe(60);
    },
  );

  test("transient provider errors retry with backoff, then fail with the reason; permanent ones fail at once", async () => {
    const c = await company([{ wait: 0 }]);
    const ann = await contact(c.account.id);
    const bob = await contact(c.account.id);
    await linkContactsToProduct(c.context, [ann.id, bob.id], c.product.id);
    const calls: string[] = [];
    const flaky: ChannelAdapter = {
      name: "twilio",
      transactional: false,
      send: async (m) => {
        calls.push(m.to);
        if (m.to === bob.phone) throw new PermanentDeliveryError("Twilio: invalid number");
        throw new TransientDeliveryError("Twilio: 503 Service Unavailable");
      },
    };
    const jobs = capture();
    await dispatchDue({ now: T0, enqueue: jobs.enqueue, adapterFor: () => flaky });
    expect(jobs.ids()).toHaveLength(2);
    let now = T0;
    const retries: Date[][] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const later: Date[] = [];
      const result = await sendMessages(jobs.ids(), {
        now,
        adapterFor: () => flaky,
        enqueue: async (_b, at) => {
          if (at) later.push(at);
        },
      });
      retries.push(later);
      const [message] = await messagesOf(ann.id);
      expect(message.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        // The provider's text goes to the log under an error id; the message keeps a code and that id.
        expect(message).toMatchObject({
          status: "queued",
          statusReason: expect.stringMatching(/^send_retrying:[0-9a-f]{8}$/),
        });
        expect(result.retrying).toHaveLength(1);
        // Not before its backoff.
        expect((await sendMessages(jobs.ids(), { now, adapterFor: () => flaky })).sent).toEqual([]);
        now = message.sendAfter;
      } else {
        expect(message).toMatchObject({
          status: "failed",
          statusReason: expect.stringMatching(/^send_failed:[0-9a-f]{8}$/),
        });
      }
    }
    expect(retries[0][0].getTime() - T0.getTime()).toBe(30_000);
    expect(retries[1][0].getTime() - retries[0][0].getTime()).toBe(120_000);
    expect((await messagesOf(bob.id))[0]).toMatchObject({
      status: "failed",
      statusReason: expect.stringMatching(/^send_failed:[0-9a-f]{8}$/),
      attempts: 1,
    });
    expect(calls.filter((to) => to === bob.phone)).toHaveLength(1);
    expect(calls.filter((to) => to === ann.phone)).toHaveLength(MAX_ATTEMPTS);
    expect((await getMessageUsage(c.account.id, T0)).messages).toBe(0);
  });

  test("a message left 'sending' by a dead worker is failed by the sweeper, never resent", async () => {
    const c = await company([{ wait: 0 }]);
    const ann = await contact(c.account.id);
    await linkContactToProduct(getDb(), c.context, ann.id, c.product.id);
    const jobs = capture();
    await dispatchDue({ now: T0, enqueue: jobs.enqueue, inline: false });
    await getDb()
      .update(messages)
      .set({ status: "sending", updatedAt: T0 })
      .where(eq(messages.contactId, ann.id));
    expect((await sweep({ now: minutes(5), enqueue: jobs.enqueue })).interrupted).toBe(0);
    expect((await sweep({ now: minutes(11), enqueue: jobs.enqueue })).interrupted).toBe(1);
    const [message] = await messagesOf(ann.id);
    expect(message.status).toBe("failed");
    expect(message.statusReason).toBe("interrupted");
    expect((await sendMessages(jobs.ids(), { now: minutes(12) })).sent).toEqual([]);
  });

  test("Test now sends at once to the picked contacts, bypassing quiet hours and state, never opt-out", async () => {
    const c = await company([{ wait: 0, message: "Try {{LINK}}", link: "https://example.com/t" }]);
    const ann = await contact(c.account.id);
    const out = await contact(c.account.id, { smsConsent: "opted_out" });
    await setJourneyState(c.scope, c.journey.id, "paused");
    const night = new Date("2030-06-18T02:30:00Z");
    const result = await sendTouchpointNow(c.scope, c.touchpoints[0].id, [ann.id, out.id], { now: night });
    expect(result).toEqual({
      ok: true,
      outcomes: [
        { contactId: ann.id, status: "sent" },
        { contactId: out.id, status: "refused", reason: "opted_out" },
      ],
    });
    const [sent] = await messagesOf(ann.id);
    expect(sent).toMatchObject({
      isTest: true,
      status: "sent",
      enrollmentId: null,
      touchpointId: c.touchpoints[0].id,
    });
    expect(sent.idempotencyKey).toMatch(/^test:[0-9a-f-]{36}$/);
    const [outbox] = await outboxTo(ann.phone as string);
    const [link] = await getDb().select().from(trackedLinks).where(eq(trackedLinks.messageId, sent.id));
    expect(outbox.text).toBe(`Try ${trackedLinkUrl(config().APP_URL, link.code)}`);
    expect((await messagesOf(out.id))[0]).toMatchObject({ status: "suppressed", statusReason: "opted_out" });
    expect(await outboxTo(out.phone as string)).toEqual([]);
    expect((await getMessageUsage(c.account.id, night)).messages).toBe(1);
  });

  test("another company's journeys, touchpoints and contacts are never touched", async () => {
    const mine = await company([{ wait: 0 }]);
    const theirs = await company([{ wait: 0 }]);
    const myContact = await contact(mine.account.id);
    const theirContact = await contact(theirs.account.id);
    await linkContactToProduct(getDb(), theirs.context, theirContact.id, theirs.product.id);

    expect(await setJourneyState(mine.scope, theirs.journey.id, "disabled")).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await sendTouchpointNow(mine.scope, theirs.touchpoints[0].id, [myContact.id])).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await sendTouchpointNow(mine.scope, mine.touchpoints[0].id, [theirContact.id])).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await sendTouchpointNow(mine.scope, mine.touchpoints[0].id, ["not-a-uuid"])).toEqual({
      ok: false,
      reason: "not_found",
    });
    await rescheduleJourney(getDb(), mine.account.id, theirs.journey.id);
    // Enrollment follows links, and links are scoped: neither removing their contact from their product
    // nor linking my contact to their product passes through my company.
    expect(await unlinkContactFromProduct(getDb(), mine.context, theirContact.id, theirs.product.id)).toBe(
      false,
    );
    expect(await linkContactToProduct(getDb(), mine.context, myContact.id, theirs.product.id)).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await enrollmentOf(theirContact.id, theirs.journey.id)).toMatchObject({ status: "active" });
    expect(await enrollmentOf(myContact.id, theirs.journey.id)).toBeUndefined();
    const [journey] = await getDb().select().from(journeys).where(eq(journeys.id, theirs.journey.id));
    expect(journey.state).toBe("live");
    expect(await getDb().select().from(messages)).toEqual([]);
    expect(await getDb().select().from(messageUsage)).toEqual([]);
  });
});

describeEachDatabase(
  "journey engine through the real queue",
  (getDb) => {
    afterEach(async () => {
      await stopJobs();
    });

    test("the worker sends an immediate touchpoint as soon as a contact is linked (LISTEN wake-up, pg-boss jobs)", async () => {
      const a = await companyWithAdmin();
      const created = await createLiveProduct(a.context, "Kettle");
      if (!created.ok) throw new Error("product");
      const [journey] = await getDb()
        .select()
        .from(journeys)
        .where(eq(journeys.productId, created.product.id));
      // Email: no quiet hours, so the test does not depend on the time of day.
      await getDb().insert(touchpoints).values({
        accountId: a.account.id,
        journeyId: journey.id,
        ordinal: 1,
        name: "Welcome",
        waitMinutes: 0,
        waitUnit: "minutes",
        channel: "email",
        subject: "Welcome",
        message: "Hello {{first_name}}",
      });
      const [ann] = await getDb()
        .insert(contacts)
        .values({
          accountId: a.account.id,
          firstName: "Ann",
          lastName: "Lee",
          email: "ann.queue@example.com",
        })
        .returning();
      await startWorker(jobHandlers, workerStartHooks);
      await linkContactToProduct(getDb(), a.context, ann.id, created.product.id);
      const start = Date.now();
      let delivered: (typeof outboxMessages.$inferSelect)[] = [];
      while (Date.now() - start < 30_000) {
        delivered = await getDb()
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.recipient, ann.email as string));
        if (delivered.length > 0) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(delivered).toHaveLength(1);
      expect(delivered[0]).toMatchObject({ subject: "Welcome", text: "Hello Ann", channel: "email" });
      const [message] = await getDb().select().from(messages).where(eq(messages.contactId, ann.id));
      expect(message).toMatchObject({ status: "sent", isTest: false });
      expect(delivered[0].messageId).toBe(message.id);
    });
  },
  { freshPerTest: true },
);
