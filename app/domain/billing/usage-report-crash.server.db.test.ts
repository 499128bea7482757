import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { closeDatabase, installDatabase, openDatabase } from "#db/client.server";
import { usageMeterReports } from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { jobs, sendJob, stopJobs } from "~/services/jobs/jobs.server";
import {
  createBilledCompany,
  createOverageMeter,
  meterEventRequests,
  onEachRequest,
  recordSentMessages,
  repeated,
} from "../../../tests/support/billing-usage";
import { type StripeStandIn, startStripeStandIn } from "../../../tests/support/stand-ins/stripe";
import {
  createScratchPostgresDatabase,
  type ScratchPostgresDatabase,
} from "../../../tests/support/test-database";
import { workerProcesses } from "../../../tests/support/worker-process";
import { listUsagePeriods } from "./usage.server";

/**
 * The crash test of issue 12: a worker process (scripts/worker.ts) killed with SIGKILL in the middle
 * of reporting usage, while Stripe (the stand-in, each answer slowed) has recorded meter events whose
 * answers never came back; another worker started after it reports the rest, and Stripe counts every
 * overage message exactly once. The raw requests show the re-sent identifiers (Stripe answered them
 * as duplicates). PostgreSQL only: the embedded PGlite database belongs to a single process.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const KEY = "sk_test_usage_crash";
const EVENT_NAME = "blusteam_overage_messages";
const OVERAGE = 400;
/** Each Stripe answer this much late: the killed worker has calls in flight. */
const ANSWER_DELAY_MS = 150;
/** Meter event calls one worker makes at once (usage-report-send.server.ts). */
const CONCURRENT_CALLS = 8;

const title = serverUrl
  ? "a worker killed while reporting usage [postgres]"
  : "a worker killed while reporting usage [postgres] (skipped: TEST_DATABASE_URL is not set, and this test needs PostgreSQL for two processes)";

if (!serverUrl) console.warn(`Skipped: ${title}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!serverUrl)(title, () => {
  let scratch: ScratchPostgresDatabase;
  let database: ReturnType<typeof openDatabase>;
  let stripe: StripeStandIn;
  const env = { STRIPE_SECRET_KEY: KEY, STRIPE_API_URL: "", STRIPE_METER_EVENT_NAME: EVENT_NAME };
  let saved: Record<string, string | undefined> = {};
  let quiet = false;
  const workers = workerProcesses({ quiet: () => quiet });

  beforeAll(async () => {
    stripe = await startStripeStandIn({ apiKey: KEY });
    env.STRIPE_API_URL = stripe.url;
    saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    resetConfigForTests();
    scratch = await createScratchPostgresDatabase(serverUrl as string);
    database = openDatabase({ url: scratch.url });
    installDatabase(database);
    await database.migrate();
    await jobs(); // installs pg-boss and its queues; this process only sends jobs
  });

  afterAll(async () => {
    quiet = true;
    await workers.killAll();
    await stopJobs();
    await closeDatabase();
    await scratch?.drop();
    await stripe?.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetConfigForTests();
  });

  const startWorker = (name: string) => workers.start(name, { ...env, DATABASE_URL: scratch.url });
  const stop = workers.kill;

  const unreported = async (accountId: string) =>
    (await database.db.select().from(usageMeterReports).where(eq(usageMeterReports.accountId, accountId)))
      .filter((r) => r.reportedAt === null)
      .map((r) => r.messageId);

  test("every overage message is reported exactly once after the restart", { timeout: 180_000 }, async () => {
    const company = await createBilledCompany({ company: "Usage Crash Co" });
    const customer = company.stripeCustomerId as string;
    await recordSentMessages(database.db, company.id, 250 + OVERAGE, new Date());
    const [period] = await listUsagePeriods({ account: { id: company.id } });
    expect(period.overageMessages).toBe(OVERAGE);
    await createOverageMeter(EVENT_NAME);
    stripe.requests.length = 0;
    let slow = true;
    const unhook = onEachRequest(stripe, () => {
      if (slow) stripe.delayNext(ANSWER_DELAY_MS);
    });

    try {
      const first = await startWorker("worker 1");
      await sendJob("billing-usage-report", {});
      const deadline = Date.now() + 60_000;
      while (stripe.meterEvents().length < 40) {
        if (Date.now() > deadline) throw new Error("the first worker reported nothing");
        await sleep(10);
      }
      await stop(first);
      const recordedAtKill = stripe.meterEvents().length;
      const unreportedAtKill = new Set(await unreported(company.id));
      // Every overage message was queued before Stripe was called; the kill came mid-report.
      expect(await database.db.$count(usageMeterReports)).toBe(OVERAGE);
      expect(recordedAtKill).toBeLessThan(OVERAGE);
      expect(unreportedAtKill.size).toBeGreaterThan(0);

      slow = false;
      const second = await startWorker("worker 2");
      await sendJob("billing-usage-report", {});
      const end = Date.now() + 90_000;
      while ((await unreported(company.id)).length > 0) {
        if (Date.now() > end) throw new Error("the second worker did not report everything");
        await sleep(200);
      }
      await sleep(1500); // anything still in flight would show now
      await stop(second);

      const identifiers = stripe.meterEvents().map((e) => e.identifier as string);
      const requested = meterEventRequests(stripe);
      const resent = repeated(requested);
      console.log(
        `usage crash test: ${recordedAtKill} meter events recorded when worker 1 was killed (${unreportedAtKill.size} not marked reported); after worker 2: ${identifiers.length} recorded from ${requested.length} requests, ${resent.size} identifiers sent twice`,
      );
      // Stripe counts each overage message once: as many as the usage list shows.
      expect(new Set(identifiers).size).toBe(identifiers.length);
      expect(stripe.meterTotal(customer, EVENT_NAME)).toBe(OVERAGE);
      const rows = await database.db
        .select()
        .from(usageMeterReports)
        .where(eq(usageMeterReports.accountId, company.id));
      expect(new Set(identifiers)).toEqual(new Set(rows.map((r) => r.messageId)));
      const [after] = await listUsagePeriods({ account: { id: company.id } });
      expect(after).toMatchObject({ overageMessages: OVERAGE, reportedOverage: OVERAGE });
      // Only the calls in flight at the kill went twice (Stripe answered the second as a duplicate).
      expect(requested.length).toBe(OVERAGE + resent.size);
      expect(resent.size).toBeLessThanOrEqual(CONCURRENT_CALLS);
      for (const [id, times] of resent) {
        expect(times).toBe(2);
        expect(unreportedAtKill.has(id)).toBe(true);
      }
    } finally {
      unhook();
    }
  });
});
