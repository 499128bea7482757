import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { databaseHandle, getDb } from "#db/client.server";
import { accounts, contacts, enrollments, journeys, messages, touchpoints } from "#db/schema";
import type { Queryable } from "~/domain/kernel/scope";
import { quietHoursAt } from "~/domain/messaging/phone-time-zones.server";
import { routeWhatsAppMessages } from "~/domain/whatsapp/sending.server";
import type { ChannelAdapter } from "~/services/messaging/channels.server";
import { deliverToOutbox } from "../outbox-batch.server";
import { type AdapterFor, adapterCache } from "./adapters.server";
import { markSent } from "./mark-sent.server";
import { decide, outgoingMessage } from "./policy";
import { type ClaimedMessage, sendThroughProvider } from "./provider-send.server";
import { type Enqueue, enqueueMessages, enqueueSendJobs } from "./queue.server";
import type { SendOutcome } from "./send-outcome";

/**
 * Send: the "journey-send" job. Its still-queued, due messages are claimed (FOR UPDATE SKIP LOCKED)
 * and decided (policy.ts): suppressed, deferred, or delivered. With a transactional adapter (the
 * outbox) delivery, 'sent' and usage commit in that one transaction: a crash rolls everything back
 * and the message is delivered by the next try, never twice. Messages for a provider (Twilio, Meta,
 * SMTP) stay queued here and are claimed one by one just before their own provider call
 * (provider-send.server.ts), so a job holding many of them never owns one it is not sending.
 */

export type { SendOutcome };

export type SendOptions = {
  now?: Date;
  /** Which adapter sends a channel (tests inject failing or counting ones). */
  adapterFor?: AdapterFor;
  enqueue?: Enqueue;
  db?: Queryable;
};

const iso = (d: Date) => d.toISOString();

/** Sends the given messages that are still queued and due. */
export async function sendMessages(ids: string[], options: SendOptions = {}): Promise<SendOutcome> {
  const now = options.now ?? new Date();
  const adapterOf = adapterCache(options.adapterFor);
  const db = options.db ?? getDb();
  const outcome: SendOutcome = {
    sent: [],
    suppressed: [],
    deferred: [],
    failed: [],
    retrying: [],
    unknown: [],
  };
  if (ids.length === 0) return outcome;

  const providerBound = await db.transaction(async (tx) => {
    const claimed = await claimQueued(tx, ids, now);
    const deliverable: ClaimedMessage[] = [];
    const quietHours = quietHoursAt(now);
    // WhatsApp of companies with their own Meta account: their adapter, or not sent (24-hour window).
    const whatsapp = await routeWhatsAppMessages(
      tx,
      claimed.filter((m) => m.channel === "whatsapp").map((m) => m.id),
      now,
    );
    for (const m of claimed) {
      const route = whatsapp.get(m.id);
      const decision = decide(m, now, quietHours);
      if (decision.kind === "deliver" && route?.kind === "suppress")
        outcome.suppressed.push({ id: m.id, reason: route.reason });
      else if (decision.kind === "suppress") outcome.suppressed.push({ id: m.id, reason: decision.reason });
      else if (decision.kind === "defer")
        outcome.deferred.push({ id: m.id, reason: decision.reason, until: decision.until });
      else deliverable.push(m);
    }
    await recordDecisions(tx, outcome, now);
    const own = (m: ClaimedMessage): ChannelAdapter | undefined => {
      const route = whatsapp.get(m.id);
      return route?.kind === "send" ? route.adapter : undefined;
    };
    const inTransaction = deliverable.filter((m) => !own(m) && adapterOf(m.channel).transactional);
    outcome.sent.push(...(await deliverInTransaction(tx, inTransaction, adapterOf, now)));
    return deliverable
      .filter((m) => own(m) || !adapterOf(m.channel).transactional)
      .map((m) => ({ ...m, adapter: own(m) }));
  });

  await sendThroughProvider(providerBound, { db, adapterOf, outcome, now: options.now });
  await enqueueMessages(options.enqueue ?? enqueueSendJobs, [], [...outcome.deferred, ...outcome.retrying]);
  return outcome;
}

/** The job's messages that are still queued and due, locked for this transaction, with what decide needs. */
function claimQueued(tx: Queryable, ids: string[], now: Date): Promise<ClaimedMessage[]> {
  return tx
    .select({
      id: messages.id,
      accountId: messages.accountId,
      channel: messages.channel,
      subject: messages.subject,
      body: messages.body,
      attempts: messages.attempts,
      isTest: messages.isTest,
      journeyState: journeys.state,
      enrollmentStatus: enrollments.status,
      accountSuspended: accounts.disabled,
      phone: contacts.phone,
      email: contacts.email,
      smsConsent: contacts.smsConsent,
      isActive: contacts.isActive,
      // A message of no touchpoint (or one since deleted) counts as commercial.
      commercial: sql<boolean>`coalesce(${touchpoints.commercial}, true)`,
      timeZone: accounts.timeZone,
    })
    .from(messages)
    .innerJoin(contacts, eq(contacts.id, messages.contactId))
    .innerJoin(accounts, eq(accounts.id, messages.accountId))
    .leftJoin(journeys, eq(journeys.id, messages.journeyId))
    .leftJoin(enrollments, eq(enrollments.id, messages.enrollmentId))
    .leftJoin(touchpoints, eq(touchpoints.id, messages.touchpointId))
    .where(and(inArray(messages.id, ids), eq(messages.status, "queued"), lte(messages.sendAfter, now)))
    .for("update", { of: messages, skipLocked: true });
}

async function recordDecisions(tx: Queryable, outcome: SendOutcome, now: Date) {
  if (outcome.suppressed.length > 0)
    await tx.execute(
      sql`update messages m set status = 'suppressed', status_reason = v.reason, updated_at = ${iso(now)}::timestamptz
          from json_to_recordset(${JSON.stringify(outcome.suppressed)}::json) as v(id uuid, reason text)
          where m.id = v.id`,
    );
  if (outcome.deferred.length > 0)
    await tx.execute(
      sql`update messages m set send_after = v.until, status_reason = v.reason,
            enqueued_at = ${iso(now)}::timestamptz, updated_at = ${iso(now)}::timestamptz
          from json_to_recordset(${JSON.stringify(outcome.deferred)}::json) as v(id uuid, reason text, until timestamptz)
          where m.id = v.id`,
    );
}

/** Delivery through transactional adapters (the outbox): in the claim's transaction, with 'sent' and usage. */
async function deliverInTransaction(
  tx: Queryable,
  claimed: ClaimedMessage[],
  adapterOf: AdapterFor,
  now: Date,
): Promise<string[]> {
  if (claimed.length === 0) return [];
  const outgoing = claimed.map(outgoingMessage);
  // The outbox: the whole chunk in one statement.
  const toOutbox = outgoing.filter((m) => adapterOf(m.channel).name === "outbox");
  const delivered = await deliverToOutbox(tx, toOutbox);
  const batched = toOutbox.map((m) => ({
    id: m.messageId,
    to: m.to,
    provider: delivered.get(m.messageId) ?? "",
  }));
  const others = outgoing.filter((m) => adapterOf(m.channel).name !== "outbox");
  const deliver = async (m: (typeof outgoing)[number]) => {
    const result = await adapterOf(m.channel).send(m, tx);
    return { id: m.messageId, to: m.to, provider: result.providerMessageId };
  };
  // postgres.js pipelines the inserts of one transaction; PGlite runs them one by one anyway.
  const pipelined = databaseHandle().kind === "postgres";
  const results = [
    ...batched,
    ...(pipelined ? await Promise.all(others.map(deliver)) : await sequentially(others, deliver)),
  ];
  await markSent(tx, results, now);
  return results.map((r) => r.id);
}

async function sequentially<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await fn(item));
  return out;
}
