import { and, desc, eq, ne } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { consentEvents, contacts } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import type { Queryable } from "~/domain/kernel/scope";

/**
 * SMS consent and opt-out. Every change is an event in consent_events (kept as the record: source,
 * the consent text shown, time, IP, keyword, user) written in the same transaction as the contact's
 * current state, contacts.sms_consent.
 */

export type ConsentRecord = {
  source: "form" | "checkout" | "keyword" | "admin" | "import";
  consentText: string | null;
  ip: string | null;
  userId?: string | null;
};

type ContactChange = { accountId: string; contactId: string };

/**
 * Records that the contact consented to SMS (an event, and contacts.sms_consent = opted_in). A contact
 * who opted out (replied STOP) can opt back in only themselves: by START, or by a new consent on a form
 * or at checkout; a team member or an import cannot undo their opt-out ("opted_out").
 */
export async function recordSmsConsent(
  db: Queryable,
  accountId: string,
  contactId: string,
  record: ConsentRecord,
): Promise<{ ok: true } | { ok: false; reason: "not_found" | "opted_out" }> {
  return recordForContact(db, accountId, contactId, "opt_in", record);
}

/** Records that the contact withdrew SMS consent (an admin's or a form's opt-out). */
export async function recordSmsOptOut(
  db: Queryable,
  accountId: string,
  contactId: string,
  record: ConsentRecord,
): Promise<{ ok: true } | { ok: false; reason: "not_found" }> {
  // An opt-out is always allowed: only "not_found" can come back.
  return recordForContact(db, accountId, contactId, "opt_out", record) as Promise<
    { ok: true } | { ok: false; reason: "not_found" }
  >;
}

async function recordForContact(
  db: Queryable,
  accountId: string,
  contactId: string,
  kind: "opt_in" | "opt_out",
  record: ConsentRecord,
): Promise<{ ok: true } | { ok: false; reason: "not_found" | "opted_out" }> {
  if (!isUuid(contactId) || !isUuid(accountId)) return { ok: false, reason: "not_found" };
  const byContact = record.source === "form" || record.source === "checkout" || record.source === "keyword";
  return db.transaction(async (tx) => {
    if (kind === "opt_in" && !byContact) {
      // Locked, so a STOP arriving at the same time is not overwritten.
      const [current] = await tx
        .select({ consent: contacts.smsConsent })
        .from(contacts)
        .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)))
        .for("update");
      if (!current) return { ok: false as const, reason: "not_found" as const };
      if (current.consent === "opted_out") return { ok: false as const, reason: "opted_out" as const };
    }
    const updated = await tx
      .update(contacts)
      .set({ smsConsent: kind === "opt_in" ? "opted_in" : "opted_out", updatedAt: new Date() })
      .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)))
      .returning({ id: contacts.id });
    if (updated.length === 0) return { ok: false as const, reason: "not_found" as const };
    await tx.insert(consentEvents).values({
      accountId,
      contactId,
      channel: "sms",
      kind,
      source: record.source,
      consentText: record.consentText,
      ip: record.ip,
      userId: record.userId ?? null,
    });
    return { ok: true as const };
  });
}

/**
 * An inbound STOP (STOPALL, UNSUBSCRIBE...): every contact with this E.164 number, in every company,
 * is opted out at once. Contacts already opted out are left as they are (no second event).
 */
export async function optOutByPhone(
  db: Queryable,
  phone: string,
  keyword: string,
  channel: "sms" | "whatsapp" = "sms",
): Promise<ContactChange[]> {
  return changeByPhone(db, phone, "opt_out", keyword, channel);
}

/** An inbound START (UNSTOP, YES): every contact with this number that was not opted in is opted in. */
export async function optInByPhone(
  db: Queryable,
  phone: string,
  keyword: string,
  channel: "sms" | "whatsapp" = "sms",
): Promise<ContactChange[]> {
  return changeByPhone(db, phone, "opt_in", keyword, channel);
}

async function changeByPhone(
  db: Queryable,
  phone: string,
  kind: "opt_in" | "opt_out",
  keyword: string,
  // The channel the keyword came by, for the record; the phone's consent covers SMS and WhatsApp alike.
  channel: "sms" | "whatsapp",
): Promise<ContactChange[]> {
  const state = kind === "opt_in" ? "opted_in" : "opted_out";
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(contacts)
      .set({ smsConsent: state, updatedAt: new Date() })
      .where(and(eq(contacts.phone, phone), ne(contacts.smsConsent, state)))
      .returning({ accountId: contacts.accountId, contactId: contacts.id });
    if (changed.length > 0) {
      await tx.insert(consentEvents).values(
        changed.map((c) => ({
          accountId: c.accountId,
          contactId: c.contactId,
          channel,
          kind,
          source: "keyword",
          keyword,
          consentText: null,
          ip: null,
        })),
      );
    }
    return changed;
  });
}

export type ConsentEventRow = {
  id: string;
  channel: "sms" | "whatsapp" | "email";
  kind: "opt_in" | "opt_out";
  source: string;
  consentText: string | null;
  ip: string | null;
  keyword: string | null;
  userId: string | null;
  createdAt: Date;
};

/** The contact's consent and opt-out events, newest first (empty for another company's contact). */
export async function consentHistory(
  accountId: string,
  contactId: string,
  db: Queryable = getDb(),
): Promise<ConsentEventRow[]> {
  if (!isUuid(contactId) || !isUuid(accountId)) return [];
  return db
    .select({
      id: consentEvents.id,
      channel: consentEvents.channel,
      kind: consentEvents.kind,
      source: consentEvents.source,
      consentText: consentEvents.consentText,
      ip: consentEvents.ip,
      keyword: consentEvents.keyword,
      userId: consentEvents.userId,
      createdAt: consentEvents.createdAt,
    })
    .from(consentEvents)
    .where(and(eq(consentEvents.accountId, accountId), eq(consentEvents.contactId, contactId)))
    .orderBy(desc(consentEvents.createdAt), desc(consentEvents.id));
}
