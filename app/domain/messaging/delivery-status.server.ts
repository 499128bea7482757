import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { type MessageStatus, messages } from "#db/schema";
import type { Queryable } from "~/domain/contacts/contacts.server";

/**
 * Delivery status reports (Twilio's status callbacks): a message moves forward only, queued → sending →
 * sent → delivered | failed | undelivered; the last three are final. A late or repeated report never
 * moves a message back.
 */

/** Twilio's MessageStatus values, as our statuses; null for statuses that say nothing about delivery. */
export function statusFromTwilio(value: string): MessageStatus | null {
  switch (value.trim().toLowerCase()) {
    case "accepted":
    case "scheduled":
    case "queued":
      return "queued";
    case "sending":
      return "sending";
    case "sent":
      return "sent";
    case "delivered":
    case "read":
      return "delivered";
    case "undelivered":
      return "undelivered";
    case "failed":
    case "canceled":
      return "failed";
    default:
      return null;
  }
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
  const name = TWILIO_ERRORS[code];
  return name ? `Twilio error ${code}: ${name}` : `Twilio error ${code}`;
}

export type StatusReport = { providerMessageId: string; status: string; errorCode?: string | null };
export type StatusOutcome = "updated" | "unchanged" | "unknown" | "ignored";

/** Applies one delivery status report to the message with that provider id. */
export async function applyDeliveryStatus(
  report: StatusReport,
  db: Queryable = getDb(),
): Promise<StatusOutcome> {
  const next = statusFromTwilio(report.status);
  if (!next || !report.providerMessageId) return "ignored";
  const finalFailure = next === "failed" || next === "undelivered";
  const updated = await db
    .update(messages)
    .set({
      status: next,
      ...(finalFailure ? { statusReason: twilioErrorReason(report.errorCode) ?? `Twilio: ${next}` } : {}),
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
