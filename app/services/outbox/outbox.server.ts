import { desc } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { outboxMessages } from "#db/schema";
import { config } from "~/config.server";

export type OutboxChannel = "email" | "sms" | "whatsapp";

/** The local outbox (and /dev/outbox) exists only while no real mail transport is configured. */
export function isOutboxEnabled() {
  return !config().SMTP_URL;
}

export async function recordOutboxMessage(message: {
  channel: OutboxChannel;
  recipient: string;
  sender: string;
  subject?: string | null;
  text: string;
  html?: string | null;
}) {
  await getDb().insert(outboxMessages).values(message);
}

export async function listOutboxMessages(limit = 100) {
  return getDb().select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(limit);
}
