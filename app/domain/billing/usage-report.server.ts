import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { config } from "~/config.server";
import { rowsOf, toDate } from "~/domain/journeys/sql.server";
import { usagePeriodStart } from "~/domain/journeys/usage.server";
import type { Queryable } from "~/domain/kernel/scope";
import { type StripeBilling, stripeBilling } from "~/services/billing/stripe-billing.server";
import { includedMessagesFor, overageFor } from "./usage.server";
import { type SendOutcome, sendQueuedMeterEvents } from "./usage-report-send.server";

/**
 * The overage reporter (the "billing-usage-report" job, every minute): bills to Stripe exactly the
 * overage the Billing tab shows (listUsagePeriods), one meter event per overage message, its
 * identifier the message id, so that a retried or repeated report never bills twice.
 *
 * Two steps, all state in the database so a worker killed anywhere resumes on the next run:
 * 1. Queue: for each company billed by Stripe (a customer and a subscription, not manual billing),
 *    for its current period (and the previous one for GRACE_DAYS after a month ends, so the last
 *    minutes of a month are billed), owed = overage (message_usage, the plan's included count) minus
 *    the rows already in usage_meter_reports; that many messages sent in the period and not yet
 *    queued (the newest) are inserted, in one transaction per company and period, before Stripe is
 *    called. When fewer message rows exist than owed (messages cascade-delete with their contact),
 *    the rest get a UUID derived from `usage:{accountId}:{periodStart}:{n}`, n the overage
 *    message's ordinal in the period: the count still equals the overage and a rerun derives the
 *    same identifiers.
 * 2. Report every queued row not yet reported (usage-report-send.server.ts) and set reported_at
 *    after Stripe recorded it or answered that it already had that identifier.
 *
 * A plan change to a larger included count can leave more queued than the overage now shows:
 * nothing more is queued, and nothing already billed is taken back.
 */

/** Days after a month ends during which its late messages (the last minutes) are still queued. */
export const GRACE_DAYS = 3;

export type UsageReportResult = SendOutcome & { queued: number };

const NOTHING: UsageReportResult = { queued: 0, reported: 0, duplicates: 0, refused: 0, unavailable: false };

/** One run of the job; reports nothing (and queues nothing) when Stripe is not configured. */
export async function runUsageReport(
  options: {
    now?: Date;
    signal?: AbortSignal;
    /** The adapter; default the configured one (null: Stripe is not configured). */
    billing?: StripeBilling | null;
    /** Meter events sent at most in this run (the rest wait for the next run). */
    maxEvents?: number;
  } = {},
): Promise<UsageReportResult> {
  const billing = options.billing === undefined ? stripeBilling() : options.billing;
  if (!billing) return { ...NOTHING };
  const now = options.now ?? new Date();
  const queued = await queueOverage(now);
  const sent = await sendQueuedMeterEvents(billing, {
    now,
    eventName: config().STRIPE_METER_EVENT_NAME,
    signal: options.signal,
    maxEvents: options.maxEvents,
  });
  return { queued, ...sent };
}

/** The periods whose overage is queued at `now`: the current one, and the previous one early in a month. */
export function billedPeriods(now: Date): string[] {
  const current = usagePeriodStart(now);
  const previous = usagePeriodStart(new Date(now.getTime() - GRACE_DAYS * 86_400_000));
  return previous === current ? [current] : [current, previous];
}

/** Step 1 for every company billed by Stripe; returns how many rows were queued. */
export async function queueOverage(now: Date, db: Queryable = getDb()): Promise<number> {
  const periods = billedPeriods(now);
  // Only company periods with more messages than rows queued can owe anything (included >= 0); the
  // exact count is taken under the company's lock below.
  const candidates = await rowsOf<{ id: string; customer: string; period_start: string | Date }>(
    db,
    sql`select a.id, a.stripe_customer_id as customer, u.period_start
        from accounts a
        join message_usage u on u.account_id = a.id
          and u.period_start in (select value::date from json_array_elements_text(${JSON.stringify(periods)}::json))
        where a.stripe_customer_id is not null and a.stripe_subscription_id is not null and not a.manual_billing
        group by a.id, a.stripe_customer_id, u.period_start
        having sum(u.messages) > (select count(*) from usage_meter_reports r
          where r.account_id = a.id and r.period_start = u.period_start)
        order by a.id, u.period_start`,
  );
  let queued = 0;
  for (const c of candidates)
    queued += await queuePeriodOverage(
      { accountId: c.id, customerId: c.customer, periodStart: dayOf(c.period_start) },
      now,
      db,
    );
  return queued;
}

/**
 * Queues the overage messages of one company and period not queued yet, in one transaction; returns
 * how many. A company's rows are written under its lock: two runs at once (two workers) would
 * otherwise each see the same gap and queue different messages for it.
 */
export async function queuePeriodOverage(
  target: { accountId: string; customerId: string; periodStart: string },
  now: Date,
  db: Queryable = getDb(),
): Promise<number> {
  const { accountId, customerId, periodStart } = target;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`usage-report:${accountId}`}))`);
    const [usage] = await rowsOf<{ total: number; queued: number }>(
      tx,
      sql`select
            (select coalesce(sum(messages), 0)::int from message_usage
              where account_id = ${accountId}::uuid and period_start = ${periodStart}::date) as total,
            (select count(*)::int from usage_meter_reports
              where account_id = ${accountId}::uuid and period_start = ${periodStart}::date) as queued`,
    );
    const included = await includedMessagesFor(accountId, tx);
    const alreadyQueued = Number(usage.queued);
    const owed = overageFor(Number(usage.total), included) - alreadyQueued;
    if (owed <= 0) return 0;

    const nextPeriod = nextPeriodStart(periodStart);
    const newest = await rowsOf<{ id: string; sent_at: string | Date }>(
      tx,
      sql`select m.id, m.sent_at from messages m
          where m.account_id = ${accountId}::uuid and m.sent_at >= ${`${periodStart}T00:00:00Z`}::timestamptz
            and m.sent_at < ${`${nextPeriod}T00:00:00Z`}::timestamptz
            and not exists (select 1 from usage_meter_reports r where r.message_id = m.id)
          order by m.sent_at desc, m.id desc limit ${owed}`,
    );
    const rows = newest.map((m) => ({ id: m.id, occurredAt: toDate(m.sent_at) as Date }));
    // Counted but no longer in messages (deleted with their contact): stable derived identifiers.
    const lastInstant = new Date(new Date(`${nextPeriod}T00:00:00Z`).getTime() - 1);
    const fallbackAt = now < lastInstant ? now : lastInstant;
    for (let n = alreadyQueued + rows.length + 1; rows.length < owed; n++)
      rows.push({ id: derivedMessageId(accountId, periodStart, n), occurredAt: fallbackAt });

    let inserted = 0;
    for (let i = 0; i < rows.length; i += 1000) {
      const values = JSON.stringify(
        rows.slice(i, i + 1000).map((r) => ({ id: r.id, at: r.occurredAt.toISOString() })),
      );
      const result = await rowsOf<{ message_id: string }>(
        tx,
        sql`insert into usage_meter_reports (message_id, account_id, period_start, stripe_customer_id, occurred_at)
            select v.id, ${accountId}::uuid, ${periodStart}::date, ${customerId}, v.at
            from json_to_recordset(${values}::json) as v(id uuid, at timestamptz)
            on conflict (message_id) do nothing
            returning message_id`,
      );
      inserted += result.length;
    }
    return inserted;
  });
}

/**
 * The identifier of the n-th overage message (1-based) of a company's period when no message row is
 * left for it: UUID-shaped (usage_meter_reports.message_id is a uuid), from `usage:{account}:{period}:{n}`.
 */
export function derivedMessageId(accountId: string, periodStart: string, n: number): string {
  const hex = createHash("sha256").update(`usage:${accountId}:${periodStart}:${n}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The first day of the month after a YYYY-MM-DD first day. */
function nextPeriodStart(periodStart: string): string {
  const start = new Date(`${periodStart}T00:00:00Z`);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

const dayOf = (value: string | Date) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
