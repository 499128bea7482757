import { sql } from "drizzle-orm";
import { rowsOf } from "#db/rows";
import { NIL_UUID } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import type { Queryable } from "~/domain/kernel/scope";
import { funnelOf, funnelQueries, topLinksOf } from "./funnel.server";
import { type DayRange, eachDay, type RangeChoice, resolvePeriod } from "./period";
import {
  ANALYTICS_CHANNELS,
  type AnalyticsChannel,
  type AnalyticsOptions,
  type AnalyticsReport,
  type AnalyticsResult,
  type ChannelDayCounts,
  type Figure,
  type MoneyFigure,
  type NotSentCount,
  notSentReasonOf,
  type PlatformOverview,
  rate,
  WAITING_REASONS,
} from "./report";

/**
 * The analytics loaders (issue 18). They read only the rollup tables (db/schema/analytics.ts) and the
 * company's own small tables (journeys, touchpoints, products): a few hundred rows per request
 * whatever the number of messages.
 */

const num = (v: unknown) => Number(v ?? 0);

type MessageRow = {
  day: string;
  channel: AnalyticsChannel;
  sent: number;
  delivered: number;
  failed: number;
  clicks: number;
  clicked: number;
};
type OrderRow = { current: boolean; currency: string; attributed: boolean; orders: number; revenue: number };
type NotSentRow = { reason: string; current: number | null; previous: number | null };
type Parts = Record<
  "messages" | "audience" | "orders" | "not_sent" | "structure" | "counts" | "revenue",
  unknown
> & { baseline: unknown; any: unknown; store: unknown };

/** A json column: postgres.js and PGlite parse it; a driver that hands back text is parsed here. */
function json<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

type AudienceRow = {
  day: string;
  new_contacts: number;
  opt_ins: number;
  opt_outs: number;
  form_views: number;
  form_submissions: number;
};

/** One company's report for a range in its own time zone, compared with the period before. */
export async function loadCompanyAnalytics(
  db: Queryable,
  accountId: string,
  choice: RangeChoice,
  options: AnalyticsOptions = {},
): Promise<AnalyticsResult> {
  if (!isUuid(accountId)) return { ok: false, problem: "not_found" };
  const [account] = rowsOf<{ time_zone: string }>(
    await db.execute(sql`select a.time_zone from accounts a where a.id = ${accountId}::uuid`),
  );
  if (!account) return { ok: false, problem: "not_found" };
  const resolved = resolvePeriod(choice, account.time_zone, options.now);
  if (!resolved.ok) return resolved;
  const period = resolved.period;
  const compared = options.compareToPrevious !== false;
  const span: DayRange = { from: compared ? period.previous.from : period.from, to: period.to };
  const inSpan = (table: string) =>
    sql`${sql.raw(table)}.account_id = ${accountId}::uuid and ${sql.raw(table)}.day between ${span.from}::date and ${span.to}::date`;
  const funnelParts = funnelQueries(accountId, period);

  // One statement (one round trip) of small aggregates over the rollups, each part a JSON array.
  const [parts] = rowsOf<Parts>(
    await db.execute(sql`select
      (select coalesce(json_agg(x), '[]'::json) from (
        select m.day::text as day, m.channel, sum(m.sent)::int as sent, sum(m.delivered)::int as delivered,
          sum(m.failed)::int as failed, sum(m.clicks)::int as clicks, sum(m.clicked_messages)::int as clicked
        from analytics_message_daily m where ${inSpan("m")} group by m.day, m.channel) x) as messages,
      (select coalesce(json_agg(x), '[]'::json) from (
        select a.day::text as day, a.new_contacts, a.opt_ins, a.opt_outs, a.form_views, a.form_submissions
        from analytics_audience_daily a where ${inSpan("a")}) x) as audience,
      (select coalesce(sum(a.new_contacts), 0)::bigint from analytics_audience_daily a
        where a.account_id = ${accountId}::uuid and a.day < ${period.from}::date) as baseline,
      (select coalesce(json_agg(x), '[]'::json) from (
        select o.day >= ${period.from}::date as current, o.currency,
          o.touchpoint_id <> ${NIL_UUID}::uuid as attributed,
          sum(o.orders)::int as orders, sum(o.revenue_minor)::bigint as revenue
        from analytics_order_daily o where ${inSpan("o")} group by 1, 2, 3) x) as orders,
      (select coalesce(json_agg(x), '[]'::json) from (
        select n.reason, sum(n.messages) filter (where n.day >= ${period.from}::date)::int as current,
          sum(n.messages) filter (where n.day < ${period.from}::date)::int as previous
        from analytics_not_sent_daily n where ${inSpan("n")} group by 1) x) as not_sent,
      ${funnelParts.structure} as structure,
      ${funnelParts.counts} as counts,
      ${funnelParts.revenue} as revenue,
      exists (select 1 from store_profiles s where s.account_id = ${accountId}::uuid and s.enabled) as store,
      exists (select 1 from analytics_message_daily where account_id = ${accountId}::uuid)
        or exists (select 1 from analytics_audience_daily where account_id = ${accountId}::uuid) as any`),
  );
  const messageRows = json<MessageRow[]>(parts.messages);
  const audienceRows = json<AudienceRow[]>(parts.audience);
  const baseline = num(parts.baseline);
  const orderRows = json<OrderRow[]>(parts.orders);
  const notSentRows = json<NotSentRow[]>(parts.not_sent);
  const funnel = funnelOf({
    structure: json(parts.structure),
    counts: json(parts.counts),
    revenue: json(parts.revenue),
  });
  const anything = Boolean(parts.any);

  const isCurrent = (day: string) => day >= period.from;
  const figure = (pick: (current: boolean) => number): Figure => ({
    current: pick(true),
    previous: compared ? pick(false) : null,
  });
  const sumMessages = (key: keyof Omit<MessageRow, "day" | "channel">) => (current: boolean) =>
    messageRows.reduce((n, r) => (isCurrent(r.day) === current ? n + num(r[key]) : n), 0);
  const sumAudience = (key: keyof Omit<AudienceRow, "day">) => (current: boolean) =>
    audienceRows.reduce((n, r) => (isCurrent(r.day) === current ? n + num(r[key]) : n), 0);
  const sumOrders = (attributedOnly: boolean) => (current: boolean) =>
    orderRows.reduce(
      (n, r) => (r.current === current && (!attributedOnly || r.attributed) ? n + num(r.orders) : n),
      0,
    );
  const money = (attributedOnly: boolean): MoneyFigure[] => {
    const byCurrency = new Map<string, MoneyFigure>();
    for (const r of orderRows) {
      if (attributedOnly && !r.attributed) continue;
      const entry = byCurrency.get(r.currency) ?? {
        currency: r.currency,
        current: 0,
        previous: compared ? 0 : null,
      };
      if (r.current) entry.current += num(r.revenue);
      else if (entry.previous !== null) entry.previous += num(r.revenue);
      byCurrency.set(r.currency, entry);
    }
    return [...byCurrency.values()].sort(
      (a, b) => b.current - a.current || a.currency.localeCompare(b.currency),
    );
  };

  const sent = figure(sumMessages("sent"));
  const clickedMessages = figure(sumMessages("clicked"));
  const formViews = figure(sumAudience("form_views"));
  const formSubmissions = figure(sumAudience("form_submissions"));
  const ratio = (a: Figure, b: Figure) => ({
    current: rate(a.current, b.current),
    previous: a.previous === null || b.previous === null ? null : rate(a.previous, b.previous),
  });

  const report: AnalyticsReport = {
    accountId,
    period,
    compared,
    storeConnected: Boolean(parts.store),
    empty: !anything,
    headline: {
      sent,
      delivered: figure(sumMessages("delivered")),
      failed: figure(sumMessages("failed")),
      clicks: figure(sumMessages("clicks")),
      clickedMessages,
      clickRate: ratio(clickedMessages, sent),
      optOuts: figure(sumAudience("opt_outs")),
      newContacts: figure(sumAudience("new_contacts")),
      formViews,
      formSubmissions,
      formConversion: ratio(formSubmissions, formViews),
      orders: figure(sumOrders(false)),
      attributedOrders: figure(sumOrders(true)),
      attributedRevenue: money(true),
      revenue: money(false),
    },
    messagesByDay: messagesByDay(period, messageRows),
    ...audienceSeries(period, audienceRows, baseline),
    funnel,
    topLinks: topLinksOf(funnel, options.topLinks ?? 10),
    notSent: notSentOf(notSentRows, compared),
  };
  return { ok: true, report };
}

function messagesByDay(range: DayRange, rows: MessageRow[]): AnalyticsReport["messagesByDay"] {
  const zero = (): ChannelDayCounts => ({ sent: 0, delivered: 0, clicks: 0 });
  const days = new Map(
    eachDay(range).map((date) => [date, { date, sms: zero(), whatsapp: zero(), email: zero() }]),
  );
  for (const r of rows) {
    const day = days.get(r.day);
    if (!day || !ANALYTICS_CHANNELS.includes(r.channel)) continue;
    day[r.channel].sent += num(r.sent);
    day[r.channel].delivered += num(r.delivered);
    day[r.channel].clicks += num(r.clicks);
  }
  return [...days.values()];
}

function audienceSeries(
  range: DayRange,
  rows: AudienceRow[],
  baseline: number,
): Pick<AnalyticsReport, "contactsByDay" | "consentByDay"> {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  let total = baseline;
  const contactsByDay: AnalyticsReport["contactsByDay"] = [];
  const consentByDay: AnalyticsReport["consentByDay"] = [];
  for (const date of eachDay(range)) {
    const r = byDay.get(date);
    total += num(r?.new_contacts);
    contactsByDay.push({ date, newContacts: num(r?.new_contacts), totalContacts: total });
    consentByDay.push({ date, optOuts: num(r?.opt_outs), optIns: num(r?.opt_ins) });
  }
  return { contactsByDay, consentByDay };
}

function notSentOf(rows: NotSentRow[], compared: boolean): NotSentCount[] {
  const byReason = new Map<string, NotSentCount>();
  for (const r of rows) {
    const reason = notSentReasonOf(r.reason);
    const entry = byReason.get(reason) ?? {
      reason,
      waiting: WAITING_REASONS.includes(reason),
      count: 0,
      previous: compared ? 0 : null,
    };
    entry.count += num(r.current);
    if (entry.previous !== null) entry.previous += num(r.previous);
    byReason.set(reason, entry);
  }
  return [...byReason.values()]
    .filter((r) => r.count > 0 || (r.previous ?? 0) > 0)
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/**
 * /admin's platform overview: messages per day across all companies (each company's own local days),
 * and the companies that sent most in the range.
 */
export async function loadPlatformOverview(
  db: Queryable,
  range: { from: string; to: string; limit?: number },
): Promise<PlatformOverview> {
  const limit = Math.min(Math.max(range.limit ?? 10, 1), 100);
  const [dayRows, companyRows, totals] = await Promise.all([
    db
      .execute(
        sql`select day::text as day, channel, sum(sent)::bigint as sent from analytics_message_daily
          where day between ${range.from}::date and ${range.to}::date group by 1, 2`,
      )
      .then((r) => rowsOf<{ day: string; channel: AnalyticsChannel; sent: number }>(r)),
    db
      .execute(
        sql`select m.account_id, a.company, m.sent, m.delivered, m.failed, m.clicks
          from (select account_id, sum(sent)::bigint as sent, sum(delivered)::bigint as delivered,
                  sum(failed)::bigint as failed, sum(clicks)::bigint as clicks
                from analytics_message_daily where day between ${range.from}::date and ${range.to}::date
                group by 1 having sum(sent) > 0 order by 2 desc, 1 limit ${limit}) m
          join accounts a on a.id = m.account_id order by m.sent desc, a.company`,
      )
      .then((r) =>
        rowsOf<{
          account_id: string;
          company: string;
          sent: number;
          delivered: number;
          failed: number;
          clicks: number;
        }>(r),
      ),
    db
      .execute(
        sql`select coalesce(sum(sent), 0)::bigint as sent, coalesce(sum(delivered), 0)::bigint as delivered,
            coalesce(sum(failed), 0)::bigint as failed, coalesce(sum(clicks), 0)::bigint as clicks,
            count(distinct account_id) filter (where sent > 0)::int as companies
          from analytics_message_daily where day between ${range.from}::date and ${range.to}::date`,
      )
      .then((r) => rowsOf<Record<string, number>>(r)[0] ?? {}),
  ]);
  const days = new Map(
    eachDay(range).map((date) => [date, { date, sent: 0, sms: 0, whatsapp: 0, email: 0 }]),
  );
  for (const r of dayRows) {
    const day = days.get(r.day);
    if (!day || !ANALYTICS_CHANNELS.includes(r.channel)) continue;
    day[r.channel] += num(r.sent);
    day.sent += num(r.sent);
  }
  return {
    from: range.from,
    to: range.to,
    totals: {
      sent: num(totals.sent),
      delivered: num(totals.delivered),
      failed: num(totals.failed),
      clicks: num(totals.clicks),
      companies: num(totals.companies),
    },
    messagesByDay: [...days.values()],
    topCompanies: companyRows.map((r) => ({
      accountId: r.account_id,
      company: r.company,
      sent: num(r.sent),
      delivered: num(r.delivered),
      failed: num(r.failed),
      clicks: num(r.clicks),
    })),
  };
}
