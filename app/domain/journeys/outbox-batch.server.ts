import { sql } from "drizzle-orm";
import { config } from "~/config.server";
import type { Queryable } from "~/domain/kernel/scope";
import { type OutgoingMessage, outboxRow } from "~/services/messaging/channels.server";
import { rowsOf } from "./sql.server";

/**
 * The outbox adapter's delivery for a whole chunk in one statement: the same rows as
 * channelAdapter(channel).send(message, tx) writes for one message (channels.server.ts: sender,
 * subject and HTML for email, provider id "outbox:<row id>"), plus the message id, whose unique index
 * makes a second delivery of a message impossible. The sender uses it when channelAdapter chose the
 * outbox for a channel, inside the transaction that marks the messages sent: a round trip per chunk,
 * not per message, is what lets it deliver thousands of messages a second.
 */
export async function deliverToOutbox(
  tx: Queryable,
  messages: OutgoingMessage[],
): Promise<Map<string, string>> {
  if (messages.length === 0) return new Map();
  const settings = config();
  const rows = messages.map((m) => ({
    message_id: m.messageId,
    channel: m.channel,
    recipient: m.to,
    subject: m.channel === "email" ? (m.subject ?? "") : null,
    text: m.text,
    ...outboxRow(m, settings),
  }));
  const inserted = await rowsOf<{ id: string; message_id: string }>(
    tx,
    sql`insert into outbox_messages (channel, recipient, sender, subject, text, html, message_id)
        select channel::text::outbox_channel, recipient, sender, subject, text, html, message_id
        from json_to_recordset(${JSON.stringify(rows)}::json) as v(
          message_id uuid, channel text, recipient text, sender text, subject text, text text, html text)
        returning id, message_id`,
  );
  return new Map(inserted.map((r) => [r.message_id, `outbox:${r.id}`]));
}
