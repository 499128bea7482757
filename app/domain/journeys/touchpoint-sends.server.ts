import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { contacts, linkClicks, messages } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope } from "~/domain/kernel/scope";

/**
 * What touchpoints sent (issue 6): their counts of sent, delivered, failed and clicked messages, and
 * their latest messages. Scoped to the caller's company; ids of another company count nothing.
 */

export type TouchpointCounts = { sent: number; delivered: number; failed: number; clicked: number };

/**
 * What each touchpoint sent (journey sends; Test now messages are left out): sent counts messages
 * sent or delivered, failed those failed or undelivered, clicked the messages whose link was clicked.
 */
export async function touchpointCounts(
  scope: AccountScope,
  touchpointIds: string[],
): Promise<Map<string, TouchpointCounts>> {
  const ids = touchpointIds.filter(isUuid);
  const result = new Map<string, TouchpointCounts>(
    ids.map((id) => [id, { sent: 0, delivered: 0, failed: 0, clicked: 0 }]),
  );
  if (ids.length === 0) return result;
  const db = getDb();
  const sends = await db
    .select({
      touchpointId: messages.touchpointId,
      sent: sql<number>`count(*) filter (where ${messages.status} in ('sent', 'delivered'))`,
      delivered: sql<number>`count(*) filter (where ${messages.status} = 'delivered')`,
      failed: sql<number>`count(*) filter (where ${messages.status} in ('failed', 'undelivered'))`,
    })
    .from(messages)
    .where(
      and(
        eq(messages.accountId, scope.account.id),
        inArray(messages.touchpointId, ids),
        eq(messages.isTest, false),
      ),
    )
    .groupBy(messages.touchpointId);
  for (const row of sends) {
    const counts = result.get(row.touchpointId ?? "");
    if (!counts) continue;
    counts.sent = Number(row.sent);
    counts.delivered = Number(row.delivered);
    counts.failed = Number(row.failed);
  }
  const clicks = await db
    .select({
      touchpointId: linkClicks.touchpointId,
      clicked: sql<number>`count(distinct coalesce(${linkClicks.messageId}::text, ${linkClicks.contactId}::text, ${linkClicks.id}::text))`,
    })
    .from(linkClicks)
    .where(and(eq(linkClicks.accountId, scope.account.id), inArray(linkClicks.touchpointId, ids)))
    .groupBy(linkClicks.touchpointId);
  for (const row of clicks) {
    const counts = result.get(row.touchpointId ?? "");
    if (counts) counts.clicked = Number(row.clicked);
  }
  return result;
}

export type TouchpointMessage = {
  id: string;
  contactId: string;
  contactName: string;
  recipient: string | null;
  status: (typeof messages.$inferSelect)["status"];
  statusReason: string | null;
  isTest: boolean;
  createdAt: Date;
  sentAt: Date | null;
};

/** The touchpoint's latest messages, newest first, with the contact's name. */
export async function latestMessages(
  scope: AccountScope,
  touchpointId: string,
  limit = 20,
): Promise<TouchpointMessage[]> {
  if (!isUuid(touchpointId)) return [];
  const rows = await getDb()
    .select({
      id: messages.id,
      contactId: messages.contactId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      recipient: messages.recipient,
      status: messages.status,
      statusReason: messages.statusReason,
      isTest: messages.isTest,
      createdAt: messages.createdAt,
      sentAt: messages.sentAt,
    })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .where(and(eq(messages.accountId, scope.account.id), eq(messages.touchpointId, touchpointId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
  return rows.map(({ firstName, lastName, ...row }) => ({
    ...row,
    contactName: `${firstName} ${lastName}`.trim(),
  }));
}
