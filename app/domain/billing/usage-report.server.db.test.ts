import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from "vitest";
import { accounts, contacts, messages, usageMeterReports } from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { usagePeriodStart } from "~/domain/journeys/usage.server";
import {
  createBilledCompany,
  createOverageMeter,
  insertPlans,
  meterEventRequests,
  onEachRequest,
  recordSentMessages,
  refusedByStripe,
  repeated,
} from "../../../tests/support/billing-usage";
import {
  type StripeStandIn,
  startStripeStandIn,
  stripeErrors,
} from "../../../tests/support/stand-ins/stripe";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { listUsagePeriods } from "./usage.server";
import { billedPeriods, derivedMessageId, GRACE_DAYS, runUsageReport } from "./usage-report.server";

/**
 * The overage reporter through the real adapter (the official SDK) against the Stripe stand-in, which
 * dedupes identifiers as Stripe does: what Stripe's meter counts for a customer is what the Billing
 * tab shows (listUsagePeriods), each overage message once, whatever fails or repeats on the way.
 */

const KEY = "sk_test_usage_report";
const EVENT_NAME = "blusteam_overage_messages";
const ENV_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_API_URL", "STRIPE_METER_EVENT_NAME"];
let stripe: StripeStandIn;
let saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  stripe = await startStripeStandIn({ apiKey: KEY });
});
afterAll(async () => {
  await stripe.close();
});
beforeEach(async () => {
  saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  useStripe(stripe.url);
  stripe.reset();
  await createOverageMeter(EVENT_NAME);
  stripe.requests.length = 0; // the meter's creation is not the reporter's request
});
afterEach(() => {
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetConfigForTests();
  vi.restoreAllMocks();
});

function useStripe(url: string) {
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: KEY,
    STRIPE_API_URL: url,
    STRIPE_METER_EVENT_NAME: EVENT_NAME,
  });
  resetConfigForTests();
}

describeEachDatabase("overage reported to Stripe", (getDb) => {
  const overageShown = async (accountId: string, now = new Date()) =>
    (await listUsagePeriods({ account: { id: accountId } }, { now })).reduce(
      (sum, p) => sum + p.overageMessages,
      0,
    );
  const reportRows = (accountId: string) =>
    getDb().select().from(usageMeterReports).where(eq(usageMeterReports.accountId, accountId));

  test("what Stripe's meter counts equals the overage the usage list shows, across a month's end", async () => {
    const realNow = Date.now();
    const monthStart = new Date(`${usagePeriodStart(new Date(realNow))}T00:00:00Z`).getTime();
    // A run in the first hour of the month (or now, if that is earlier): the month that just ended is
    // still billed, so its last minutes are too.
    const runAt = new Date(Math.min(monthStart + 60 * 60_000, realNow));
    const company = await createBilledCompany();
    await recordSentMessages(getDb(), company.id, 262, new Date(monthStart - 10 * 60_000));
    await recordSentMessages(getDb(), company.id, 5, new Date(monthStart - 1000));
    await recordSentMessages(
      getDb(),
      company.id,
      270,
      new Date(monthStart + (runAt.getTime() - monthStart) / 2),
    );

    const result = await runUsageReport({ now: runAt });

    // 267 - 250 in the month that ended, 270 - 250 in this one.
    expect(await overageShown(company.id, runAt)).toBe(37);
    expect(result).toMatchObject({ queued: 37, reported: 37, duplicates: 0, refused: 0, unavailable: false });
    expect(stripe.meterTotal(company.stripeCustomerId as string, EVENT_NAME)).toBe(37);
    const rows = await reportRows(company.id);
    expect(new Set(stripe.meterEvents().map((e) => e.identifier))).toEqual(
      new Set(rows.map((r) => r.messageId)),
    );
    expect(rows.every((r) => r.reportedAt !== null)).toBe(true);
    // The newest messages beyond the included count: every last-minute message of the ended month.
    const lastMinute = await getDb()
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.sentAt, new Date(monthStart - 1000)));
    expect(rows.map((r) => r.messageId)).toEqual(expect.arrayContaining(lastMinute.map((m) => m.id)));
    const periods = await listUsagePeriods({ account: { id: company.id } }, { now: runAt });
    expect(periods.map((p) => [p.periodStart, p.overageMessages, p.reportedOverage])).toEqual([
      [usagePeriodStart(runAt), 20, 20],
      [usagePeriodStart(new Date(monthStart - 1000)), 17, 17],
    ]);
  });

  test("the month that ended is billed for GRACE_DAYS, then left alone", () => {
    const at = (iso: string) => billedPeriods(new Date(iso));
    expect(GRACE_DAYS).toBe(3);
    expect(at("2030-07-01T00:05:00Z")).toEqual(["2030-07-01", "2030-06-01"]);
    expect(at("2030-07-03T23:59:00Z")).toEqual(["2030-07-01", "2030-06-01"]);
    expect(at("2030-07-04T00:00:00Z")).toEqual(["2030-07-01"]);
  });

  test("a company under its included count reports nothing; nor does one billed by hand or without a subscription", async () => {
    const under = await createBilledCompany();
    await recordSentMessages(getDb(), under.id, 250, new Date());
    const manual = await createBilledCompany({ manualBilling: true });
    await recordSentMessages(getDb(), manual.id, 260, new Date());
    const unsubscribed = await createBilledCompany({ stripeSubscriptionId: null });
    await recordSentMessages(getDb(), unsubscribed.id, 260, new Date());

    expect(await runUsageReport()).toMatchObject({ queued: 0, reported: 0 });
    expect(meterEventRequests(stripe)).toEqual([]);
    expect(await getDb().$count(usageMeterReports)).toBe(0);
  });

  test("a second run reports nothing new; a later overage message is reported on the run after it", async () => {
    const company = await createBilledCompany();
    await recordSentMessages(getDb(), company.id, 260, new Date());
    expect(await runUsageReport()).toMatchObject({ queued: 10, reported: 10 });
    expect(await runUsageReport()).toMatchObject({ queued: 0, reported: 0, duplicates: 0 });
    expect(meterEventRequests(stripe)).toHaveLength(10);

    const [late] = await recordSentMessages(getDb(), company.id, 1, new Date());
    expect(await runUsageReport()).toMatchObject({ queued: 1, reported: 1 });
    expect(meterEventRequests(stripe).at(-1)).toBe(late);
    expect(stripe.meterTotal(company.stripeCustomerId as string)).toBe(11);
    expect(await overageShown(company.id)).toBe(11);
  });

  test("a run sends at most its bound; the next run goes on where it stopped", async () => {
    const company = await createBilledCompany();
    await recordSentMessages(getDb(), company.id, 262, new Date());
    expect(await runUsageReport({ maxEvents: 5 })).toMatchObject({ queued: 12, reported: 5 });
    expect(await runUsageReport({ maxEvents: 5 })).toMatchObject({ queued: 0, reported: 5 });
    expect(await runUsageReport({ maxEvents: 5 })).toMatchObject({ queued: 0, reported: 2 });
    expect(meterEventRequests(stripe)).toHaveLength(12);
    expect(stripe.meterTotal(company.stripeCustomerId as string)).toBe(12);
  });

  test("Stripe failing mid-batch stops the run; the next run reports the rest, each message once", async () => {
    const company = await createBilledCompany();
    await recordSentMessages(getDb(), company.id, 290, new Date());
    // Stripe answers the first 10 meter events, then fails every request (the SDK's retries too).
    let down = true;
    const unhook = onEachRequest(stripe, (n) => {
      if (down && n > 10) stripe.failNext(stripeErrors.unavailable);
    });
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const first = await runUsageReport();
      expect(first).toMatchObject({ queued: 40, reported: 10, refused: 0, unavailable: true });
      expect(warned).toHaveBeenCalledWith(expect.stringMatching(/error id/), expect.anything());
      expect(stripe.meterTotal(company.stripeCustomerId as string)).toBe(10);
      down = false;
      const second = await runUsageReport();
      expect(second).toMatchObject({ queued: 0, reported: 30, unavailable: false });
    } finally {
      unhook();
    }
    expect(stripe.meterTotal(company.stripeCustomerId as string)).toBe(40);
    expect(new Set(stripe.meterEvents().map((e) => e.identifier)).size).toBe(40);
    expect(await overageShown(company.id)).toBe(40);
  });

  test("an event Stripe refuses is logged with an error id and reported by the next run", async () => {
    const company = await createBilledCompany();
    await recordSentMessages(getDb(), company.id, 255, new Date());
    stripe.failNext(refusedByStripe("Invalid payload"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await runUsageReport()).toMatchObject({ queued: 5, reported: 4, refused: 1, unavailable: false });
    expect(logged).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/Stripe refused the meter event .*\[error id [0-9a-f]{8}\]/),
      expect.anything(),
    );
    expect(await runUsageReport()).toMatchObject({ queued: 0, reported: 1, refused: 0 });
    expect(stripe.meterTotal(company.stripeCustomerId as string)).toBe(5);
  });

  test("a report Stripe recorded but we did not mark (a lost answer) is sent again and counted once", async () => {
    const company = await createBilledCompany();
    await recordSentMessages(getDb(), company.id, 262, new Date());
    await runUsageReport();
    const lost = (await reportRows(company.id)).slice(0, 5).map((r) => r.messageId);
    await getDb()
      .update(usageMeterReports)
      .set({ reportedAt: null })
      .where(inArray(usageMeterReports.messageId, lost));

    expect(await runUsageReport()).toMatchObject({ queued: 0, reported: 0, duplicates: 5 });
    const requested = meterEventRequests(stripe);
    expect(requested).toHaveLength(17);
    expect([...repeated(requested).keys()].sort()).toEqual([...lost].sort());
    expect(stripe.meterTotal(company.stripeCustomerId as string)).toBe(12);
    expect((await reportRows(company.id)).every((r) => r.reportedAt !== null)).toBe(true);
  });

  test("a larger plan's included count stops the reporting; nothing billed is taken back", async () => {
    await insertPlans(getDb(), ["lite-1000"]);
    const company = await createBilledCompany();
    await recordSentMessages(getDb(), company.id, 300, new Date());
    expect(await runUsageReport()).toMatchObject({ reported: 50 });

    await getDb().update(accounts).set({ planId: "lite-1000" }).where(eq(accounts.id, company.id));
    await recordSentMessages(getDb(), company.id, 100, new Date());
    expect(await runUsageReport()).toMatchObject({ queued: 0, reported: 0 });
    expect(stripe.meterTotal(company.stripeCustomerId as string)).toBe(50);
    const [current] = await listUsagePeriods({ account: { id: company.id } });
    expect(current).toMatchObject({
      totalUsage: 400,
      includedMessages: 1000,
      overageMessages: 0,
      reportedOverage: 50,
    });
  });

  test("messages deleted with their contacts are billed under derived identifiers, the same on every run", async () => {
    const company = await createBilledCompany();
    const ids = await recordSentMessages(getDb(), company.id, 280, new Date());
    // 30 overage messages counted; only 20 message rows are left.
    const gone = await getDb()
      .select({ contactId: messages.contactId })
      .from(messages)
      .where(inArray(messages.id, ids.slice(20)));
    await getDb()
      .delete(contacts)
      .where(
        inArray(
          contacts.id,
          gone.map((g) => g.contactId),
        ),
      );

    expect(await runUsageReport()).toMatchObject({ queued: 30, reported: 30 });
    expect(await runUsageReport()).toMatchObject({ queued: 0, reported: 0 });
    const period = usagePeriodStart(new Date());
    const derived = Array.from({ length: 10 }, (_, i) => derivedMessageId(company.id, period, 21 + i));
    const identifiers = stripe.meterEvents().map((e) => e.identifier);
    expect(identifiers).toEqual(expect.arrayContaining([...ids.slice(0, 20), ...derived]));
    expect(stripe.meterTotal(company.stripeCustomerId as string)).toBe(30);
    expect(await overageShown(company.id)).toBe(30);
  });

  test("runs at once (several workers) queue and bill each overage message once", async () => {
    const company = await createBilledCompany();
    await recordSentMessages(getDb(), company.id, 300, new Date());
    const runs = await Promise.all(Array.from({ length: 8 }, () => runUsageReport()));
    expect(runs.reduce((sum, r) => sum + r.queued, 0)).toBe(50);
    expect(await getDb().$count(usageMeterReports)).toBe(50);
    expect(stripe.meterTotal(company.stripeCustomerId as string)).toBe(50);
    // A row two runs sent at once is recorded by one, a duplicate for the other.
    expect(runs.reduce((sum, r) => sum + r.reported, 0)).toBe(50);
  });

  test("without Stripe configured nothing is queued or reported", async () => {
    delete process.env.STRIPE_SECRET_KEY;
    resetConfigForTests();
    const company = await createBilledCompany();
    await recordSentMessages(getDb(), company.id, 300, new Date());
    expect(await runUsageReport()).toEqual({
      queued: 0,
      reported: 0,
      duplicates: 0,
      refused: 0,
      unavailable: false,
    });
    expect(stripe.requests).toEqual([]);
    expect(await getDb().$count(usageMeterReports)).toBe(0);
    // The usage list still shows the overage, from our own records.
    expect(await overageShown(company.id)).toBe(50);
  });

  test("Stripe unreachable: nothing is lost, the next run reports everything", async () => {
    const company = await createBilledCompany();
    await recordSentMessages(getDb(), company.id, 253, new Date());
    useStripe("http://127.0.0.1:9"); // nothing listens there
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await runUsageReport()).toMatchObject({ queued: 3, reported: 0, unavailable: true });
    expect(warned).toHaveBeenCalled();
    useStripe(stripe.url);
    expect(await runUsageReport()).toMatchObject({ queued: 0, reported: 3 });
    expect(stripe.meterTotal(company.stripeCustomerId as string)).toBe(3);
    expect(await getDb().$count(usageMeterReports, sql`reported_at is null`)).toBe(0);
  });
});
