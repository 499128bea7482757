import { and, desc, eq, inArray } from "drizzle-orm";
import type { Tx } from "#db/client.server";
import { consentEvents, contacts, type SmsConsent } from "#db/schema";
import type { ShopifySmsConsent } from "./order-payload";

/**
 * A Shopify customer's SMS marketing consent on our contact. Each change is a consent event (source
 * "shopify", with Shopify's opt-in level and its time) written with contacts.sms_consent in the
 * caller's transaction, as the consent module does for forms and keywords. The newest record wins:
 * Shopify's state is applied only when it changed after the contact's last consent event, so an
 * order webhook carrying the consent of last week never undoes a STOP the contact sent us today
 * (that STOP is written back to Shopify, which then agrees).
 *
 * Each update is conditional on the state it changes (WHERE sms_consent <> ...), so two webhooks
 * applied at once for the same buyer record one event, not two.
 */

export type ConsentChange = "opted_in" | "opted_out" | "non_commercial" | "unchanged" | "older";

/** The text the automatic opt-in is recorded with (the store's setting, as the spec names it). */
export const AUTOMATIC_OPT_IN_TEXT = "Automatic Opt-in for Non-Commercial Messages";

/** When the contact's consent last changed in our records (any source), or null. */
export async function lastConsentChange(tx: Tx, contactId: string): Promise<Date | null> {
  const [latest] = await tx
    .select({ at: consentEvents.createdAt })
    .from(consentEvents)
    .where(and(eq(consentEvents.contactId, contactId), eq(consentEvents.channel, "sms")))
    .orderBy(desc(consentEvents.createdAt))
    .limit(1);
  return latest?.at ?? null;
}

/** The contact's state after Shopify's consent, or null when Shopify's state changes nothing here. */
function targetOf(consent: ShopifySmsConsent): "opted_in" | "opted_out" | null {
  if (consent.state === "subscribed") return "opted_in";
  if (consent.state === "unsubscribed") return "opted_out";
  // not_subscribed (never asked), pending (confirmation awaited), redacted: nothing to record.
  return null;
}

/**
 * Applies Shopify's consent to a contact of the company. `consentText` is what the buyer was shown
 * (the store's checkout consent text) when it came with an order.
 */
export async function applyShopifySmsConsent(
  tx: Tx,
  contact: { id: string; accountId: string; smsConsent: SmsConsent },
  consent: ShopifySmsConsent | null,
  options: { consentText: string | null; now: Date },
): Promise<ConsentChange> {
  if (!consent) return "unchanged";
  const target = targetOf(consent);
  if (!target || contact.smsConsent === target) return "unchanged";
  const ours = await lastConsentChange(tx, contact.id);
  // Shopify's record must be newer than ours; one with no time only fills a contact with no record.
  const newer = ours === null || (consent.updatedAt !== null && consent.updatedAt > ours);
  if (!newer) return "older";
  // A time ahead of our clock is kept at now, so a STOP received next is still the newest.
  const at =
    consent.updatedAt && consent.updatedAt.getTime() < options.now.getTime()
      ? consent.updatedAt
      : options.now;
  const changed = await setConsent(tx, contact, target, {
    kind: target === "opted_in" ? "opt_in" : "opt_out",
    source: "shopify",
    consentText: target === "opted_in" ? options.consentText : null,
    optInLevel: consent.optInLevel,
    collectedFrom: consent.collectedFrom,
    at,
  });
  return changed ? target : "unchanged";
}

/**
 * The store's automatic opt-in: a contact without marketing consent (none) may get the journeys'
 * non-commercial messages. Recorded as an opt-in event of source shopify_automatic.
 */
export async function applyAutomaticOptIn(
  tx: Tx,
  contact: { id: string; accountId: string; smsConsent: SmsConsent },
  now: Date,
): Promise<boolean> {
  if (contact.smsConsent !== "none") return false;
  return setConsent(tx, contact, "non_commercial", {
    kind: "opt_in",
    source: "shopify_automatic",
    consentText: AUTOMATIC_OPT_IN_TEXT,
    optInLevel: null,
    collectedFrom: null,
    at: now,
  });
}

async function setConsent(
  tx: Tx,
  contact: { id: string; accountId: string },
  target: SmsConsent,
  event: {
    kind: "opt_in" | "opt_out";
    source: "shopify" | "shopify_automatic";
    consentText: string | null;
    optInLevel: string | null;
    collectedFrom: string | null;
    at: Date;
  },
): Promise<boolean> {
  const from: SmsConsent[] =
    target === "non_commercial"
      ? ["none"]
      : (["none", "opted_in", "opted_out", "non_commercial"] as const).filter((s) => s !== target);
  const updated = await tx
    .update(contacts)
    .set({ smsConsent: target, updatedAt: new Date() })
    .where(
      and(
        eq(contacts.id, contact.id),
        eq(contacts.accountId, contact.accountId),
        inArray(contacts.smsConsent, from),
      ),
    )
    .returning({ id: contacts.id });
  if (updated.length === 0) return false;
  await tx.insert(consentEvents).values({
    accountId: contact.accountId,
    contactId: contact.id,
    channel: "sms",
    kind: event.kind,
    source: event.source,
    consentText: event.consentText,
    optInLevel: event.optInLevel,
    collectedFrom: event.collectedFrom,
    ip: null,
    createdAt: event.at,
  });
  return true;
}
