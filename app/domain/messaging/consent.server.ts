import type { Queryable } from "~/domain/contacts/contacts.server";

/**
 * SMS consent and opt-out (owned by the channels and inbound work; bodies being built this session).
 */

export type ConsentRecord = {
  source: "form" | "checkout" | "keyword" | "admin" | "import";
  consentText: string | null;
  ip: string | null;
  userId?: string | null;
};

/** Records that the contact consented to SMS (an event, and contacts.sms_consent = opted_in). */
export async function recordSmsConsent(
  _db: Queryable,
  _accountId: string,
  _contactId: string,
  _record: ConsentRecord,
): Promise<{ ok: true } | { ok: false; reason: "not_found" }> {
  throw new Error("recordSmsConsent: not built yet");
}
