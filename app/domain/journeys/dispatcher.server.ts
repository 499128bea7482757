import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { databaseHandle, getDb } from "#db/client.server";
import type { MessageChannel } from "#db/schema";
import { config } from "~/config.server";
import type { Queryable } from "~/domain/contacts/contacts.server";
import { newLinkCode, trackedLinkUrl } from "~/domain/messaging/link-codes";
import { quietHoursAt } from "~/domain/messaging/phone-time-zones.server";
import { billedSegments } from "~/domain/messaging/segments";
import { renderMessage } from "~/domain/messaging/template";
import {
  type ChannelAdapter,
  channelAdapter,
  type OutgoingMessage,
  outboxRow,
  PermanentDeliveryError,
} from "~/services/messaging/channels.server";
import { deliverToOutbox } from "./outbox-batch.server";
import { rowsOf } from "./sql.server";

/**
 * The dispatcher: turns due enrollments into messages, and messages into deliveries, exactly once.
 *
 * 1. dispatchDue (the "journey-dispatch" job; a pg-boss schedule every minute, and a wake-up through
 *    LISTEN journey_dispatch whenever enrollments become due) claims due active enrollments of live
 *    and muted journeys in chunks (FOR UPDATE SKIP LOCKED, so any number of dispatchers share the
 *    work), and in one transaction per chunk inserts their messages (idempotency key
 *    "<enrollment>:<cycle>:<touchpoint>", ON CONFLICT DO NOTHING; body rendered with the contact's
 *    fields and the message's own tracked link), advances the enrollments, and marks the messages
 *    enqueued. Then one "journey-send" job per SEND_CHUNK message ids.
 * 2. sendMessages (the "journey-send" job) claims its still-queued, due messages (FOR UPDATE SKIP
 *    LOCKED) and decides each one: suppressed (journey muted or disabled, enrollment ended, no
 *    consent, opted out, no address), deferred (journey paused, quiet hours), or delivered. With a
 *    transactional adapter (the outbox) delivery, 'sent' and usage commit in that one transaction:
 *    a crash rolls everything back and the message is delivered by the next try, never twice. With
 *    a provider (Twilio, Meta, SMTP) 'sending' is committed before the call, the provider's id and
 *    'sent' after; a message found 'sending' after its worker died is failed, not resent (at most once).
 * 3. sweep (in every dispatch job) re-queues jobs for queued messages whose job was lost (their
 *    enqueued_at is older than STALE_SECONDS), and fails messages stuck in 'sending'.
 */

/** Enrollments claimed per dispatch transaction. */
export const DISPATCH_CHUNK = 1000;
/** Messages per send job. */
export const SEND_CHUNK = 500;
/** Provider tries per message; after the last one the message is failed with the reason. */
export const MAX_ATTEMPTS = 5;
/** A queued message whose job was queued this long ago and has not run is re-queued. */
export function staleSeconds(): number {
  return config().JOURNEY_SEND_STALE_SECONDS;
}
/** A message left 'sending' this long (its worker died during the provider call) is failed. */
export const SENDING_TIMEOUT_SECONDS = 600;
/** Delay before try n+1 after a transient error: 30 s, 2 min, 8 min, 32 min. */
export function retryDelaySeconds(attempts: number): number {
  return 30 * 4 ** Math.max(0, attempts - 1);
}
/** A paused journey's queued messages wait; resuming puts them back to now. */
const PAUSED_RECHECK_SECONDS = 24 * 60 * 60;

export const DISPATCH_QUEUE = "journey-dispatch";
export const SEND_QUEUE = "journey-send";
export const DISPATCH_CHANNEL = "journey_dispatch";

/** Queues send jobs; each batch of ids is one job. The job handlers pass pg-boss's; tests capture them. */
export type Enqueue = (batches: string[][], startAfter?: Date) => Promise<void>;

const iso = (d: Date) => d.toISOString();

// ---------------------------------------------------------------------------------------------------
// Dispatch

type DueRow = {
  id: string;
  account_id: string;
  journey_id: string;
  contact_id: string;
  cycle: number;
  state: "live" | "muted";
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  sms_consent: "none" | "opted_in" | "opted_out";
  is_active: boolean;
  company: string;
  time_zone: string;
  touchpoint_id: string | null;
  channel: MessageChannel | null;
  subject: string | null;
  message: string | null;
  link_target: string | null;
  next_wait: number | null;
};

export type DispatchResult = {
  claimed: number;
  created: number;
  more: boolean;
  /** Messages delivered in the dispatch transaction itself (the outbox). */
  sent: string[];
};

export type DispatchOptions = {
  now?: Date;
  limit?: number;
  enqueue?: Enqueue;
  db?: Queryable;
  adapterFor?: (channel: MessageChannel) => ChannelAdapter;
  /**
   * Deliver through the outbox in the dispatch transaction (default; JOURNEY_DISPATCH_INLINE=false
   * turns it off). False leaves every message queued for a send job, the path providers always take
   * (tests use it to exercise send jobs).
   */
  inline?: boolean;
};

type Decision =
  | { kind: "suppress"; reason: string }
  | { kind: "defer"; reason: string; until: Date }
  | { kind: "deliver" };

/**
 * What happens to a due message now: suppressed (journey muted or disabled, enrollment ended, no
 * consent, opted out, no address), deferred (journey paused, quiet hours), or delivered. Test
 * messages skip the journey's state and quiet hours, never consent.
 */
function decide(
  m: {
    channel: MessageChannel;
    is_test: boolean;
    journey_state: string | null;
    enrollment_status: string | null;
    phone: string | null;
    email: string | null;
    sms_consent: string;
    is_active: boolean;
    time_zone: string;
  },
  now: Date,
  quietHours: ReturnType<typeof quietHoursAt>,
): Decision {
  if (!m.is_test) {
    if (m.journey_state === "disabled") return { kind: "suppress", reason: "journey_disabled" };
    if (m.journey_state === "muted") return { kind: "suppress", reason: "journey_muted" };
    if (m.enrollment_status === "ended") return { kind: "suppress", reason: "enrollment_ended" };
  }
  const refused = refusal(m.channel, m);
  if (refused) return { kind: "suppress", reason: refused };
  if (m.is_test) return { kind: "deliver" };
  if (m.journey_state === "paused")
    return {
      kind: "defer",
      reason: "journey_paused",
      until: new Date(now.getTime() + PAUSED_RECHECK_SECONDS * 1000),
    };
  if (m.channel !== "email") {
    const opens = quietHours(m.phone, m.time_zone);
    if (opens) return { kind: "defer", reason: "quiet_hours", until: opens };
  }
  return { kind: "deliver" };
}

/**
 * One chunk of due enrollments → messages, in one transaction. Each message is decided at once
 * (see decide): suppressed and deferred ones are written so; deliverable ones whose channel goes to
 * the outbox are delivered in this same transaction (message 'sent', outbox row, usage: one
 * statement for the chunk); the others are queued for send jobs. Returns whether a full chunk was
 * claimed (more may be due).
 */
export async function dispatchDue(options: DispatchOptions = {}): Promise<DispatchResult> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? DISPATCH_CHUNK;
  const appUrl = config().APP_URL;
  const db = options.db ?? getDb();
  const adapterFor = options.adapterFor ?? channelAdapter;
  const inline = options.inline ?? config().JOURNEY_DISPATCH_INLINE === "true";
  const { claimed, queuedIds, deferred, created, sent } = await db.transaction(async (tx) => {
    const due = await rowsOf<DueRow>(
      tx,
      sql`select e.id, e.account_id, e.journey_id, e.contact_id, e.cycle, j.state,
            c.first_name, c.last_name, c.email, c.phone, c.sms_consent, c.is_active, a.company, a.time_zone,
            t.id as touchpoint_id, t.channel, t.subject, t.message, t.link_target,
            (select n.wait_minutes from touchpoints n where n.journey_id = e.journey_id
              order by n.ordinal, n.id offset e.position + 1 limit 1) as next_wait
          from (
            -- The claim alone, walking the due index in order, so a chunk costs the same whether ten
            -- or a million enrollments are due; the details are joined to the claimed rows only.
            select d.id from enrollments d
            where d.status = 'active' and d.next_due_at is not null and d.next_due_at <= ${iso(now)}::timestamptz
              and exists (select 1 from journeys s where s.id = d.journey_id and s.state in ('live', 'muted'))
            order by d.next_due_at
            limit ${limit}
            for update of d skip locked
          ) k
          join enrollments e on e.id = k.id
          join journeys j on j.id = e.journey_id
          join contacts c on c.id = e.contact_id
          join accounts a on a.id = e.account_id
          left join lateral (
            select t.id, t.channel, t.subject, t.message, t.link_target from touchpoints t
            where t.journey_id = e.journey_id order by t.ordinal, t.id offset e.position limit 1
          ) t on true`,
    );
    if (due.length === 0)
      return {
        claimed: 0,
        queuedIds: [] as string[],
        deferred: [] as { id: string; until: Date }[],
        created: 0,
        sent: [] as string[],
      };

    const settings = config();
    const viaOutbox = new Map<MessageChannel, boolean>();
    const outboxFor = (channel: MessageChannel) => {
      let yes = viaOutbox.get(channel);
      if (yes === undefined) {
        const adapter = adapterFor(channel);
        yes = inline && adapter.transactional && adapter.name === "outbox";
        viaOutbox.set(channel, yes);
      }
      return yes;
    };
    const quietHours = quietHoursAt(now);
    const messageRows: Record<string, unknown>[] = [];
    const deferredRows: { id: string; until: Date }[] = [];
    const advance: { id: string; sent: boolean; next_wait: number | null }[] = [];
    for (const row of due) {
      if (!row.touchpoint_id || !row.channel || row.message === null) {
        // Its touchpoint was removed: nothing left to send in this cycle.
        advance.push({ id: row.id, sent: false, next_wait: null });
        continue;
      }
      const channel = row.channel;
      const id = randomUUID();
      const code = row.link_target ? newLinkCode() : null;
      const body = renderMessage(row.message, {
        first_name: row.first_name,
        last_name: row.last_name,
        email: row.email,
        phone: row.phone,
        company: row.company,
        link: code ? trackedLinkUrl(appUrl, code) : (row.link_target ?? ""),
      });
      const subject = channel === "email" ? (row.subject ?? "") : null;
      const decision = decide(
        { ...row, channel, is_test: false, journey_state: row.state, enrollment_status: "active" },
        now,
        quietHours,
      );
      const deliverNow = decision.kind === "deliver" && outboxFor(channel);
      const to = recipientOf(channel, row);
      const outboxId = deliverNow ? randomUUID() : null;
      messageRows.push({
        id,
        key: `${row.id}:${row.cycle}:${row.touchpoint_id}`,
        account_id: row.account_id,
        contact_id: row.contact_id,
        enrollment_id: row.id,
        journey_id: row.journey_id,
        touchpoint_id: row.touchpoint_id,
        channel,
        subject,
        body,
        segments: billedSegments(channel, body),
        status: decision.kind === "suppress" ? "suppressed" : deliverNow ? "sent" : "queued",
        reason: decision.kind === "deliver" ? null : decision.reason,
        send_after: decision.kind === "defer" ? iso(decision.until) : iso(now),
        code,
        target: row.link_target,
        // The outbox row, for messages delivered now.
        outbox_id: outboxId,
        recipient: deliverNow ? to : null,
        provider: outboxId ? `outbox:${outboxId}` : null,
        ...(outboxId
          ? outboxRow(
              { messageId: id, accountId: row.account_id, channel, to, subject, text: body },
              settings,
            )
          : {}),
      });
      if (decision.kind === "defer") deferredRows.push({ id, until: decision.until });
      advance.push({ id: row.id, sent: true, next_wait: row.next_wait });
    }

    let inserted: { id: string; status: string }[] = [];
    if (messageRows.length > 0) {
      inserted = await rowsOf<{ id: string; status: string }>(
        tx,
        sql`with v as (
              select * from json_to_recordset(${JSON.stringify(messageRows)}::json) as v(
                id uuid, key text, account_id uuid, contact_id uuid, enrollment_id uuid, journey_id uuid,
                touchpoint_id uuid, channel message_channel, subject text, body text, segments int,
                status message_status, reason text, send_after timestamptz, code text, target text,
                outbox_id uuid, recipient text, provider text, sender text, html text)
            ), ins as (
              insert into messages (id, account_id, idempotency_key, contact_id, enrollment_id, journey_id,
                touchpoint_id, channel, recipient, subject, body, segments, status, status_reason, attempts,
                provider_message_id, send_after, enqueued_at, sent_at, created_at, updated_at)
              select id, account_id, key, contact_id, enrollment_id, journey_id, touchpoint_id, channel, recipient,
                subject, body, segments, status, reason, case when status = 'sent' then 1 else 0 end, provider,
                send_after, case when status = 'queued' then ${iso(now)}::timestamptz end,
                case when status = 'sent' then ${iso(now)}::timestamptz end,
                ${iso(now)}::timestamptz, ${iso(now)}::timestamptz
              from v
              on conflict (idempotency_key) do nothing
              returning id, status, account_id, channel, segments
            ), links as (
              insert into tracked_links (code, account_id, target_url, touchpoint_id, message_id, contact_id, created_at)
              select v.code, v.account_id, v.target, v.touchpoint_id, v.id, v.contact_id, ${iso(now)}::timestamptz
              from v join ins on ins.id = v.id
              where v.code is not null
            ), outbox as (
              insert into outbox_messages (id, channel, recipient, sender, subject, text, html, message_id, created_at)
              select v.outbox_id, v.channel::text::outbox_channel, v.recipient, v.sender, v.subject, v.body, v.html,
                v.id, ${iso(now)}::timestamptz
              from v join ins on ins.id = v.id
              where ins.status = 'sent'
            ), usage as (
              insert into message_usage (account_id, period_start, channel, messages, segments)
              select account_id, date_trunc('month', ${iso(now)}::timestamptz at time zone 'UTC')::date, channel,
                count(*)::int, sum(segments)::int
              from ins where status = 'sent'
              group by account_id, channel order by account_id, channel
              on conflict (account_id, period_start, channel) do update set
                messages = message_usage.messages + excluded.messages,
                segments = message_usage.segments + excluded.segments
            )
            select id, status::text as status from ins`,
      );
    }

    await tx.execute(
      sql`update enrollments e set
            position = case when v.sent then e.position + 1 else e.position end,
            step_started_at = case when v.sent then ${iso(now)}::timestamptz else e.step_started_at end,
            next_due_at = case when v.next_wait is null then null
              else ${iso(now)}::timestamptz + make_interval(mins => v.next_wait) end,
            status = case when v.next_wait is null then 'completed'::enrollment_status else 'active'::enrollment_status end,
            updated_at = ${iso(now)}::timestamptz
          from json_to_recordset(${JSON.stringify(advance)}::json) as v(id uuid, sent boolean, next_wait int)
          where e.id = v.id`,
    );
    const insertedIds = new Set(inserted.map((m) => m.id));
    const deferredSet = new Set(deferredRows.map((d) => d.id));
    return {
      claimed: due.length,
      created: inserted.length,
      sent: inserted.filter((m) => m.status === "sent").map((m) => m.id),
      queuedIds: inserted.filter((m) => m.status === "queued" && !deferredSet.has(m.id)).map((m) => m.id),
      deferred: deferredRows.filter((d) => insertedIds.has(d.id)),
    };
  });
  const enqueue = options.enqueue ?? enqueueSendJobs;
  if (queuedIds.length > 0) await enqueue(chunk(queuedIds, SEND_CHUNK));
  // Deferred messages (quiet hours) get a job that starts when their window opens.
  const byTime = new Map<number, string[]>();
  for (const d of deferred) byTime.set(d.until.getTime(), [...(byTime.get(d.until.getTime()) ?? []), d.id]);
  for (const [time, group] of byTime) await enqueue(chunk(group, SEND_CHUNK), new Date(time));
  return { claimed, created, more: claimed === limit, sent };
}

export function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Send

type ClaimedMessage = {
  id: string;
  account_id: string;
  channel: MessageChannel;
  subject: string | null;
  body: string | null;
  segments: number;
  attempts: number;
  is_test: boolean;
  journey_state: string | null;
  enrollment_status: string | null;
  phone: string | null;
  email: string | null;
  sms_consent: "none" | "opted_in" | "opted_out";
  is_active: boolean;
  time_zone: string;
};

export type SendOutcome = {
  sent: string[];
  suppressed: { id: string; reason: string }[];
  deferred: { id: string; reason: string; until: Date }[];
  failed: { id: string; reason: string }[];
  retrying: { id: string; reason: string; until: Date }[];
};

export type SendOptions = {
  now?: Date;
  /** Which adapter sends a channel (tests inject failing or counting ones). */
  adapterFor?: (channel: MessageChannel) => ChannelAdapter;
  enqueue?: Enqueue;
  db?: Queryable;
};

/** Why a message may not go to this contact at all (consent, address), or null when it may. */
export function refusal(
  channel: MessageChannel,
  contact: { phone: string | null; email: string | null; sms_consent: string; is_active: boolean },
): string | null {
  if (!contact.is_active) return "contact_inactive";
  if (channel === "email") return contact.email ? null : "no_address";
  if (!contact.phone) return "no_address";
  if (contact.sms_consent === "opted_out") return "opted_out";
  if (contact.sms_consent !== "opted_in") return "no_consent";
  return null;
}

export function recipientOf(
  channel: MessageChannel,
  contact: { phone: string | null; email: string | null },
) {
  return (channel === "email" ? contact.email : contact.phone) ?? "";
}

/** Sends the given messages that are still queued and due (the "journey-send" job). */
export async function sendMessages(ids: string[], options: SendOptions = {}): Promise<SendOutcome> {
  const now = options.now ?? new Date();
  const adapterFor = options.adapterFor ?? channelAdapter;
  const enqueue = options.enqueue ?? enqueueSendJobs;
  const db = options.db ?? getDb();
  const outcome: SendOutcome = { sent: [], suppressed: [], deferred: [], failed: [], retrying: [] };
  if (ids.length === 0) return outcome;
  const pipelined = databaseHandle().kind === "postgres";

  const providerBound = await db.transaction(async (tx) => {
    const claimed = await rowsOf<ClaimedMessage>(
      tx,
      sql`select m.id, m.account_id, m.channel, m.subject, m.body, m.segments, m.attempts, m.is_test,
            j.state::text as journey_state, e.status::text as enrollment_status,
            c.phone, c.email, c.sms_consent, c.is_active, a.time_zone
          from messages m
          join contacts c on c.id = m.contact_id
          join accounts a on a.id = m.account_id
          left join journeys j on j.id = m.journey_id
          left join enrollments e on e.id = m.enrollment_id
          where m.id in (select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))
            and m.status = 'queued' and m.send_after <= ${iso(now)}::timestamptz
          for update of m skip locked`,
    );
    const deliverable: ClaimedMessage[] = [];
    const quietHours = quietHoursAt(now);
    for (const m of claimed) {
      const decision = decide(m, now, quietHours);
      if (decision.kind === "suppress") outcome.suppressed.push({ id: m.id, reason: decision.reason });
      else if (decision.kind === "defer")
        outcome.deferred.push({ id: m.id, reason: decision.reason, until: decision.until });
      else deliverable.push(m);
    }

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

    // Delivery through transactional adapters (the outbox): in this transaction, with 'sent' and usage.
    const byChannel = new Map<MessageChannel, ChannelAdapter>();
    const adapterOf = (channel: MessageChannel) => {
      let adapter = byChannel.get(channel);
      if (!adapter) {
        adapter = adapterFor(channel);
        byChannel.set(channel, adapter);
      }
      return adapter;
    };
    const inTransaction = deliverable.filter((m) => adapterOf(m.channel).transactional);
    const outside = deliverable.filter((m) => !adapterOf(m.channel).transactional);
    if (inTransaction.length > 0) {
      const outgoing = (m: ClaimedMessage): OutgoingMessage => ({
        messageId: m.id,
        accountId: m.account_id,
        channel: m.channel,
        to: recipientOf(m.channel, m),
        subject: m.subject,
        text: m.body ?? "",
      });
      // The outbox: the whole chunk in one statement.
      const toOutbox = inTransaction.filter((m) => adapterOf(m.channel).name === "outbox");
      const delivered = await deliverToOutbox(tx, toOutbox.map(outgoing));
      const batched = toOutbox.map((m) => ({
        id: m.id,
        to: recipientOf(m.channel, m),
        provider: delivered.get(m.id) ?? "",
      }));
      const deliver = (m: ClaimedMessage) =>
        adapterOf(m.channel)
          .send(
            {
              messageId: m.id,
              accountId: m.account_id,
              channel: m.channel,
              to: recipientOf(m.channel, m),
              subject: m.subject,
              text: m.body ?? "",
            },
            tx,
          )
          .then((result) => ({
            id: m.id,
            to: recipientOf(m.channel, m),
            provider: result.providerMessageId,
          }));
      // postgres.js pipelines the inserts of one transaction; PGlite runs them one by one anyway.
      const others = inTransaction.filter((m) => adapterOf(m.channel).name !== "outbox");
      const results = [
        ...batched,
        ...(pipelined ? await Promise.all(others.map(deliver)) : await sequentially(others, deliver)),
      ];
      await markSent(tx, results, now);
      outcome.sent.push(...results.map((r) => r.id));
    }
    if (outside.length > 0)
      await tx.execute(
        sql`update messages set status = 'sending', attempts = attempts + 1, status_reason = null,
              updated_at = ${iso(now)}::timestamptz
            where id in (select value::uuid from json_array_elements_text(${JSON.stringify(outside.map((m) => m.id))}::json))`,
      );
    return outside;
  });

  // Providers: 'sending' is committed; call each, then store its id and 'sent' (or the failure).
  // Up to PROVIDER_CONCURRENCY provider calls at a time; each message's outcome is stored on its own.
  await inParallel(providerBound, PROVIDER_CONCURRENCY, async (m) => {
    const to = recipientOf(m.channel, m);
    try {
      const result = await adapterFor(m.channel).send({
        messageId: m.id,
        accountId: m.account_id,
        channel: m.channel,
        to,
        subject: m.subject,
        text: m.body ?? "",
      });
      await db.transaction((tx) => markSent(tx, [{ id: m.id, to, provider: result.providerMessageId }], now));
      outcome.sent.push(m.id);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const attempts = m.attempts + 1;
      if (error instanceof PermanentDeliveryError || attempts >= MAX_ATTEMPTS) {
        await db.execute(
          sql`update messages set status = 'failed', status_reason = ${reason}, updated_at = ${iso(now)}::timestamptz
              where id = ${m.id} and status = 'sending'`,
        );
        outcome.failed.push({ id: m.id, reason });
      } else {
        // TransientDeliveryError, or an unexpected error (a lost connection): try again later.
        const until = new Date(now.getTime() + retryDelaySeconds(attempts) * 1000);
        await db.execute(
          sql`update messages set status = 'queued', status_reason = ${reason}, send_after = ${iso(until)}::timestamptz,
                enqueued_at = ${iso(now)}::timestamptz, updated_at = ${iso(now)}::timestamptz
              where id = ${m.id} and status = 'sending'`,
        );
        outcome.retrying.push({ id: m.id, reason, until });
      }
    }
  });

  // Deferred messages and retries get a job that starts when they are due (the sweeper is the backstop).
  const byTime = new Map<number, string[]>();
  for (const d of outcome.deferred)
    byTime.set(d.until.getTime(), [...(byTime.get(d.until.getTime()) ?? []), d.id]);
  for (const r of outcome.retrying)
    byTime.set(r.until.getTime(), [...(byTime.get(r.until.getTime()) ?? []), r.id]);
  for (const [time, group] of byTime) await enqueue(chunk(group, SEND_CHUNK), new Date(time));
  return outcome;
}

/** Provider calls (HTTP, SMTP) in flight at once per send job. */
const PROVIDER_CONCURRENCY = 8;

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

async function sequentially<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (const item of items) out.push(await fn(item));
  return out;
}

/** Marks messages sent and counts them (and their segments) in the company's usage, in one transaction. */
export async function markSent(
  tx: Queryable,
  results: { id: string; to: string; provider: string }[],
  now: Date,
): Promise<void> {
  if (results.length === 0) return;
  await tx.execute(
    sql`with sent as (
          update messages m set status = 'sent', recipient = v.recipient, provider_message_id = v.provider,
            sent_at = ${iso(now)}::timestamptz, attempts = case when m.status = 'queued' then m.attempts + 1 else m.attempts end,
            status_reason = null, updated_at = ${iso(now)}::timestamptz
          from json_to_recordset(${JSON.stringify(results.map((r) => ({ id: r.id, recipient: r.to, provider: r.provider })))}::json)
            as v(id uuid, recipient text, provider text)
          where m.id = v.id and m.status in ('queued', 'sending')
          returning m.account_id, m.channel, m.segments
        )
        insert into message_usage (account_id, period_start, channel, messages, segments)
        select account_id, date_trunc('month', ${iso(now)}::timestamptz at time zone 'UTC')::date, channel,
          count(*)::int, sum(segments)::int
        from sent group by account_id, channel order by account_id, channel
        on conflict (account_id, period_start, channel) do update set
          messages = message_usage.messages + excluded.messages,
          segments = message_usage.segments + excluded.segments`,
  );
}

// ---------------------------------------------------------------------------------------------------
// Sweep

/**
 * Re-queues jobs for queued messages whose job was lost; fails messages stuck in 'sending' (their
 * worker died during the provider call: whether the provider got it is unknown, so it is never resent)
 * with the reason "interrupted".
 */
export async function sweep(options: { now?: Date; enqueue?: Enqueue; db?: Queryable } = {}) {
  const now = options.now ?? new Date();
  const db = options.db ?? getDb();
  const stale = new Date(now.getTime() - staleSeconds() * 1000);
  const interrupted = await rowsOf<{ id: string }>(
    db,
    sql`update messages set status = 'failed',
          status_reason = 'interrupted',
          updated_at = ${iso(now)}::timestamptz
        where status = 'sending' and updated_at < ${iso(new Date(now.getTime() - SENDING_TIMEOUT_SECONDS * 1000))}::timestamptz
        returning id`,
  );
  let requeued = 0;
  for (;;) {
    const lost = await rowsOf<{ id: string }>(
      db,
      sql`update messages set enqueued_at = ${iso(now)}::timestamptz
          where id in (
            select id from messages
            where status = 'queued' and send_after <= ${iso(now)}::timestamptz
              and (enqueued_at is null or enqueued_at < ${iso(stale)}::timestamptz)
            order by send_after limit 5000 for update skip locked)
          returning id`,
    );
    if (lost.length === 0) break;
    requeued += lost.length;
    await (options.enqueue ?? enqueueSendJobs)(
      chunk(
        lost.map((r) => r.id),
        SEND_CHUNK,
      ),
    );
    if (lost.length < 5000) break;
  }
  return { requeued, interrupted: interrupted.length };
}

// ---------------------------------------------------------------------------------------------------
// Jobs

/** Queues one send job per batch (pg-boss), starting at `startAfter` when given. */
export async function enqueueSendJobs(batches: string[][], startAfter?: Date): Promise<void> {
  if (batches.length === 0) return;
  const { jobs } = await import("~/services/jobs/jobs.server");
  const boss = await jobs();
  await boss.insert(
    batches.map((messageIds) => ({
      name: SEND_QUEUE,
      data: { messageIds },
      ...(startAfter ? { startAfter } : {}),
    })),
  );
}

/**
 * The dispatch job: sweep, then dispatch chunks for up to ~20 s; queues itself again if work remains.
 * When there is more than a chunk due it queues one more dispatch job at once, so that other workers
 * dispatch alongside (SKIP LOCKED keeps them apart).
 */
export async function runDispatchJob(options: { signal?: AbortSignal } = {}): Promise<void> {
  await sweep();
  const deadline = Date.now() + 20_000;
  let fannedOut = false;
  for (;;) {
    const result = await dispatchDue();
    if (!result.more) return;
    if (!fannedOut) {
      // A full chunk: more is due. Another worker may take a second dispatch job meanwhile.
      fannedOut = true;
      await queueDispatchJob();
    }
    if (Date.now() > deadline || options.signal?.aborted) {
      await queueDispatchJob();
      return;
    }
  }
}

/** Queues a dispatch job unless one is already waiting (the queue keeps one queued and one active). */
export async function queueDispatchJob(): Promise<void> {
  const { jobs } = await import("~/services/jobs/jobs.server");
  const boss = await jobs();
  await boss.send(DISPATCH_QUEUE, {});
}

/** Wakes the workers' dispatchers (they LISTEN on journey_dispatch): cheap, no pg-boss in this process. */
export async function notifyDispatcher(db: Queryable = getDb()): Promise<void> {
  await db.execute(sql`select pg_notify(${DISPATCH_CHANNEL}, '')`);
}

/**
 * In a worker process: listens for wake-ups (enrollments that became due, journey state changes,
 * wakeDispatcher) and queues a dispatch job for each, at most one every half second; queues one now
 * to catch up with what came due while no worker ran. Returns the function that stops listening.
 */
export async function startDispatchListener(): Promise<() => Promise<void>> {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wake = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (!stopped) queueDispatchJob().catch((error) => console.error("journey dispatch:", error));
    }, 500);
  };
  const unlisten = await databaseHandle().listen(DISPATCH_CHANNEL, wake);
  await queueDispatchJob();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await unlisten().catch(() => {});
  };
}
