import { sql } from "drizzle-orm";
import { NIL_UUID } from "#db/schema";
import type { DayRange } from "./period";
import type { AnalyticsChannel, FunnelJourney, FunnelTouchpoint, TopLink } from "./report";

/**
 * The journey funnel: every product's journey with each touchpoint's sent, delivered, clicked and
 * attributed revenue in the range, from the rollups and the company's journeys and touchpoints.
 */

type Structure = {
  journey_id: string;
  journey_name: string;
  product_id: string;
  product_name: string;
  state: FunnelJourney["state"];
  touchpoint_id: string | null;
  ordinal: number | null;
  name: string | null;
  channel: AnalyticsChannel | null;
  link_target: string | null;
};
type Counts = {
  journey_id: string;
  touchpoint_id: string;
  sent: number;
  delivered: number;
  failed: number;
  clicks: number;
  clicked: number;
};
type Revenue = { touchpoint_id: string; currency: string; orders: number; revenue: number };

const num = (v: unknown) => Number(v ?? 0);

/** The funnel's three parts as subqueries answering JSON arrays, for the loader's one statement. */
export function funnelQueries(accountId: string, range: DayRange) {
  return {
    structure: sql`(select coalesce(json_agg(x), '[]'::json) from (
        select j.id as journey_id, j.name as journey_name, p.id as product_id, p.name as product_name, j.state,
          t.id as touchpoint_id, t.ordinal, t.name, t.channel, t.link_target
        from products p join journeys j on j.product_id = p.id
        left join touchpoints t on t.journey_id = j.id
        where p.account_id = ${accountId}::uuid
        order by p.name, p.id, t.ordinal, t.id) x)`,
    counts: sql`(select coalesce(json_agg(x), '[]'::json) from (
        select journey_id, touchpoint_id, sum(sent)::int as sent, sum(delivered)::int as delivered,
          sum(failed)::int as failed, sum(clicks)::int as clicks, sum(clicked_messages)::int as clicked
        from analytics_message_daily
        where account_id = ${accountId}::uuid and day between ${range.from}::date and ${range.to}::date
        group by 1, 2) x)`,
    revenue: sql`(select coalesce(json_agg(x), '[]'::json) from (
        select touchpoint_id, currency, sum(orders)::int as orders, sum(revenue_minor)::bigint as revenue
        from analytics_order_daily
        where account_id = ${accountId}::uuid and day between ${range.from}::date and ${range.to}::date
          and touchpoint_id <> ${NIL_UUID}::uuid
        group by 1, 2) x)`,
  };
}

export type FunnelRows = { structure: Structure[]; counts: Counts[]; revenue: Revenue[] };

/** The funnel from the rows funnelQueries answered: every journey in order, its touchpoints in theirs. */
export function funnelOf({ structure, counts, revenue }: FunnelRows): FunnelJourney[] {
  const countsOf = new Map(counts.map((c) => [`${c.journey_id}/${c.touchpoint_id}`, c]));
  const revenueOf = new Map<string, Revenue[]>();
  for (const r of revenue) revenueOf.set(r.touchpoint_id, [...(revenueOf.get(r.touchpoint_id) ?? []), r]);
  const journeys = new Map<string, FunnelJourney>();
  for (const row of structure) {
    let journey = journeys.get(row.journey_id);
    if (!journey) {
      journey = {
        journeyId: row.journey_id,
        journeyName: row.journey_name,
        productId: row.product_id,
        productName: row.product_name,
        state: row.state,
        touchpoints: [],
      };
      journeys.set(row.journey_id, journey);
    }
    if (!row.touchpoint_id) continue;
    const c = countsOf.get(`${row.journey_id}/${row.touchpoint_id}`);
    countsOf.delete(`${row.journey_id}/${row.touchpoint_id}`);
    journey.touchpoints.push(step(row, c, revenueOf.get(row.touchpoint_id) ?? []));
  }
  // Messages of touchpoints since deleted: one row per journey that still exists.
  for (const c of countsOf.values()) {
    const journey = journeys.get(c.journey_id);
    if (!journey || c.touchpoint_id !== NIL_UUID) continue;
    const counted = step(
      { touchpoint_id: null, ordinal: null, name: null, channel: null, link_target: null },
      c,
      [],
    );
    if (counted.sent + counted.failed + counted.clicks > 0) journey.touchpoints.push(counted);
  }
  return [...journeys.values()];
}

function step(
  touchpoint: Pick<Structure, "touchpoint_id" | "ordinal" | "name" | "channel" | "link_target">,
  c: Counts | undefined,
  revenue: Revenue[],
): FunnelTouchpoint {
  return {
    touchpointId: touchpoint.touchpoint_id,
    ordinal: touchpoint.ordinal,
    name: touchpoint.name,
    channel: touchpoint.channel,
    linkTarget: touchpoint.link_target,
    sent: num(c?.sent),
    delivered: num(c?.delivered),
    failed: num(c?.failed),
    clicks: num(c?.clicks),
    clickedMessages: num(c?.clicked),
    attributedOrders: revenue.reduce((n, r) => n + num(r.orders), 0),
    attributedRevenue: revenue.map((r) => ({ currency: r.currency, amountMinor: num(r.revenue) })),
  };
}

/**
 * Top links by clicks: each message's tracked link leads to its touchpoint's link target, so clicks
 * are summed per target over the funnel's touchpoints.
 */
export function topLinksOf(funnel: FunnelJourney[], limit: number): TopLink[] {
  const byUrl = new Map<string, TopLink>();
  for (const journey of funnel)
    for (const t of journey.touchpoints) {
      const url = t.linkTarget;
      if (!url || t.clicks === 0) continue;
      const entry = byUrl.get(url) ?? { url, clicks: 0, clickedMessages: 0 };
      entry.clicks += t.clicks;
      entry.clickedMessages += t.clickedMessages;
      byUrl.set(url, entry);
    }
  return [...byUrl.values()]
    .sort((a, b) => b.clicks - a.clicks || a.url.localeCompare(b.url))
    .slice(0, limit);
}
