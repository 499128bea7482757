import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { rowsOf } from "~/domain/journeys/sql.server";
import type { Queryable } from "~/domain/kernel/scope";
import { includedMessagesFor, overageFor } from "./usage.server";
import { billedPeriods, derivedMessageId } from "./usage-report.server";

/**
 * Step 1 of the Shopify overage reporter (shopify-usage-report.server.ts): for each store account on
 * an active Shopify subscription, the overage the Billing tab shows for its current period (and the
 * previous one for a few days, as for Stripe) becomes one shopify_usage_records row per overage
 * message, written before Shopify is called: these rows are what makes a message charged once, since
 * the library's usage call ignores its idempotency key. Each row carries the tier's overage price at
 * the time it is queued. Messages already billed through Stripe (usage_meter_reports) are never queued.
 */

type Candidate = { id: string; shop: string; period_start: string | Date };

/** Queues every store account's unqueued overage; returns how many rows were written. */
export async function queueShopifyOverage(now: Date, db: Queryable = getDb()): Promise<number> {
  const periods = billedPeriods(now);
  const candidates = await rowsOf<Candidate>(
    db,
    sql`select a.id, p.shop_domain as shop, u.period_start
        from accounts a
        join store_profiles p on p.account_id = a.id and p.enabled
        join message_usage u on u.account_id = a.id
          and u.period_start in (select value::date from json_array_elements_text(${JSON.stringify(periods)}::json))
        where a.source = 'shopify' and a.shopify_plan_id is not null and not a.manual_billing
        group by a.id, p.shop_domain, u.period_start
        having sum(u.messages) > (select count(*) from shopify_usage_records r
          where r.account_id = a.id and r.period_start = u.period_start)
        order by a.id, u.period_start`,
  );
  let queued = 0;
  for (const c of candidates)
    queued += await queueStorePeriodOverage(
      { accountId: c.id, shop: c.shop, periodStart: dayOf(c.period_start) },
      now,
      db,
    );
  return queued;
}

/** One company's period, under the same per-company lock as the Stripe queue (one writer at a time). */
export async function queueStorePeriodOverage(
  target: { accountId: string; shop: string; periodStart: string },
  now: Date,
  db: Queryable = getDb(),
): Promise<number> {
  const { accountId, shop, periodStart } = target;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`usage-report:${accountId}`}))`);
    const [usage] = await rowsOf<{
      total: number;
      queued: number;
      stripe: number;
      overage_millicents: number | null;
    }>(
      tx,
      sql`select
            (select coalesce(sum(messages), 0)::int from message_usage
              where account_id = ${accountId}::uuid and period_start = ${periodStart}::date) as total,
            (select count(*)::int from shopify_usage_records
              where account_id = ${accountId}::uuid and period_start = ${periodStart}::date) as queued,
            (select count(*)::int from usage_meter_reports
              where account_id = ${accountId}::uuid and period_start = ${periodStart}::date) as stripe,
            (select (pl.limits ->> 'overageCostMillicents')::int from accounts a
              left join plans pl on pl.id = a.plan_id where a.id = ${accountId}::uuid) as overage_millicents`,
    );
    const included = await includedMessagesFor(accountId, tx);
    const alreadyQueued = Number(usage.queued) + Number(usage.stripe);
    const owed = overageFor(Number(usage.total), included) - alreadyQueued;
    // The free plan's rate when the company has no plan (0.60 USD); whole cents in every tier.
    const priceCents = Math.round(Number(usage.overage_millicents ?? 60_000) / 1000);
    if (owed <= 0 || priceCents <= 0) return 0;

    const nextPeriod = nextPeriodStart(periodStart);
    const newest = await rowsOf<{ id: string }>(
      tx,
      sql`select m.id from messages m
          where m.account_id = ${accountId}::uuid and m.sent_at >= ${`${periodStart}T00:00:00Z`}::timestamptz
            and m.sent_at < ${`${nextPeriod}T00:00:00Z`}::timestamptz
            and not exists (select 1 from shopify_usage_records r where r.message_id = m.id)
            and not exists (select 1 from usage_meter_reports r where r.message_id = m.id)
          order by m.sent_at desc, m.id desc limit ${owed}`,
    );
    const ids = newest.map((m) => m.id);
    // Counted but no longer in messages (deleted with their contact): stable derived identifiers.
    for (let n = Number(usage.queued) + ids.length + 1; ids.length < owed; n++)
      ids.push(derivedMessageId(accountId, `shopify:${periodStart}`, n));

    let inserted = 0;
    for (let i = 0; i < ids.length; i += 1000) {
      const result = await rowsOf<{ message_id: string }>(
        tx,
        sql`insert into shopify_usage_records (message_id, account_id, shop, period_start, price_cents, created_at)
            select v.id::uuid, ${accountId}::uuid, ${shop}, ${periodStart}::date, ${priceCents}, ${now.toISOString()}::timestamptz
            from json_array_elements_text(${JSON.stringify(ids.slice(i, i + 1000))}::json) as v(id)
            on conflict (message_id) do nothing
            returning message_id`,
      );
      inserted += result.length;
    }
    return inserted;
  });
}

function nextPeriodStart(periodStart: string): string {
  const start = new Date(`${periodStart}T00:00:00Z`);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

const dayOf = (value: string | Date) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
