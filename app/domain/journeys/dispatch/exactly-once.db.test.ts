import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { Db } from "#db/client.server";
import { accounts, contacts, journeys, messages, messageUsage, touchpoints } from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { applyDeliveryStatus } from "~/domain/messaging/delivery-status.server";
import { linkContactsToProduct } from "~/domain/products/links.server";
import {
  type ChannelAdapter,
  channelAdapter,
  UnknownOutcomeError,
} from "~/services/messaging/channels.server";
import { createLiveProduct } from "../../../../tests/support/journeys-live";
import {
  startUnreliableTwilio,
  type UnreliableMode,
} from "../../../../tests/support/stand-ins/unreliable-twilio";
import { companyWithAdmin } from "../../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { getMessageUsage } from "../usage.server";
import { dispatchDue } from "./claim-due.server";
import type { Enqueue } from "./queue.server";
import { sendMessages } from "./send.server";
import { sweep } from "./sweep.server";

/** Noon in New York on a Monday: no quiet hours for +1201 numbers. */
const T0 = new Date("2030-06-17T16:00:00Z");
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000);
const SID = "AC00000000000000000000000000000009";

function capture() {
  const batches: string[][] = [];
  const enqueue: Enqueue = async (b) => {
    batches.push(...b);
  };
  return { enqueue, batches, ids: () => batches.flat(), clear: () => batches.splice(0) };
}

const KEYS = [
  "TWILIO_ACCOUNT_SID",
  "TWILIO_AUTH_TOKEN",
  "TWILIO_FROM",
  "TWILIO_API_URL",
  "PROVIDER_TIMEOUT_MS",
];
let saved: Record<string, string | undefined> = {};
beforeEach(() => {
  saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
});
afterEach(() => {
  for (const key of KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetConfigForTests();
  vi.restoreAllMocks();
});

describeEachDatabase("exactly once under ambiguous provider failures", (getDb, target) => {
  /** A company whose live journey sends one SMS at once to `count` consenting contacts, dispatched. */
  async function dueMessages(count: number, steps: number[] = [0]) {
    const a = await companyWithAdmin();
    const created = await createLiveProduct(a.context, "Serum");
    if (!created.ok) throw new Error("product");
    const [journey] = await getDb().select().from(journeys).where(eq(journeys.productId, created.product.id));
    for (const [i, wait] of steps.entries())
      await getDb()
        .insert(touchpoints)
        .values({
          accountId: a.account.id,
          journeyId: journey.id,
          ordinal: i + 1,
          name: `Step ${i + 1}`,
          waitMinutes: wait,
          waitUnit: "minutes",
          channel: "sms",
          message: `Hi {{first_name}}, step ${i + 1}`,
        });
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
    await linkContactsToProduct(
      a.context,
      people.map((p) => p.id),
      created.product.id,
    );
    const jobs = capture();
    for (;;) if (!(await dispatchDue({ now: T0, enqueue: jobs.enqueue, inline: false })).more) break;
    return { ...a, jobs };
  }

  const statusesOf = async (accountId: string) =>
    Object.fromEntries(
      (
        await getDb()
          .select({
            key: sql<string>`status || coalesce(':' || status_reason, '')`,
            n: sql<number>`count(*)::int`,
          })
          .from(messages)
          .where(eq(messages.accountId, accountId))
          .groupBy(sql`1`)
      ).map((r) => [r.key, Number(r.n)]),
    );

  test("a send job owns only the messages whose provider call is under way, not its whole batch", async () => {
    const c = await dueMessages(20);
    let mostSending = 0;
    const counting: ChannelAdapter = {
      name: "twilio",
      transactional: false,
      send: async (m) => {
        const [{ n }] = await getDb()
          .select({ n: sql<number>`count(*)::int` })
          .from(messages)
          .where(and(eq(messages.accountId, c.account.id), eq(messages.status, "sending")));
        mostSending = Math.max(mostSending, Number(n));
        return { providerMessageId: `SM-${m.messageId}` };
      },
    };
    const outcome = await sendMessages(c.jobs.ids(), { now: T0, adapterFor: () => counting });
    expect(outcome.sent).toHaveLength(20);
    // At most the provider calls in flight (8), never the 20 the job holds.
    expect(mostSending).toBeGreaterThan(0);
    expect(mostSending).toBeLessThanOrEqual(8);
  });

  test("a message the sweeper gave up on while its call was under way is recorded sent when the provider answers", async () => {
    const c = await dueMessages(1);
    const late: ChannelAdapter = {
      name: "twilio",
      transactional: false,
      send: async (m) => {
        // The provider is slow; meanwhile a sweep finds the message 'sending' for too long.
        expect((await sweep({ now: minutes(11), enqueue: async () => {} })).interrupted).toBe(1);
        return { providerMessageId: `SM-${m.messageId}` };
      },
    };
    const outcome = await sendMessages(c.jobs.ids(), { now: T0, adapterFor: () => late });
    expect(outcome.sent).toHaveLength(1);
    expect(await statusesOf(c.account.id)).toEqual({ sent: 1 });
    expect((await getMessageUsage(c.account.id, T0)).messages).toBe(1);
  });

  test("an unknown outcome is never sent again: it stays 'sending' and the sweeper fails it as unknown_outcome", async () => {
    const c = await dueMessages(2);
    vi.spyOn(console, "error").mockImplementation(() => {});
    const calls: string[] = [];
    const ambiguous: ChannelAdapter = {
      name: "twilio",
      transactional: false,
      send: async (m) => {
        calls.push(m.to);
        if (calls.length === 1) throw new UnknownOutcomeError("Twilio: no answer within 10000 ms");
        throw new Error("socket hang up"); // an unexpected error is just as unknown
      },
    };
    const later = capture();
    const first = await sendMessages(c.jobs.ids(), {
      now: T0,
      adapterFor: () => ambiguous,
      enqueue: later.enqueue,
    });
    expect(first.unknown).toHaveLength(2);
    expect(first.retrying).toEqual([]);
    expect(later.ids()).toEqual([]);
    expect(await statusesOf(c.account.id)).toEqual({ "sending:unknown_outcome": 2 });

    // The same job again, and the sweeper before its timeout: nothing is sent again.
    await sendMessages(c.jobs.ids(), { now: minutes(1), adapterFor: () => ambiguous });
    expect(await sweep({ now: minutes(5), enqueue: later.enqueue })).toEqual({ requeued: 0, interrupted: 0 });
    expect(await sweep({ now: minutes(11), enqueue: later.enqueue })).toEqual({
      requeued: 0,
      interrupted: 2,
    });
    expect(calls).toHaveLength(2);
    expect(await statusesOf(c.account.id)).toEqual({ "failed:unknown_outcome": 2 });
    expect((await getMessageUsage(c.account.id, T0)).messages).toBe(0);
  });

  test("when recording a sent message fails, only the recording is tried again, never the send", async () => {
    const c = await dueMessages(1);
    const real = getDb();
    let transactions = 0;
    // The claim's transaction works; the next two (recording 'sent') lose the connection.
    const flaky = new Proxy(real, {
      get(target, property, receiver) {
        if (property === "transaction")
          return (fn: Parameters<Db["transaction"]>[0]) => {
            transactions += 1;
            if (transactions === 2 || transactions === 3)
              return Promise.reject(new Error("Connection terminated unexpectedly"));
            return target.transaction(fn);
          };
        const value = Reflect.get(target, property, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    }) as Db;
    let calls = 0;
    const provider: ChannelAdapter = {
      name: "twilio",
      transactional: false,
      send: async (m) => {
        calls += 1;
        return { providerMessageId: `SM-${m.messageId}` };
      },
    };
    const later = capture();
    const outcome = await sendMessages(c.jobs.ids(), {
      now: T0,
      adapterFor: () => provider,
      enqueue: later.enqueue,
      db: flaky,
    });
    expect(calls).toBe(1);
    expect(outcome).toMatchObject({ sent: [expect.any(String)], retrying: [], failed: [] });
    expect(later.ids()).toEqual([]);
    expect(await statusesOf(c.account.id)).toEqual({ sent: 1 });
  });

  test("a suspended company's due messages are suppressed as account_suspended; restored, its journeys go on without resending them", async () => {
    const c = await dueMessages(2, [0, 60, 60]);
    // Queued before the suspension, sent by a job that runs after it.
    await getDb().update(accounts).set({ disabled: true }).where(eq(accounts.id, c.account.id));
    let calls = 0;
    const provider: ChannelAdapter = {
      name: "twilio",
      transactional: false,
      send: async (m) => {
        calls += 1;
        return { providerMessageId: `SM-${m.messageId}` };
      },
    };
    const outcome = await sendMessages(c.jobs.ids(), { now: T0, adapterFor: () => provider });
    expect(outcome.suppressed.map((s) => s.reason)).toEqual(["account_suspended", "account_suspended"]);
    // Due while suspended: recorded, not sent.
    const second = capture();
    await dispatchDue({ now: minutes(61), enqueue: second.enqueue, inline: false });
    expect(second.ids()).toEqual([]);
    expect(await statusesOf(c.account.id)).toEqual({ "suppressed:account_suspended": 4 });
    expect(calls).toBe(0);

    // Restored: nothing suppressed goes out again; the next step, due after the restore, does.
    await getDb().update(accounts).set({ disabled: false }).where(eq(accounts.id, c.account.id));
    await sendMessages(c.jobs.ids(), { now: minutes(62), adapterFor: () => provider });
    expect(calls).toBe(0);
    const third = capture();
    await dispatchDue({ now: minutes(122), enqueue: third.enqueue, inline: false });
    await sendMessages(third.ids(), { now: minutes(122), adapterFor: () => provider });
    expect(calls).toBe(2);
    expect(await statusesOf(c.account.id)).toEqual({ "suppressed:account_suspended": 4, sent: 2 });
  });

  test("through a Twilio that refuses, times out, answers 500 and drops connections after taking messages, each job run twice: no duplicate, no loss", {
    timeout: 600_000,
  }, async () => {
    // PGlite runs one statement at a time: fewer messages there; the full 10,000 on PostgreSQL.
    const count = target === "postgres" ? 10_000 : 1_000;
    const plan = (n: number): UnreliableMode =>
      (({ 3: "refuse", 7: "acceptThen500", 11: "acceptThenHang", 13: "acceptThenDrop" })[n % 20] as
        | UnreliableMode
        | undefined) ?? "ok";
    // Hung answers come after the app's timeout, which leaves room for a busy test machine.
    const twilio = await startUnreliableTwilio(SID, plan, 4_000);
    vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      Object.assign(process.env, {
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: "token",
        TWILIO_FROM: "+15005550006",
        TWILIO_API_URL: twilio.url,
        PROVIDER_TIMEOUT_MS: "2000",
      });
      resetConfigForTests();
      expect(channelAdapter("sms").name).toBe("twilio");
      const c = await dueMessages(count);

      // Every job is delivered twice, at once (a retried job, two workers), four jobs at a time.
      let now = T0;
      let batches = c.jobs.batches.splice(0);
      for (let round = 0; batches.length > 0 && round < 10; round++) {
        const retries = capture();
        const runs = batches.flatMap((ids) => [ids, ids]);
        for (let i = 0; i < runs.length; i += 8)
          await Promise.all(
            runs.slice(i, i + 8).map((ids) => sendMessages(ids, { now, enqueue: retries.enqueue })),
          );
        // The 429s come back after their backoff; the sweeper re-queues anything lost on the way.
        now = new Date(now.getTime() + 60 * 60_000);
        await sweep({ now, enqueue: retries.enqueue });
        batches = retries.batches.splice(0);
      }
      // Past the sending timeout, the unknown outcomes are failed.
      await sweep({ now: new Date(now.getTime() + 11 * 60_000), enqueue: async () => {} });

      const perRecipient = new Map<string, number>();
      for (const a of twilio.accepted) perRecipient.set(a.to, (perRecipient.get(a.to) ?? 0) + 1);
      const duplicates = [...perRecipient.values()].filter((n) => n > 1).length;
      const rows = await getDb()
        .select({
          id: messages.id,
          status: messages.status,
          reason: messages.statusReason,
          provider: messages.providerMessageId,
        })
        .from(messages)
        .where(eq(messages.accountId, c.account.id));
      const acceptedIds = new Set(twilio.accepted.map((a) => a.messageId));
      const sent = rows.filter((r) => r.status === "sent");
      // Losses: recorded sent but never taken by Twilio, or neither sent nor failed as unknown.
      const lost =
        sent.filter((r) => !acceptedIds.has(r.id)).length +
        rows.filter((r) => r.status !== "sent" && r.reason !== "unknown_outcome").length;
      console.log(
        `exactly once (${target}): ${count} messages, ${twilio.requests()} requests, ${twilio.accepted.length} taken, ${sent.length} recorded sent, ${rows.length - sent.length} unknown outcomes, ${duplicates} duplicates, ${lost} lost`,
      );
      expect({ messages: rows.length, duplicates, lost }).toEqual({
        messages: count,
        duplicates: 0,
        lost: 0,
      });
      expect(twilio.accepted).toHaveLength(perRecipient.size);
      expect((await getMessageUsage(c.account.id, T0)).messages).toBe(sent.length);

      // Twilio's receipts name the message: each unknown outcome Twilio did take is proven sent. (On a
      // busy machine a request may time out before it reached Twilio: no receipt, it stays failed.)
      const unknown = new Set(rows.filter((r) => r.reason === "unknown_outcome").map((r) => r.id));
      const taken = twilio.accepted.filter((a) => a.messageId && unknown.has(a.messageId));
      expect(taken.length).toBeGreaterThan(0);
      for (const a of taken)
        await applyDeliveryStatus({
          providerMessageId: a.sid,
          status: "delivered",
          messageId: a.messageId,
        });
      const notTaken = unknown.size - taken.length;
      expect(await statusesOf(c.account.id)).toEqual({
        delivered: taken.length,
        sent: sent.length,
        ...(notTaken > 0 ? { "failed:unknown_outcome": notTaken } : {}),
      });
      // Counted once each: the proven ones in the month their receipt came.
      const [usage] = await getDb()
        .select({ messages: sql<number>`coalesce(sum(${messageUsage.messages}), 0)::int` })
        .from(messageUsage)
        .where(eq(messageUsage.accountId, c.account.id));
      expect(Number(usage.messages)).toBe(twilio.accepted.length);
    } finally {
      await twilio.close();
    }
  });
});
