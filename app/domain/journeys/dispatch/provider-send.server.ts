import { sql } from "drizzle-orm";
import { logWithErrorId } from "~/domain/kernel/error-id.server";
import type { Queryable } from "~/domain/kernel/scope";
import type { ChannelAdapter } from "~/services/messaging/channels.server";
import { TransientDeliveryError } from "~/services/messaging/errors.server";
import { rowsOf } from "../sql.server";
import type { AdapterFor } from "./adapters.server";
import { markSent } from "./mark-sent.server";
import { type DueMessage, failureHandling, outgoingMessage, retryDelaySeconds } from "./policy";
import type { SendOutcome } from "./send-outcome";

/**
 * Provider sends (Twilio, Meta, SMTP), exactly once even when a provider's answer is lost:
 * - each message is claimed just before its own call ('queued' → 'sending', attempts + 1; the new
 *   attempts count is the claim's token), so whoever wins that update owns the message and the
 *   sweeper only ever sees a 'sending' message whose call began moments ago;
 * - success: 'sent' is recorded for that claim (markSent is retried on its own; the send never is);
 * - a failure that certainly happened before the provider took anything is retried later or failed;
 *   any other failure leaves the message 'sending', marked unknown_outcome, for the sweeper to fail.
 */

export type ClaimedMessage = DueMessage & {
  id: string;
  accountId: string;
  subject: string | null;
  body: string | null;
  attempts: number;
  /** Its own adapter, when not its channel's (WhatsApp through the company's own Meta account). */
  adapter?: ChannelAdapter;
};

/** Provider calls (HTTP, SMTP) in flight at once per send job. */
const PROVIDER_CONCURRENCY = 8;
/** Tries of markSent after a provider took the message, and the first pause between them. */
const MARK_SENT_TRIES = 5;
const MARK_SENT_PAUSE_MS = 50;

const iso = (d: Date) => d.toISOString();

export async function sendThroughProvider(
  messages: ClaimedMessage[],
  context: { db: Queryable; adapterOf: AdapterFor; outcome: SendOutcome; now?: Date },
): Promise<void> {
  const { db, adapterOf, outcome } = context;
  // The claim's time is the real clock (or the test's): a job may run long after it started.
  const clock = () => context.now ?? new Date();
  await inParallel(messages, PROVIDER_CONCURRENCY, async (m) => {
    const outgoing = outgoingMessage(m);
    const attempt = await claimForCall(db, m.id, outgoing.to, clock());
    if (attempt === null) return; // another worker owns it, or it is no longer queued
    let providerMessageId: string;
    try {
      providerMessageId = (await (m.adapter ?? adapterOf(m.channel)).send(outgoing)).providerMessageId;
    } catch (error) {
      await recordFailure(db, outcome, m.id, attempt, error, clock());
      return;
    }
    const result = { id: m.id, to: outgoing.to, provider: providerMessageId, attempt };
    if (await markSentPersistently(db, result, clock)) outcome.sent.push(m.id);
  });
}

/**
 * 'queued' → 'sending' for this call, with the address it goes to; answers the claim's token (the new
 * attempts count), or null when the message is not (or no longer) queued and due.
 */
async function claimForCall(db: Queryable, id: string, to: string, now: Date): Promise<number | null> {
  const [claimed] = await rowsOf<{ attempts: number }>(
    db,
    sql`update messages set status = 'sending', attempts = attempts + 1, status_reason = null,
          recipient = ${to}, updated_at = ${iso(now)}::timestamptz
        where id = ${id}::uuid and status = 'queued' and send_after <= ${iso(now)}::timestamptz
        returning attempts`,
  );
  return claimed ? Number(claimed.attempts) : null;
}

/**
 * The provider took the message: record it, trying again on a lost connection, never re-queuing the
 * send. If every try fails the message stays 'sending' (the sweeper then fails it; the provider's id
 * is in the log, and its delivery receipt still marks it delivered).
 */
async function markSentPersistently(
  db: Queryable,
  result: { id: string; to: string; provider: string; attempt: number },
  clock: () => Date,
): Promise<boolean> {
  for (let tryNumber = 1; ; tryNumber++) {
    try {
      await db.transaction((tx) => markSent(tx, [result], clock()));
      return true;
    } catch (error) {
      if (tryNumber >= MARK_SENT_TRIES) {
        console.error(
          `journey send: message ${result.id} was sent (${result.provider}) but could not be recorded`,
          error,
        );
        return false;
      }
      await new Promise((resolve) => setTimeout(resolve, MARK_SENT_PAUSE_MS * 4 ** (tryNumber - 1)));
    }
  }
}

async function recordFailure(
  db: Queryable,
  outcome: SendOutcome,
  id: string,
  attempt: number,
  error: unknown,
  now: Date,
) {
  const handling = failureHandling(error, attempt);
  // The provider's own text can name hosts, accounts or numbers: it goes to the log under an id, and
  // the message keeps a reason code with that id, which the timeline shows in words.
  const reason =
    handling === "unknown"
      ? error instanceof Error
        ? error.message
        : String(error)
      : `${handling === "fail" ? "send_failed" : "send_retrying"}:${logWithErrorId(`journey send: message ${id}`, error, "warn")}`;
  // Every statement below holds only for this claim: the message still 'sending' with our attempt.
  const ours = sql`id = ${id}::uuid and status = 'sending' and attempts = ${attempt}`;
  if (handling === "fail") {
    await db.execute(
      sql`update messages set status = 'failed', status_reason = ${reason}, updated_at = ${iso(now)}::timestamptz
          where ${ours}`,
    );
    outcome.failed.push({ id, reason });
  } else if (handling === "retry") {
    // The provider's Retry-After, when it asks for longer than our backoff.
    const retryAfter = error instanceof TransientDeliveryError ? (error.retryAfterSeconds ?? 0) : 0;
    const until = new Date(now.getTime() + Math.max(retryDelaySeconds(attempt), retryAfter) * 1000);
    await db.execute(
      sql`update messages set status = 'queued', status_reason = ${reason}, send_after = ${iso(until)}::timestamptz,
            enqueued_at = ${iso(now)}::timestamptz, updated_at = ${iso(now)}::timestamptz
          where ${ours}`,
    );
    outcome.retrying.push({ id, reason, until });
  } else {
    // The provider may have it: never sent again. The details go to the log, the reason to the user.
    console.error(`journey send: message ${id}: outcome unknown, not sent again:`, reason);
    await db.execute(sql`update messages set status_reason = 'unknown_outcome' where ${ours}`);
    outcome.unknown.push({ id, reason });
  }
}

async function inParallel<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await fn(item);
    }
  });
  await Promise.all(lanes);
}
