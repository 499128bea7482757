import { sql } from "drizzle-orm";
import type { Queryable } from "../../app/domain/kernel/scope";
import { rowsOf } from "../../db/rows";

/**
 * The analytics rollups counted again from raw rows, written independently of the migration's
 * statements (link_clicks are counted directly, not through messages.click_count), and the rollups as
 * stored, both as sorted lines without all-zero rows: a test compares the two.
 */

const NIL = "'00000000-0000-0000-0000-000000000000'::uuid";

export async function recount(db: Queryable, accountId: string): Promise<string[]> {
  const lines = await rowsOf<{ line: string }>(
    await db.execute(
      sql.raw(`
      with tz as (select id, time_zone from accounts where id = '${accountId}'),
      clicks as (select message_id, count(*) as n from link_clicks where account_id = '${accountId}' and message_id is not null group by 1),
      m as (
        select 'message ' || (coalesce(m.sent_at, m.created_at) at time zone tz.time_zone)::date || ' '
            || coalesce(m.journey_id, ${NIL}) || ' ' || coalesce(m.touchpoint_id, ${NIL}) || ' ' || m.channel
            || ' sent=' || count(*) filter (where m.sent_at is not null)
            || ' delivered=' || count(*) filter (where m.status = 'delivered')
            || ' failed=' || count(*) filter (where m.status in ('failed', 'undelivered'))
            || ' clicks=' || coalesce(sum(c.n), 0)
            || ' clicked=' || count(c.n) as line,
          count(*) filter (where m.sent_at is not null or m.status in ('delivered', 'failed', 'undelivered') or c.n > 0) as counted
        from messages m join tz on tz.id = m.account_id left join clicks c on c.message_id = m.id
        group by (coalesce(m.sent_at, m.created_at) at time zone tz.time_zone)::date, m.journey_id, m.touchpoint_id, m.channel
      ),
      n as (
        select 'not_sent ' || day || ' ' || reason || ' ' || count(*) as line from (
          select (coalesce(m.sent_at, m.created_at) at time zone tz.time_zone)::date as day,
            case when m.status = 'suppressed' then coalesce(replace(lower(m.status_reason), ' ', '_'), 'other')
              else m.status_reason end as reason
          from messages m join tz on tz.id = m.account_id
          where m.status = 'suppressed' or (m.status = 'queued' and m.status_reason in ('quiet_hours', 'journey_paused'))
        ) held group by day, reason
      ),
      days as (
        select (created_at at time zone tz.time_zone)::date as day, 1 as contacts, 0 as opt_ins, 0 as opt_outs, 0 as views, 0 as submissions
          from contacts join tz on tz.id = contacts.account_id
        union all
        select (created_at at time zone tz.time_zone)::date, 0, (kind = 'opt_in')::int, (kind = 'opt_out')::int, 0, 0
          from consent_events join tz on tz.id = consent_events.account_id
        union all
        select day, 0, 0, 0, views, 0 from form_view_counts where account_id = '${accountId}'
        union all
        select (created_at at time zone tz.time_zone)::date, 0, 0, 0, 0, 1
          from form_submissions join tz on tz.id = form_submissions.account_id
      ),
      a as (
        select 'audience ' || day || ' contacts=' || sum(contacts) || ' opt_ins=' || sum(opt_ins)
            || ' opt_outs=' || sum(opt_outs) || ' views=' || sum(views) || ' submissions=' || sum(submissions) as line
        from days group by day
      ),
      o as (
        select 'order ' || (placed_at at time zone tz.time_zone)::date || ' ' || currency || ' '
            || coalesce(attributed_touchpoint_id, ${NIL}) || ' orders=' || count(*) || ' revenue=' || sum(total_price_minor) as line
        from shopify_orders join tz on tz.id = shopify_orders.account_id
        where cancelled_at is null
        group by (placed_at at time zone tz.time_zone)::date, currency, attributed_touchpoint_id
      )
      select line from m where counted > 0 union all select line from n union all select line from a
      union all select line from o order by 1`),
    ),
  );
  return lines.map((l) => l.line);
}

export async function storedRollups(db: Queryable, accountId: string): Promise<string[]> {
  const lines = await rowsOf<{ line: string }>(
    await db.execute(
      sql.raw(`
      select 'message ' || day || ' ' || journey_id || ' ' || touchpoint_id || ' ' || channel || ' sent=' || sent
          || ' delivered=' || delivered || ' failed=' || failed || ' clicks=' || clicks || ' clicked=' || clicked_messages as line
        from analytics_message_daily where account_id = '${accountId}'
          and (sent, delivered, failed, clicks, clicked_messages) <> (0, 0, 0, 0, 0)
      union all
      select 'not_sent ' || day || ' ' || reason || ' ' || messages from analytics_not_sent_daily
        where account_id = '${accountId}' and messages <> 0
      union all
      select 'audience ' || day || ' contacts=' || new_contacts || ' opt_ins=' || opt_ins || ' opt_outs=' || opt_outs
          || ' views=' || form_views || ' submissions=' || form_submissions from analytics_audience_daily
        where account_id = '${accountId}' and (new_contacts, opt_ins, opt_outs, form_views, form_submissions) <> (0, 0, 0, 0, 0)
      union all
      select 'order ' || day || ' ' || currency || ' ' || touchpoint_id || ' orders=' || orders || ' revenue=' || revenue_minor
        from analytics_order_daily where account_id = '${accountId}' and (orders, revenue_minor) <> (0, 0)
      order by 1`),
    ),
  );
  return lines.map((l) => l.line);
}
