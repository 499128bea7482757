import { and, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { rowsOf } from "#db/rows";
import { contacts, type MessageChannel, type MessageStatus, type SmsConsent } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope } from "~/domain/kernel/scope";

/**
 * A contact's timeline: enrollments (and their end), every message with its status, clicks on its
 * tracked links, consent and opt-out events, and store orders (with the touchpoint each is
 * attributed to), newest first. One query over the five sources,
 * each filtered by the company and the contact, so another company's rows can never appear.
 */

export const TIMELINE_LIMIT = 100;

export type TimelineEvent =
  | { kind: "enrolled"; at: string; id: string; product: string; status: string }
  | { kind: "enrollment_ended"; at: string; id: string; product: string }
  | {
      kind: "message";
      at: string;
      id: string;
      channel: MessageChannel;
      status: MessageStatus;
      statusReason: string | null;
      touchpoint: string | null;
      body: string | null;
      isTest: boolean;
    }
  | {
      kind: "click";
      at: string;
      id: string;
      touchpoint: string | null;
      userAgent: string | null;
      target: string;
    }
  | {
      kind: "consent";
      at: string;
      id: string;
      consent: "opt_in" | "opt_out";
      source: string;
      keyword: string | null;
      consentText: string | null;
      channel: MessageChannel;
      /** Where Shopify collected it (shopify, other), for consent Shopify told us of. */
      collectedFrom: string | null;
    }
  | {
      kind: "order";
      at: string;
      id: string;
      name: string;
      totalMinor: number;
      currency: string;
      touchpoint: { id: string; name: string } | null;
      cancelled: boolean;
    };

type Row = {
  kind: TimelineEvent["kind"];
  at: Date | string;
  id: string;
  a: string | null;
  b: string | null;
  c: string | null;
  d: string | null;
  e: string | null;
  f: boolean | null;
  g: string | null;
};

export async function contactTimeline(
  scope: AccountScope,
  contactId: string,
  limit = TIMELINE_LIMIT,
): Promise<TimelineEvent[] | null> {
  if (!isUuid(contactId)) return null;
  const accountId = scope.account.id;
  const db = getDb();
  const owned = await db.execute(
    sql`select 1 as one from contacts where id = ${contactId} and account_id = ${accountId}`,
  );
  if (rowsOf(owned).length === 0) return null;
  // Columns a..g carry each kind's own fields (see toEvent); every branch is the company's only.
  const result = await db.execute(sql`
    (select 'enrolled' as kind, e.enrolled_at as at, e.id::text as id, p.name as a, e.status::text as b,
        null::text as c, null::text as d, null::text as e, null::boolean as f,
        null::text as g
      from enrollments e join products p on p.id = e.product_id
      where e.account_id = ${accountId} and e.contact_id = ${contactId})
    union all
    (select 'enrollment_ended', e.ended_at, e.id::text, p.name, null, null, null, null, null, null
      from enrollments e join products p on p.id = e.product_id
      where e.account_id = ${accountId} and e.contact_id = ${contactId} and e.ended_at is not null)
    union all
    (select 'message', coalesce(m.sent_at, m.created_at), m.id::text, m.channel::text, m.status::text,
        m.status_reason, t.name, coalesce(m.body, t.message), m.is_test, null
      from messages m
      left join touchpoints t on t.id = m.touchpoint_id
      where m.account_id = ${accountId} and m.contact_id = ${contactId})
    union all
    (select 'click', c.clicked_at, c.id::text, t.name, c.user_agent, l.target_url, null, null, null, null
      from link_clicks c
      join tracked_links l on l.id = c.tracked_link_id
      left join touchpoints t on t.id = c.touchpoint_id
      where c.account_id = ${accountId} and c.contact_id = ${contactId})
    union all
    (select 'consent', ce.created_at, ce.id::text, ce.kind::text, ce.source, ce.keyword, ce.consent_text,
        ce.channel::text, null, ce.collected_from
      from consent_events ce
      where ce.account_id = ${accountId} and ce.contact_id = ${contactId})
    union all
    (select 'order', o.placed_at, o.id::text,
        coalesce(o.name, '#' || regexp_replace(o.shopify_order_id, '^gid://shopify/Order/', '')),
        o.total_price_minor::text, o.currency, t.id::text, t.name, o.cancelled_at is not null, null
      from shopify_orders o
      left join touchpoints t on t.id = o.attributed_touchpoint_id and t.account_id = o.account_id
      where o.account_id = ${accountId} and o.contact_id = ${contactId})
    order by at desc, id desc
    limit ${limit}`);
  return rowsOf<Row>(result).map(toEvent);
}

function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toEvent(row: Row): TimelineEvent {
  const at = iso(row.at);
  switch (row.kind) {
    case "enrolled":
      return { kind: "enrolled", at, id: row.id, product: row.a ?? "", status: row.b ?? "" };
    case "enrollment_ended":
      return { kind: "enrollment_ended", at, id: `${row.id}:ended`, product: row.a ?? "" };
    case "message":
      return {
        kind: "message",
        at,
        id: row.id,
        channel: row.a as MessageChannel,
        status: row.b as MessageStatus,
        statusReason: row.c,
        touchpoint: row.d,
        body: row.e,
        isTest: Boolean(row.f),
      };
    case "click":
      return { kind: "click", at, id: row.id, touchpoint: row.a, userAgent: row.b, target: row.c ?? "" };
    case "order":
      return {
        kind: "order",
        at,
        id: row.id,
        name: row.a ?? "",
        totalMinor: Number(row.b),
        currency: row.c ?? "",
        touchpoint: row.d ? { id: row.d, name: row.e ?? "" } : null,
        cancelled: Boolean(row.f),
      };
    default:
      return {
        kind: "consent",
        at,
        id: row.id,
        consent: row.a as "opt_in" | "opt_out",
        source: row.b ?? "",
        keyword: row.c,
        consentText: row.d,
        channel: (row.e ?? "sms") as MessageChannel,
        collectedFrom: row.g,
      };
  }
}

/** The contact's current SMS consent (none, opted_in, opted_out); null when not the company's. */
export async function smsConsentOf(scope: AccountScope, contactId: string): Promise<SmsConsent | null> {
  if (!isUuid(contactId)) return null;
  const [row] = await getDb()
    .select({ consent: contacts.smsConsent })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, scope.account.id)));
  return row?.consent ?? null;
}
