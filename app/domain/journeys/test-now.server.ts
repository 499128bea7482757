import { createHash, randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import type { contacts, MessageChannel, touchpoints } from "#db/schema";
import { config } from "~/config.server";
import { isUuid } from "~/domain/kernel/ids";
import type { Queryable } from "~/domain/kernel/scope";
import { renderWithTrackedLink } from "~/domain/messaging/link-codes";
import { billedSegments } from "~/domain/messaging/segments";
import { accountsWithOwnWhatsApp, routeWhatsAppMessages } from "~/domain/whatsapp/sending.server";
import {
  type ChannelAdapter,
  channelAdapter,
  type OutgoingMessage,
} from "~/services/messaging/channels.server";
import { markSent } from "./dispatch/mark-sent.server";
import { failureHandling, recipientOf, refusal } from "./dispatch/policy";
import type { EngineScope } from "./engine.server";
import { rowsOf } from "./sql.server";

/** Contacts one Test now may send to: it sends inline, while the user waits. */
export const TEST_NOW_MAX_CONTACTS = 10;

export type TestSendOutcome = {
  contactId: string;
  status: "sent" | "failed" | "refused";
  /** refused: opted_out, no_consent, no_address; failed: send_failed (details in the log). */
  reason?: string;
  /** failed: the id under which the provider's error was logged, for support. */
  errorId?: string;
};

type TestContact = Pick<typeof contacts.$inferSelect, "id" | "firstName" | "lastName" | "email" | "phone"> & {
  smsConsent: string;
  isActive: boolean;
};
type TestTouchpoint = Pick<
  typeof touchpoints.$inferSelect,
  "id" | "journeyId" | "channel" | "subject" | "message" | "linkTarget" | "commercial"
> & { company: string };

export type TestNowResult =
  | { ok: true; outcomes: TestSendOutcome[] }
  | { ok: false; reason: "not_found" | "too_many" };

/**
 * Test now: sends the touchpoint at once, inline, to each contact of the caller's company (is_test),
 * whatever the journey's state and the time of day (quiet hours bypassed), never to a contact who
 * opted out or gave no SMS consent; at most TEST_NOW_MAX_CONTACTS at a time. Each attempt is recorded
 * as a message (refused ones as suppressed, with the reason) and counted in usage when sent.
 *
 * `requestKey` comes from the form (generated when it rendered): each message's idempotency key is
 * derived from it and the contact, so a form submitted twice sends once and answers the first outcome.
 */
export async function sendTouchpointNow(
  scope: EngineScope,
  touchpointId: string,
  contactIds: string[],
  options: { now?: Date; requestKey?: string } = {},
): Promise<TestNowResult> {
  const ids = [...new Set(contactIds)];
  if (!isUuid(touchpointId) || ids.length === 0 || !ids.every(isUuid))
    return { ok: false, reason: "not_found" };
  if (ids.length > TEST_NOW_MAX_CONTACTS) return { ok: false, reason: "too_many" };
  const db = getDb();
  const [touchpoint] = await rowsOf<TestTouchpoint>(
    db,
    sql`select t.id, t.journey_id as "journeyId", t.channel, t.subject, t.message, t.link_target as "linkTarget",
          t.commercial, a.company
        from touchpoints t join accounts a on a.id = t.account_id
        where t.id = ${touchpointId}::uuid and t.account_id = ${scope.accountId}::uuid`,
  );
  if (!touchpoint) return { ok: false, reason: "not_found" };
  const found = await rowsOf<TestContact>(
    db,
    sql`select id, first_name as "firstName", last_name as "lastName", email, phone,
          sms_consent as "smsConsent", is_active as "isActive"
        from contacts
        where account_id = ${scope.accountId}::uuid
          and id in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`,
  );
  if (found.length !== ids.length) return { ok: false, reason: "not_found" };
  const byId = new Map(found.map((c) => [c.id, c]));
  const requestKey = options.requestKey && isUuid(options.requestKey) ? options.requestKey : randomUUID();
  const outcomes: TestSendOutcome[] = [];
  for (const contactId of ids) {
    const key = testMessageKey(requestKey, contactId);
    const contact = byId.get(contactId) as TestContact;
    outcomes.push(
      (await earlierOutcome(db, key, contactId)) ??
        (await sendOne(scope, touchpoint, contact, key, options.now ?? new Date())),
    );
  }
  return { ok: true, outcomes };
}

/** "test:" and a UUID-shaped digest of the form's request key and the contact: one per form and contact. */
function testMessageKey(requestKey: string, contactId: string): string {
  const hex = createHash("sha256").update(`${requestKey}:${contactId}`).digest("hex");
  return `test:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** What a first submission of the same form did for this contact (a double submit sends once). */
async function earlierOutcome(
  db: Queryable,
  key: string,
  contactId: string,
): Promise<TestSendOutcome | null> {
  const [earlier] = await rowsOf<{ status: string; status_reason: string | null }>(
    db,
    sql`select status, status_reason from messages where idempotency_key = ${key}`,
  );
  if (!earlier) return null;
  if (earlier.status === "suppressed")
    return { contactId, status: "refused", reason: earlier.status_reason ?? "unknown" };
  if (earlier.status === "failed") return { contactId, status: "failed", reason: "send_failed" };
  return { contactId, status: "sent" };
}

async function sendOne(
  scope: EngineScope,
  touchpoint: TestTouchpoint,
  contact: TestContact,
  key: string,
  at: Date,
): Promise<TestSendOutcome> {
  const db = getDb();
  const now = at.toISOString();
  const channel: MessageChannel = touchpoint.channel;
  const { code, body } = renderWithTrackedLink(
    touchpoint.message,
    {
      first_name: contact.firstName,
      last_name: contact.lastName,
      email: contact.email,
      phone: contact.phone,
      company: touchpoint.company,
    },
    touchpoint.linkTarget,
    config().APP_URL,
  );
  const messageId = randomUUID();
  const to = recipientOf(channel, contact);
  const subject = channel === "email" ? (touchpoint.subject ?? "") : null;
  const outgoing: OutgoingMessage = {
    messageId,
    accountId: scope.accountId,
    channel,
    to,
    subject,
    text: body,
  };
  // WhatsApp of a company with its own Meta account goes through it (app/domain/whatsapp/sending.server.ts).
  const ownWhatsApp =
    channel === "whatsapp" && (await accountsWithOwnWhatsApp(db, [scope.accountId])).size > 0;
  const adapter: ChannelAdapter = ownWhatsApp
    ? { ...channelAdapter(channel), transactional: false }
    : channelAdapter(channel);

  /** Inserts the message; false when the same form's other submission got there first. */
  const insert = async (
    tx: Queryable,
    status: "suppressed" | "queued" | "sending",
    reason: string | null,
  ) => {
    const inserted = await rowsOf<{ id: string }>(
      tx,
      sql`insert into messages (id, account_id, idempotency_key, contact_id, journey_id, touchpoint_id, is_test,
            channel, recipient, subject, body, segments, status, status_reason, attempts, send_after, created_at, updated_at)
          values (${messageId}::uuid, ${scope.accountId}::uuid, ${key}, ${contact.id}::uuid,
            ${touchpoint.journeyId}::uuid, ${touchpoint.id}::uuid, true, ${channel}, ${to || null}, ${subject}, ${body},
            ${billedSegments(channel, body)}, ${status}, ${reason}, ${status === "sending" ? 1 : 0},
            ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz)
          on conflict (idempotency_key) do nothing
          returning id`,
    );
    if (inserted.length > 0 && code && touchpoint.linkTarget)
      await tx.execute(
        sql`insert into tracked_links (code, account_id, target_url, touchpoint_id, message_id, contact_id)
            values (${code}, ${scope.accountId}::uuid, ${touchpoint.linkTarget}, ${touchpoint.id}::uuid,
              ${messageId}::uuid, ${contact.id}::uuid)`,
      );
    return inserted.length > 0;
  };
  const concurrent = async () =>
    (await earlierOutcome(db, key, contact.id)) ?? { contactId: contact.id, status: "sent" as const };

  const refused = refusal(channel, { ...contact, commercial: touchpoint.commercial });
  if (refused) {
    if (!(await insert(db, "suppressed", refused))) return concurrent();
    return { contactId: contact.id, status: "refused", reason: refused };
  }
  try {
    if (adapter.transactional) {
      const sent = await db.transaction(async (tx) => {
        if (!(await insert(tx, "queued", null))) return false;
        const result = await adapter.send(outgoing, tx);
        await markSent(tx, [{ id: messageId, to, provider: result.providerMessageId }], at);
        return true;
      });
      if (!sent) return concurrent();
    } else {
      if (!(await insert(db, "sending", null))) return concurrent();
      let sender = adapter;
      if (ownWhatsApp) {
        // Its template, or free text inside the 24-hour window; otherwise not sent, with the reason.
        const route = (await routeWhatsAppMessages(db, [messageId], at)).get(messageId);
        if (route?.kind === "suppress") {
          await db.execute(
            sql`update messages set status = 'suppressed', status_reason = ${route.reason}, attempts = 0,
                  updated_at = now() where id = ${messageId}::uuid and status = 'sending'`,
          );
          return { contactId: contact.id, status: "refused", reason: route.reason };
        }
        if (route?.kind === "send") sender = route.adapter;
      }
      let providerMessageId: string;
      try {
        providerMessageId = (await sender.send(outgoing)).providerMessageId;
      } catch (error) {
        // Test now never retries. The message says in words whether the provider may have it; the
        // provider's own text goes to the log under the error id the user sees.
        const failed = failedOutcome(contact.id, messageId, error);
        const reason =
          failureHandling(error, Number.POSITIVE_INFINITY) === "unknown" ? "unknown_outcome" : "send_failed";
        await db.execute(
          sql`update messages set status = 'failed', status_reason = ${reason}, updated_at = now()
              where id = ${messageId}::uuid and status = 'sending'`,
        );
        return failed;
      }
      await db.transaction((tx) =>
        markSent(tx, [{ id: messageId, to, provider: providerMessageId, attempt: 1 }], at),
      );
    }
    return { contactId: contact.id, status: "sent" };
  } catch (error) {
    return failedOutcome(contact.id, messageId, error);
  }
}

/** The user sees words and an error id; the provider's or the database's own text goes to the log only. */
function failedOutcome(contactId: string, messageId: string, error: unknown): TestSendOutcome {
  const errorId = randomBytes(4).toString("hex");
  console.error(`Test now failed (error id ${errorId}, message ${messageId}):`, error);
  return { contactId, status: "failed", reason: "send_failed", errorId };
}
