import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import type { MessageChannel } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import { rowsOf } from "./sql.server";

/**
 * Usage: every sent message adds 1 message and its billed segments to message_usage for its company,
 * calendar month (UTC; period_start is the month's first day) and channel, in the transaction that
 * marks it sent (dispatch/mark-sent.server.ts). The billing work reads it here.
 */

export type ChannelUsage = { channel: MessageChannel; messages: number; segments: number };
export type MessageUsage = {
  /** The period's first day, YYYY-MM-DD (UTC). */
  periodStart: string;
  channels: ChannelUsage[];
  messages: number;
  segments: number;
};

/** The first day (UTC) of the calendar month holding `at`, as YYYY-MM-DD. */
export function usagePeriodStart(at: Date): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

/** A company's usage for the billing period holding `at` (default: now). */
export async function getMessageUsage(accountId: string, at: Date = new Date()): Promise<MessageUsage> {
  const periodStart = usagePeriodStart(at);
  const rows = isUuid(accountId)
    ? await rowsOf<{ channel: MessageChannel; messages: number; segments: number }>(
        getDb(),
        sql`select channel, messages, segments from message_usage
            where account_id = ${accountId}::uuid and period_start = ${periodStart}::date order by channel`,
      )
    : [];
  const channels = rows.map((r) => ({
    channel: r.channel,
    messages: Number(r.messages),
    segments: Number(r.segments),
  }));
  return {
    periodStart,
    channels,
    messages: channels.reduce((sum, c) => sum + c.messages, 0),
    segments: channels.reduce((sum, c) => sum + c.segments, 0),
  };
}
