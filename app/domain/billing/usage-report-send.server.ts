import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { rowsOf, toDate } from "~/domain/journeys/sql.server";
import { usagePeriodStart } from "~/domain/journeys/usage.server";
import { logWithErrorId } from "~/domain/kernel/error-id.server";
import type { Queryable } from "~/domain/kernel/scope";
import type { StripeBilling } from "~/services/billing/stripe-billing.server";

/**
 * Step 2 of the overage reporter (usage-report.server.ts): every queued usage_meter_reports row not
 * yet reported becomes one Stripe meter event (value 1, its message id as identifier), oldest first,
 * in batches, a few calls at a time; reported_at is set after each one Stripe recorded or already had.
 *
 * - Refused (an invalid request other than a duplicate identifier): logged with an error id, left
 *   unreported and tried again by the next run; the run goes on with the other rows (up to MAX_REFUSALS).
 * - Stripe unreachable, rate-limited or failing (no answer, 429, 5xx): the run stops; the next one
 *   (a minute later) resumes.
 * - A worker killed between the call and reported_at: the next run sends the same identifier again,
 *   which Stripe counts once (the adapter answers 'duplicate'). Two runs at once (two workers) may
 *   likewise send a row twice, never bill it twice.
 * Rows queued are sent even if the subscription has ended since (the messages were owed), but not
 * while the company is on manual billing. Stripe refuses meter events older than 35 days: rows older
 * than that (Stripe unreachable for a month) are no longer sent and stay unreported, visible as the
 * gap between overageMessages and reportedOverage.
 */

export const METER_EVENT_MAX_AGE_MS = 35 * 86_400_000 - 60 * 60_000;
const BATCH_SIZE = 100;
const CONCURRENT_CALLS = 8;
const DEFAULT_MAX_EVENTS = 2_000;
/** Refusals after which the run stops: every event refused (an unknown meter) would fill the log. */
const MAX_REFUSALS = 20;
/** A run ends before the next minute's run would start. */
const RUN_BUDGET_MS = 45_000;

export type SendOutcome = {
  /** Recorded by Stripe in this run. */
  reported: number;
  /** Stripe already had the identifier (a retry after a lost answer or a killed worker). */
  duplicates: number;
  /** Refused by Stripe, tried again next run. */
  refused: number;
  /** The run stopped because Stripe could not be reached or failed. */
  unavailable: boolean;
};

type QueuedRow = { id: string; customer: string; occurred_at: string | Date };

export async function sendQueuedMeterEvents(
  billing: StripeBilling,
  options: {
    now: Date;
    eventName: string;
    signal?: AbortSignal;
    maxEvents?: number;
    db?: Queryable;
  },
): Promise<SendOutcome> {
  const db = options.db ?? getDb();
  const maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS;
  const deadline = Date.now() + RUN_BUDGET_MS;
  const oldest = new Date(options.now.getTime() - METER_EVENT_MAX_AGE_MS);
  const outcome: SendOutcome = { reported: 0, duplicates: 0, refused: 0, unavailable: false };
  // Refused in this run: not selected again until the next run.
  const skipped: string[] = [];
  let attempted = 0;
  const goOn = () =>
    attempted < maxEvents &&
    !outcome.unavailable &&
    outcome.refused < MAX_REFUSALS &&
    !options.signal?.aborted &&
    Date.now() < deadline;
  while (goOn()) {
    const batch = await rowsOf<QueuedRow>(
      db,
      sql`select r.message_id as id, r.stripe_customer_id as customer, r.occurred_at
          from usage_meter_reports r join accounts a on a.id = r.account_id
          where r.reported_at is null and not a.manual_billing
            and r.period_start >= ${usagePeriodStart(oldest)}::date and r.occurred_at >= ${oldest.toISOString()}::timestamptz
            and r.message_id not in (select value::uuid from json_array_elements_text(${JSON.stringify(skipped)}::json))
          order by r.occurred_at, r.message_id
          limit ${Math.min(BATCH_SIZE, maxEvents - attempted)}`,
    );
    if (batch.length === 0) break;
    attempted += batch.length;
    let unavailableError: unknown;
    await eachConcurrently(batch, CONCURRENT_CALLS, async (row) => {
      if (unavailableError !== undefined || outcome.refused >= MAX_REFUSALS) return;
      let answer: "recorded" | "duplicate";
      try {
        answer = await billing.reportMeterEvent({
          eventName: options.eventName,
          customerId: row.customer,
          identifier: row.id,
          occurredAt: toDate(row.occurred_at) as Date,
          value: 1,
        });
      } catch (error) {
        if (!isRefusal(error)) {
          unavailableError ??= error;
          return;
        }
        skipped.push(row.id);
        outcome.refused += 1;
        logWithErrorId(
          `Stripe refused the meter event of overage message ${row.id} (tried again next run)`,
          error,
        );
        return;
      }
      await db.execute(
        sql`update usage_meter_reports set reported_at = now() where message_id = ${row.id}::uuid and reported_at is null`,
      );
      if (answer === "duplicate") outcome.duplicates += 1;
      else outcome.reported += 1;
    });
    if (unavailableError !== undefined) {
      outcome.unavailable = true;
      logWithErrorId(
        "Stripe meter events failed; usage reporting resumes next run",
        unavailableError,
        "warn",
      );
    }
  }
  return outcome;
}

/**
 * Stripe answered no to this event (an invalid request): retrying at once would not help. Other 4xx
 * say nothing about the event (401/403 a wrong key, 409 a concurrent request, 429 too many): the run stops.
 */
function isRefusal(error: unknown): boolean {
  const status = (error as { statusCode?: unknown } | undefined)?.statusCode;
  return status === 400 || status === 402 || status === 404 || status === 422;
}

async function eachConcurrently<T>(items: T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await run(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
