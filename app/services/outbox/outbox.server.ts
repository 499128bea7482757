import { desc } from "drizzle-orm";
import { type Db, getDb, type Tx } from "#db/client.server";
import { type OutboxAttachment, outboxMessages } from "#db/schema";
import { config } from "~/config.server";

export type OutboxChannel = "email" | "sms" | "whatsapp";

/** Mail goes to the local outbox only while no real mail transport is configured. */
export function isOutboxEnabled() {
  return !config().SMTP_URL;
}

/**
 * The guard of /dev/outbox: it shows every company's messages and everyone's sign-up codes, so it is
 * served only on the local trial (or with DEV_OUTBOX=true) and only to requests from this machine.
 * Anyone else gets the 404 of a page that does not exist.
 */
export function requireLocalOutbox(fromThisMachine: boolean) {
  if (!config().serveOutboxPage || !fromThisMachine) throw new Response("Not Found", { status: 404 });
}

export async function recordOutboxMessage(
  message: {
    channel: OutboxChannel;
    recipient: string;
    sender: string;
    subject?: string | null;
    text: string;
    html?: string | null;
    attachments?: OutboxAttachment[] | null;
  },
  db: Db | Tx = getDb(),
) {
  await db.insert(outboxMessages).values(message);
}

export async function listOutboxMessages(limit = 100) {
  return getDb().select().from(outboxMessages).orderBy(desc(outboxMessages.createdAt)).limit(limit);
}
