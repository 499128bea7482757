import { and, eq, inArray, isNull, or } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { type MessageStatus, messages } from "#db/schema";
import { markSent } from "~/domain/journeys/dispatch/mark-sent.server";
import { isUuid } from "~/domain/kernel/ids";
import { ownEntry } from "~/domain/kernel/own-entry";
import type { Queryable } from "~/domain/kernel/scope";

/**
 * Delivery status reports (Twilio's status callbacks): a message moves forward only, queued → sending →
 * sent → delivered | failed | undelivered (partially_delivered among them); the last three are final. A late or repeated report never
 * moves a message back.
 */

/**
 * Every value of Twilio's Message status (the `message_enum_status` of Twilio's OpenAPI,
 * tests/contracts/twilio), as our status; null for the two that only inbound messages have.
 * `partially_delivered`: Twilio has a delivery receipt for some of the message but not all of it
 * (Twilio's reference leaves it undescribed: twilio/twilio-node#607). The recipient did not get the
 * message whole, so it is final and undelivered, with a reason that says it was partial; Twilio did
 * send it, so it also proves a send whose answer was lost.
 */
export const TWILIO_MESSAGE_STATUSES = {
  accepted: "queued",
  scheduled: "queued",
  queued: "queued",
  sending: "sending",
  sent: "sent",
  delivered: "delivered",
  read: "delivered",
  partially_delivered: "undelivered",
  undelivered: "undelivered",
  failed: "failed",
  canceled: "failed",
  receiving: null,
  received: null,
} as const satisfies Record<string, MessageStatus | null>;

/** The reason kept for a status whose name alone would mislead (a partial delivery reads 'Undelivered'). */
const TWILIO_STATUS_REASONS: Record<string, string> = {
  partially_delivered: "Twilio: partially delivered (only part of the message reached the handset)",
};

/** A failure in words: what the status means when its name would mislead, then Twilio's error code. */
function failureReason(reported: string, errorCode: string | null | undefined): string | null {
  const parts = [ownEntry(TWILIO_STATUS_REASONS, reported), twilioErrorReason(errorCode)].filter(Boolean);
  return parts.length > 0 ? parts.join("; ") : null;
}

/** Statuses that show the provider took the message (so a send whose answer was lost did happen). */
const PROVES_SEND = new Set(["sent", "delivered", "read", "partially_delivered"]);

/** Twilio's MessageStatus values (and WhatsApp's, which share their names), as our statuses. */
export function statusFromTwilio(value: string): MessageStatus | null {
  return ownEntry(TWILIO_MESSAGE_STATUSES, value.trim().toLowerCase()) ?? null;
}

const RANK: Record<MessageStatus, number> = {
  queued: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  failed: 3,
  undelivered: 3,
  suppressed: 3,
};

/** The statuses a message may be in for `next` to apply (anything before it, never a final one). */
function statusesBefore(next: MessageStatus): MessageStatus[] {
  return (Object.keys(RANK) as MessageStatus[]).filter((s) => RANK[s] < RANK[next]);
}

/** A few of Twilio's delivery error codes, named for the UI; others show as the bare code. */
const TWILIO_ERRORS: Record<string, string> = {
  "21610": "the recipient has unsubscribed (replied STOP)",
  "21211": "invalid 'To' phone number",
  "21614": "the number is not a mobile number",
  "30003": "unreachable destination handset",
  "30004": "message blocked",
  "30005": "unknown destination handset",
  "30006": "landline or unreachable carrier",
  "30007": "filtered by the carrier",
  "30008": "unknown error",
};

export function twilioErrorReason(code: string | null | undefined): string | null {
  if (!code) return null;
  const name = ownEntry(TWILIO_ERRORS, code);
  return name ? `Twilio error ${code}: ${name}` : `Twilio error ${code}`;
}

export type StatusReport = {
  providerMessageId: string;
  status: string;
  errorCode?: string | null;
  /** Our message id, from the status callback's address (twilio.server.ts sendTwilioSms). */
  messageId?: string | null;
  /** The failure in words, from providers other than Twilio (WhatsApp's status errors). */
  reason?: string | null;
};
export type StatusOutcome = "updated" | "unchanged" | "unknown" | "ignored";

/** Applies one delivery status report to the message with that provider id. */
export async function applyDeliveryStatus(
  report: StatusReport,
  db: Queryable = getDb(),
): Promise<StatusOutcome> {
  const reported = report.status.trim().toLowerCase();
  const next = statusFromTwilio(reported);
  if (!next || !report.providerMessageId) return "ignored";
  if (PROVES_SEND.has(reported) && report.messageId)
    await recordProvenSend(db, report.messageId, report.providerMessageId);
  const finalFailure = next === "failed" || next === "undelivered";
  const updated = await db
    .update(messages)
    .set({
      status: next,
      ...(finalFailure
        ? { statusReason: report.reason ?? failureReason(reported, report.errorCode) ?? `Twilio: ${next}` }
        : {}),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(messages.providerMessageId, report.providerMessageId),
        inArray(messages.status, statusesBefore(next)),
      ),
    )
    .returning({ id: messages.id });
  if (updated.length > 0) return "updated";
  const [known] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.providerMessageId, report.providerMessageId));
  return known ? "unchanged" : "unknown";
}

/**
 * A receipt for a message whose send had no answer (left 'sending', or failed by the sweeper as
 * unknown_outcome or interrupted): Twilio took it after all. It is recorded sent with Twilio's id and
 * counted in usage, once; the receipt's own status then applies as for any other message.
 */
async function recordProvenSend(db: Queryable, messageId: string, providerMessageId: string) {
  if (!isUuid(messageId)) return;
  const [unknown] = await db
    .select({ id: messages.id, recipient: messages.recipient, attempts: messages.attempts })
    .from(messages)
    .where(
      and(
        eq(messages.id, messageId),
        isNull(messages.providerMessageId),
        or(
          eq(messages.status, "sending"),
          and(
            eq(messages.status, "failed"),
            inArray(messages.statusReason, ["unknown_outcome", "interrupted"]),
          ),
        ),
      ),
    );
  if (!unknown) return;
  await db.transaction((tx) =>
    markSent(
      tx,
      [
        {
          id: unknown.id,
          to: unknown.recipient ?? "",
          provider: providerMessageId,
          attempt: unknown.attempts,
        },
      ],
      new Date(),
    ),
  );
}
