import { eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, plans } from "#db/schema";
import { rowsOf } from "~/domain/journeys/sql.server";
import type { AccountScope, Queryable } from "~/domain/kernel/scope";
import { FREE_PLAN_MESSAGES } from "./plans";

/**
 * The Billing tab's usage records (spec 2 section 3: period, total_usage, overagesSms) from our own
 * message_usage: a period is a calendar month (UTC), its total every message the journeys engine
 * marked sent, its overage the messages beyond the plan's included count. The overage reporter
 * (usage-report.server.ts) bills exactly these numbers to Stripe, one meter event per message.
 */

export type UsagePeriod = {
  /** YYYY-MM-DD, the month's first day. */
  periodStart: string;
  /** YYYY-MM-DD, the month's last day. */
  periodEnd: string;
  totalUsage: number;
  includedMessages: number;
  overageMessages: number;
  /**
   * Overage messages Stripe has recorded for the period (usage-report.server.ts, within a minute or
   * two of the send); below overageMessages while reports are pending, never above unless the plan's
   * included count rose after they were billed.
   */
  reportedOverage: number;
};

/** Messages a plan includes each period; a company without a plan is on the free plan's 250. */
export async function includedMessagesFor(accountId: string, db: Queryable = getDb()): Promise<number> {
  const [row] = await db
    .select({ touchpoints: sql<number | null>`(${plans.limits} ->> 'touchpoints')::int` })
    .from(accounts)
    .leftJoin(plans, eq(plans.id, accounts.planId))
    .where(eq(accounts.id, accountId));
  return row?.touchpoints ?? FREE_PLAN_MESSAGES;
}

export const overageFor = (totalUsage: number, includedMessages: number) =>
  Math.max(0, totalUsage - includedMessages);

/** The month's last day of a YYYY-MM-DD first day. */
export function periodEndOf(periodStart: string): string {
  const start = new Date(`${periodStart}T00:00:00Z`);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
}

/** The company's periods with any usage, newest first (at most `limit`), and always the current one. */
export async function listUsagePeriods(
  scope: AccountScope,
  { limit = 12, now = new Date() }: { limit?: number; now?: Date } = {},
): Promise<UsagePeriod[]> {
  const db = getDb();
  const [rows, included, reports] = await Promise.all([
    rowsOf<{ period_start: string | Date; messages: number }>(
      db,
      sql`select period_start, sum(messages)::int as messages from message_usage
          where account_id = ${scope.account.id}::uuid
          group by period_start order by period_start desc limit ${limit}`,
    ),
    includedMessagesFor(scope.account.id, db),
    rowsOf<{ period_start: string | Date; reported: number }>(
      db,
      sql`select period_start, count(*)::int as reported from usage_meter_reports
          where account_id = ${scope.account.id}::uuid and reported_at is not null
          group by period_start`,
    ),
  ]);
  const totals = new Map(rows.map((r) => [dayOf(r.period_start), Number(r.messages)]));
  const reported = new Map(reports.map((r) => [dayOf(r.period_start), Number(r.reported)]));
  const current = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString().slice(0, 10);
  if (!totals.has(current)) totals.set(current, 0);
  return [...totals.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .slice(0, limit)
    .map(([periodStart, totalUsage]) => ({
      periodStart,
      periodEnd: periodEndOf(periodStart),
      totalUsage,
      includedMessages: included,
      overageMessages: overageFor(totalUsage, included),
      reportedOverage: reported.get(periodStart) ?? 0,
    }));
}

const dayOf = (value: string | Date) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
