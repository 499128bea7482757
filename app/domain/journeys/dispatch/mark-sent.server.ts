import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "~/domain/kernel/scope";

/**
 * Usage: every sent message adds 1 message and its billed segments to message_usage for its company,
 * calendar month (UTC) and channel, in the transaction that marks it sent. One statement, used by the
 * dispatcher's inline delivery and by markSent.
 *
 * `sent` is a relation (a CTE or subquery) with account_id, channel and segments, one row per message.
 */
export function addUsage(sent: SQL, now: Date): SQL {
  return sql`insert into message_usage (account_id, period_start, channel, messages, segments)
    select account_id, date_trunc('month', ${now.toISOString()}::timestamptz at time zone 'UTC')::date, channel,
      count(*)::int, sum(segments)::int
    from ${sent} group by account_id, channel order by account_id, channel
    on conflict (account_id, period_start, channel) do update set
      messages = message_usage.messages + excluded.messages,
      segments = message_usage.segments + excluded.segments`;
}

/**
 * Marks messages sent and counts them (and their segments) in the company's usage, in one statement.
 * A provider send gives its claim (`attempt`): only that claim's message is marked, also when the
 * sweeper already failed it for want of an answer (the provider's id proves it went out).
 */
export async function markSent(
  tx: Queryable,
  results: { id: string; to: string; provider: string; attempt?: number }[],
  now: Date,
): Promise<void> {
  if (results.length === 0) return;
  const at = now.toISOString();
  const values = JSON.stringify(
    results.map((r) => ({ id: r.id, recipient: r.to, provider: r.provider, attempt: r.attempt ?? null })),
  );
  await tx.execute(
    sql`with sent as (
          update messages m set status = 'sent', recipient = v.recipient, provider_message_id = v.provider,
            sent_at = ${at}::timestamptz, attempts = case when m.status = 'queued' then m.attempts + 1 else m.attempts end,
            status_reason = null, updated_at = ${at}::timestamptz
          from json_to_recordset(${values}::json) as v(id uuid, recipient text, provider text, attempt int)
          where m.id = v.id and (
            (v.attempt is null and m.status in ('queued', 'sending'))
            or (v.attempt = m.attempts and (m.status = 'sending'
              or (m.status = 'failed' and m.status_reason in ('unknown_outcome', 'interrupted')))))
          returning m.account_id, m.channel, m.segments
        )
        ${addUsage(sql`sent`, now)}`,
  );
}
