import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import type { accounts, contacts, enrollments, MessageChannel, touchpoints } from "#db/schema";
import { config } from "~/config.server";
import type { Queryable } from "~/domain/kernel/scope";
import { renderWithTrackedLink } from "~/domain/messaging/link-codes";
import { quietHoursAt } from "~/domain/messaging/phone-time-zones.server";
import { billedSegments } from "~/domain/messaging/segments";
import { accountsWithOwnWhatsApp } from "~/domain/whatsapp/sending.server";
import { outboxRow } from "~/services/messaging/channels.server";
import { rowsOf } from "../sql.server";
import type { JourneyState } from "../types";
import { type AdapterFor, adapterCache, isOutbox } from "./adapters.server";
import { addUsage } from "./mark-sent.server";
import { DISPATCH_CHUNK, decide, outgoingMessage } from "./policy";
import { type Enqueue, enqueueMessages, enqueueSendJobs } from "./queue.server";

/**
 * Claim and dispatch due: the "journey-dispatch" job turns due enrollments of live and muted
 * journeys into messages. Enrollments are claimed in chunks (FOR UPDATE SKIP LOCKED, so any number
 * of dispatchers share the work); in one transaction per chunk their messages are inserted
 * (idempotency key "<enrollment>:<cycle>:<touchpoint>", ON CONFLICT DO NOTHING; body rendered with
 * the contact's fields and the message's own tracked link), and the enrollments advance. Each message
 * is decided at once (policy.ts): suppressed and deferred ones are written so; deliverable ones whose
 * channel goes to the outbox are delivered in this same transaction (message 'sent', outbox row,
 * usage); the others are queued for send jobs.
 */

type Enrollment = typeof enrollments.$inferSelect;
type Contact = typeof contacts.$inferSelect;
type Touchpoint = typeof touchpoints.$inferSelect;

/** One claimed enrollment with what its message needs (columns as the raw SQL names them). */
type DueRow = {
  id: Enrollment["id"];
  account_id: Enrollment["accountId"];
  journey_id: Enrollment["journeyId"];
  contact_id: Enrollment["contactId"];
  cycle: Enrollment["cycle"];
  state: Extract<JourneyState, "live" | "muted">;
  first_name: Contact["firstName"];
  last_name: Contact["lastName"];
  email: Contact["email"];
  phone: Contact["phone"];
  sms_consent: Contact["smsConsent"];
  is_active: Contact["isActive"];
  company: (typeof accounts.$inferSelect)["company"];
  time_zone: (typeof accounts.$inferSelect)["timeZone"];
  account_disabled: (typeof accounts.$inferSelect)["disabled"];
  // The touchpoint at the enrollment's position: null when it was removed.
  touchpoint_id: Touchpoint["id"] | null;
  channel: MessageChannel | null;
  subject: Touchpoint["subject"];
  message: Touchpoint["message"] | null;
  link_target: Touchpoint["linkTarget"];
  commercial: Touchpoint["commercial"] | null;
  next_wait: Touchpoint["waitMinutes"] | null;
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
  adapterFor?: AdapterFor;
  /**
   * Deliver through the outbox in the dispatch transaction (default; JOURNEY_DISPATCH_INLINE=false
   * turns it off). False leaves every message queued for a send job, the path providers always take
   * (tests use it to exercise send jobs).
   */
  inline?: boolean;
};

const iso = (d: Date) => d.toISOString();

/** One chunk of due enrollments → messages, in one transaction; `more` when a full chunk was claimed. */
export async function dispatchDue(options: DispatchOptions = {}): Promise<DispatchResult> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? DISPATCH_CHUNK;
  const db = options.db ?? getDb();
  const adapterOf = adapterCache(options.adapterFor);
  const inline = options.inline ?? config().JOURNEY_DISPATCH_INLINE === "true";
  const { claimed, queuedIds, deferred, created, sent } = await db.transaction(async (tx) => {
    const due = await claimDueEnrollments(tx, now, limit);
    // A company's own WhatsApp account sends through Meta, from a send job, never the inline outbox.
    const ownWhatsApp = await accountsWithOwnWhatsApp(
      tx,
      due.filter((row) => row.channel === "whatsapp").map((row) => row.account_id),
    );
    const { messageRows, deferredRows, advance } = buildMessages(due, now, (channel, accountId) =>
      inline && !(channel === "whatsapp" && ownWhatsApp.has(accountId))
        ? isOutbox(adapterOf(channel))
        : false,
    );
    const inserted = await insertMessages(tx, messageRows, now);
    await advanceEnrollments(tx, advance, now);
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
  await enqueueMessages(options.enqueue ?? enqueueSendJobs, queuedIds, deferred);
  return { claimed, created, more: claimed === limit, sent };
}

function claimDueEnrollments(tx: Queryable, now: Date, limit: number): Promise<DueRow[]> {
  return rowsOf<DueRow>(
    tx,
    sql`select e.id, e.account_id, e.journey_id, e.contact_id, e.cycle, j.state,
          c.first_name, c.last_name, c.email, c.phone, c.sms_consent, c.is_active, a.company, a.time_zone,
          a.disabled as account_disabled,
          t.id as touchpoint_id, t.channel, t.subject, t.message, t.link_target, t.commercial,
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
          select t.id, t.channel, t.subject, t.message, t.link_target, t.commercial from touchpoints t
          where t.journey_id = e.journey_id order by t.ordinal, t.id offset e.position limit 1
        ) t on true`,
  );
}

type Advance = { id: string; sent: boolean; next_wait: number | null };

/** Each claimed enrollment's message, decided, and how its enrollment advances. */
function buildMessages(
  due: DueRow[],
  now: Date,
  deliversNow: (channel: MessageChannel, accountId: string) => boolean,
) {
  const settings = config();
  const quietHours = quietHoursAt(now);
  const messageRows: Record<string, unknown>[] = [];
  const deferredRows: { id: string; until: Date }[] = [];
  const advance: Advance[] = [];
  for (const row of due) {
    if (!row.touchpoint_id || !row.channel || row.message === null) {
      // Its touchpoint was removed: nothing left to send in this cycle.
      advance.push({ id: row.id, sent: false, next_wait: null });
      continue;
    }
    const channel = row.channel;
    const id = randomUUID();
    const { code, body } = renderWithTrackedLink(
      row.message,
      {
        first_name: row.first_name,
        last_name: row.last_name,
        email: row.email,
        phone: row.phone,
        company: row.company,
      },
      row.link_target,
      settings.APP_URL,
    );
    const decision = decide(
      {
        channel,
        isTest: false,
        journeyState: row.state,
        enrollmentStatus: "active",
        accountSuspended: row.account_disabled,
        phone: row.phone,
        email: row.email,
        smsConsent: row.sms_consent,
        isActive: row.is_active,
        commercial: row.commercial ?? true,
        timeZone: row.time_zone,
      },
      now,
      quietHours,
    );
    const deliverNow = decision.kind === "deliver" && deliversNow(channel, row.account_id);
    const outgoing = outgoingMessage({ ...row, id, accountId: row.account_id, channel, body });
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
      subject: outgoing.subject,
      body,
      segments: billedSegments(channel, body),
      status: decision.kind === "suppress" ? "suppressed" : deliverNow ? "sent" : "queued",
      reason: decision.kind === "deliver" ? null : decision.reason,
      send_after: decision.kind === "defer" ? iso(decision.until) : iso(now),
      code,
      target: row.link_target,
      // The outbox row, for messages delivered now.
      outbox_id: outboxId,
      recipient: deliverNow ? outgoing.to : null,
      provider: outboxId ? `outbox:${outboxId}` : null,
      ...(outboxId ? outboxRow(outgoing, settings) : {}),
    });
    if (decision.kind === "defer") deferredRows.push({ id, until: decision.until });
    advance.push({ id: row.id, sent: true, next_wait: row.next_wait });
  }
  return { messageRows, deferredRows, advance };
}

/**
 * Inserts the chunk's messages (a message whose key exists is skipped), their tracked links, and for
 * those delivered now their outbox rows and usage: one statement.
 */
async function insertMessages(tx: Queryable, messageRows: Record<string, unknown>[], now: Date) {
  if (messageRows.length === 0) return [];
  return rowsOf<{ id: string; status: "sent" | "queued" | "suppressed" }>(
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
          ${addUsage(sql`(select * from ins where status = 'sent') s`, now)}
        )
        select id, status::text as status from ins`,
  );
}

async function advanceEnrollments(tx: Queryable, advance: Advance[], now: Date) {
  if (advance.length === 0) return;
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
}
