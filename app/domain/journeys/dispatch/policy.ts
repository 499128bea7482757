import type { MessageChannel } from "#db/schema";
import type { quietHoursAt } from "~/domain/messaging/phone-time-zones.server";
import type { OutgoingMessage } from "~/services/messaging/channels.server";
import { PermanentDeliveryError, TransientDeliveryError } from "~/services/messaging/errors.server";

/**
 * The dispatcher's pure decisions: what happens to a due message, who it goes to, how it leaves,
 * and when a failed try is tried again. No database, no provider: every stage imports these.
 */

/** Enrollments claimed per dispatch transaction. */
export const DISPATCH_CHUNK = 1000;
/** Messages per send job. */
export const SEND_CHUNK = 500;
/** Provider tries per message; after the last one the message is failed with the reason. */
export const MAX_ATTEMPTS = 5;
/** A message left 'sending' this long (its worker died, or the provider's answer was lost) is failed. */
export const SENDING_TIMEOUT_SECONDS = 600;
/** A paused journey's queued messages wait; resuming puts them back to now. */
export const PAUSED_RECHECK_SECONDS = 24 * 60 * 60;

/** Delay before try n+1 after a transient error: 30 s, 2 min, 8 min, 32 min. */
export function retryDelaySeconds(attempts: number): number {
  return 30 * 4 ** Math.max(0, attempts - 1);
}

export type Decision =
  | { kind: "suppress"; reason: string }
  | { kind: "defer"; reason: string; until: Date }
  | { kind: "deliver" };

/** What decide needs to know of a due message, its contact, journey and company. */
export type DueMessage = Recipient & {
  channel: MessageChannel;
  isTest: boolean;
  journeyState: string | null;
  enrollmentStatus: string | null;
  /** The company is disabled (suspended by a platform admin): nothing of it goes out. */
  accountSuspended: boolean;
  timeZone: string;
};

export type Recipient = {
  phone: string | null;
  email: string | null;
  smsConsent: string;
  isActive: boolean;
  /** The touchpoint is commercial (marketing); only a non-commercial one goes to non_commercial contacts. */
  commercial: boolean;
};

/**
 * What happens to a due message now: suppressed (company suspended, journey muted or disabled,
 * enrollment ended, no consent, opted out, no address), deferred (journey paused, quiet hours), or
 * delivered. Test messages skip the journey's state and quiet hours, never consent. A suspended
 * company's messages are recorded suppressed as a muted journey's are: its enrollments keep their
 * schedule, so restoring it resumes each journey where it is, without sending what was suppressed.
 */
export function decide(m: DueMessage, now: Date, quietHours: ReturnType<typeof quietHoursAt>): Decision {
  if (m.accountSuspended) return { kind: "suppress", reason: "account_suspended" };
  if (!m.isTest) {
    if (m.journeyState === "disabled") return { kind: "suppress", reason: "journey_disabled" };
    if (m.journeyState === "muted") return { kind: "suppress", reason: "journey_muted" };
    if (m.enrollmentStatus === "ended") return { kind: "suppress", reason: "enrollment_ended" };
  }
  const refused = refusal(m.channel, m);
  if (refused) return { kind: "suppress", reason: refused };
  if (m.isTest) return { kind: "deliver" };
  if (m.journeyState === "paused")
    return {
      kind: "defer",
      reason: "journey_paused",
      until: new Date(now.getTime() + PAUSED_RECHECK_SECONDS * 1000),
    };
  if (m.channel !== "email") {
    const opens = quietHours(m.phone, m.timeZone);
    if (opens) return { kind: "defer", reason: "quiet_hours", until: opens };
  }
  return { kind: "deliver" };
}

/**
 * Why a message may not go to this contact at all (consent, address), or null when it may. A contact
 * added by a store's automatic opt-in without marketing consent (non_commercial) gets the journey's
 * non-commercial touchpoints only, on every channel.
 */
export function refusal(channel: MessageChannel, contact: Recipient): string | null {
  if (!contact.isActive) return "contact_inactive";
  if (contact.smsConsent === "non_commercial" && contact.commercial) return "non_commercial_only";
  if (channel === "email") return contact.email ? null : "no_address";
  if (!contact.phone) return "no_address";
  if (contact.smsConsent === "opted_out") return "opted_out";
  if (contact.smsConsent !== "opted_in" && contact.smsConsent !== "non_commercial") return "no_consent";
  return null;
}

export function recipientOf(
  channel: MessageChannel,
  contact: { phone: string | null; email: string | null },
) {
  return (channel === "email" ? contact.email : contact.phone) ?? "";
}

/** The message as an adapter sends it: the one place it is built, for every path. */
export function outgoingMessage(m: {
  id: string;
  accountId: string;
  channel: MessageChannel;
  subject: string | null;
  body: string | null;
  phone: string | null;
  email: string | null;
}): OutgoingMessage {
  return {
    messageId: m.id,
    accountId: m.accountId,
    channel: m.channel,
    to: recipientOf(m.channel, m),
    subject: m.channel === "email" ? (m.subject ?? "") : null,
    text: m.body ?? "",
  };
}

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** How a failed provider call ends: tried again, failed for good, or left to the sweeper. */
export type FailureHandling = "retry" | "fail" | "unknown";

/**
 * Only a failure that certainly happened before the provider accepted anything may be tried again
 * (TransientDeliveryError: DNS, connection refused, 429, a 4xx saying nothing was sent) or failed at
 * once (PermanentDeliveryError). Anything else (a timeout, a dropped connection, a 5xx, a bug) may
 * have been sent: it is never tried again; the message stays 'sending' and the sweeper fails it with
 * "unknown_outcome" unless a delivery receipt proves it went out.
 */
export function failureHandling(error: unknown, attempts: number): FailureHandling {
  if (error instanceof PermanentDeliveryError) return "fail";
  if (error instanceof TransientDeliveryError) return attempts >= MAX_ATTEMPTS ? "fail" : "retry";
  return "unknown";
}
