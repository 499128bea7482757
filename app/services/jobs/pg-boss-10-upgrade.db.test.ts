import { sql } from "drizzle-orm";
import { fromPglite } from "pg-boss";
import PgBoss10 from "pg-boss-10";
import { afterEach, expect, test } from "vitest";
import { databaseHandle } from "#db/client.server";
import { rowsOf } from "#db/rows";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { waitFor } from "../../../tests/support/wait-for";
import { type JobHandlers, jobs, startWorker, stopJobs } from "./jobs.server";
import { VERSION_10_SCHEMA } from "./pg-boss-10-upgrade.server";
import { queueNames, queues } from "./queues";

/**
 * A database left by the previous release: pg-boss 10's schema, with jobs queued by the real pg-boss
 * 10 code (installed as the pg-boss-10 alias), then started with this release's pg-boss. Every queued
 * job runs exactly once, a completed one never again, a deferred one not before its time.
 */

type Run = { jobId: string; queue: string; at: number; retryCount: number };

function recordingHandlers(runs: Run[]): JobHandlers {
  const record =
    (queue: string) => async (_payload: unknown, context: { jobId: string; retryCount: number }) => {
      runs.push({ jobId: context.jobId, queue, at: Date.now(), retryCount: context.retryCount });
    };
  return Object.fromEntries(queueNames.map((queue) => [queue, record(queue)])) as unknown as JobHandlers;
}

function version10Boss(): PgBoss10 {
  const raw = databaseHandle().raw;
  // As the previous release configured it, without its clocks: the test makes every job itself.
  const common = { schema: "pgboss", supervise: false, schedule: false } as const;
  return raw.kind === "postgres"
    ? new PgBoss10({ ...common, connectionString: raw.url, max: 2 })
    : new PgBoss10({ ...common, db: fromPglite(raw.pglite) });
}

async function query<T>(text: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await databaseHandle().db.execute(text));
}

describeEachDatabase(
  "pg-boss 10 → 12: the jobs of the previous release",
  (_getDb, target) => {
    afterEach(async () => {
      await stopJobs();
    });

    test("queued, retrying, deferred and cron jobs run exactly once after the upgrade; completed ones never", async () => {
      const old = version10Boss();
      old.on("error", (error) => console.error("pg-boss 10:", error));
      await old.start();
      for (const name of queueNames) await old.createQueue(name, { name, ...queues[name].options });

      const created = await old.send("csv-import", { importId: "created" });
      const dispatch = await old.send("journey-dispatch", {});
      // A second wake-up of the "short" queue is refused by pg-boss 10 already: one job waits.
      expect(await old.send("journey-dispatch", {})).toBeNull();
      const runnableAt = Date.now() + 5_000;
      const deferred = await old.send(
        "csv-import",
        { importId: "deferred" },
        { startAfter: new Date(runnableAt) },
      );
      // A job whose first try failed: waiting for its retry (1 s) with its count of tries.
      const retrying = await old.send(
        "journey-send",
        { messageIds: ["m1"] },
        { retryLimit: 3, retryDelay: 1, retryBackoff: false },
      );
      const [firstTry] = await old.fetch("journey-send");
      expect(firstTry.id).toBe(retrying);
      await old.fail("journey-send", retrying as string, new Error("provider down"));
      // Done before the upgrade: must not run again.
      const completedId = (await old.send("shopify-catalogue-sync", {
        accountId: "a1",
        runId: "r1",
      })) as string;
      const [taken] = await old.fetch("shopify-catalogue-sync");
      expect(taken.id).toBe(completedId);
      await old.complete("shopify-catalogue-sync", completedId);
      // A schedule only the old database knows (the worker creates its own): it is kept.
      await old.schedule("analytics-rebuild", "0 4 * * *", {
        accountId: "00000000-0000-4000-8000-000000000001",
      });
      // On PGlite a job left active by the process that stopped is retried at once (see startWorker).
      let orphan: string | null = null;
      if (target === "pglite") {
        orphan = await old.send("shopify-webhook", { webhookId: "w1" });
        const [active] = await old.fetch("shopify-webhook");
        expect(active.id).toBe(orphan);
      }
      await old.stop({ graceful: false, wait: true });

      const states = await query<{ id: string; state: string }>(
        sql`select id, state::text from pgboss.job where not starts_with(name, '__pgboss__')`,
      );
      expect(new Map(states.map((s) => [s.id, s.state]))).toEqual(
        new Map([
          [created, "created"],
          [dispatch, "created"],
          [deferred, "created"],
          [retrying, "retry"],
          [completedId, "completed"],
          ...(orphan ? [[orphan, "active"] as [string, string]] : []),
        ]),
      );

      const runs: Run[] = [];
      await startWorker(recordingHandlers(runs));

      const expected = [created, dispatch, deferred, retrying, ...(orphan ? [orphan] : [])] as string[];
      await waitFor(
        async () => new Set(runs.map((r) => r.jobId)),
        (ran) => expected.every((id) => ran.has(id)),
        30_000,
      );
      // Two more polls: nothing runs a second time.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const timesRun = (id: string) => runs.filter((r) => r.jobId === id).length;
      for (const id of expected) expect(timesRun(id), `job ${id}`).toBe(1);
      expect(timesRun(completedId)).toBe(0);
      expect(runs.find((r) => r.jobId === deferred)?.at).toBeGreaterThanOrEqual(runnableAt);
      // Its second try: the count of tries came along.
      expect(runs.find((r) => r.jobId === retrying)?.retryCount).toBe(1);

      const boss = await jobs();
      const schedules = (await boss.getSchedules()).map((s) => [s.name, s.cron]);
      expect(schedules).toEqual(expect.arrayContaining([["analytics-rebuild", "0 4 * * *"]]));
      const [completedNow] = await boss.findJobs("shopify-catalogue-sync", { id: completedId });
      expect(completedNow?.state).toBe("completed");
      const [oldSchema] = await query<{ n: number }>(
        sql`select count(*)::int as n from pg_namespace where nspname = ${VERSION_10_SCHEMA}`,
      );
      expect(oldSchema.n).toBe(0);

      // The next start (a restart, another process) moves nothing again and runs nothing again.
      await stopJobs();
      await startWorker(recordingHandlers(runs));
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      for (const id of expected) expect(timesRun(id), `job ${id} after a restart`).toBe(1);
      expect(timesRun(completedId)).toBe(0);
    }, 90_000);
  },
  { freshPerTest: true },
);
