import { sql } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { type AppEvent, publishEvent, resetEventsForTests, subscribeToEvents } from "./events.server";

const WAIT_MS = 3_000;
// Long enough for a NOTIFY that was (wrongly) sent to arrive: the delivered case takes milliseconds.
const QUIET_MS = 500;

/** Collects every event; `next(match)` resolves with the first matching one, or rejects after a timeout. */
async function listen() {
  const received: AppEvent[] = [];
  const waiters: { match: (e: AppEvent) => boolean; resolve: (e: AppEvent) => void }[] = [];
  const stop = await subscribeToEvents((event) => {
    received.push(event);
    for (const waiter of waiters.filter((w) => w.match(event))) waiter.resolve(event);
  });
  const next = (match: (e: AppEvent) => boolean) =>
    new Promise<AppEvent>((resolve, reject) => {
      const seen = received.find(match);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`no matching event within ${WAIT_MS} ms`)), WAIT_MS);
      waiters.push({
        match,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  return { received, next, stop };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeEachDatabase(
  "events",
  (getDb) => {
    afterEach(() => resetEventsForTests());

    test("a published event reaches the subscriber", async () => {
      const events = await listen();

      await publishEvent({ topic: "members", accountId: "acct-1", email: "ann@example.com" });

      expect(await events.next((e) => e.accountId === "acct-1")).toEqual({
        topic: "members",
        accountId: "acct-1",
        email: "ann@example.com",
      });
    });

    test("an event published in a transaction arrives at commit", async () => {
      const events = await listen();

      await getDb().transaction(async (tx) => {
        await publishEvent({ topic: "invites", accountId: "acct-committed" }, tx);
      });

      expect(await events.next((e) => e.accountId === "acct-committed")).toMatchObject({ topic: "invites" });
    });

    test("an event published in a transaction that rolls back is not delivered", async () => {
      const events = await listen();

      await expect(
        getDb().transaction(async (tx) => {
          await publishEvent({ topic: "invites", accountId: "acct-rolled-back" }, tx);
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      // A later event proves the channel works and gives the rolled-back one time to (wrongly) arrive.
      await publishEvent({ topic: "invites", accountId: "acct-after" });
      await events.next((e) => e.accountId === "acct-after");
      await sleep(QUIET_MS);

      expect(events.received.map((e) => e.accountId)).toEqual(["acct-after"]);
    });

    test("an unsubscribed subscriber hears nothing more; the others still do", async () => {
      const leaving = await listen();
      const staying = await listen();

      leaving.stop();
      await publishEvent({ topic: "account", accountId: "acct-2" });

      await staying.next((e) => e.accountId === "acct-2");
      await sleep(QUIET_MS);
      expect(leaving.received).toEqual([]);
    });

    test("payloads that are not JSON are ignored", async () => {
      const events = await listen();

      await getDb().execute(sql`select pg_notify('blusteam_events', 'not json')`);
      await publishEvent({ topic: "terms", accountId: "acct-3" });

      await events.next((e) => e.accountId === "acct-3");
      expect(events.received).toHaveLength(1);
    });
  },
  { freshPerTest: true },
);
