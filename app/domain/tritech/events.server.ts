import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, inArray, or, type SQL } from "drizzle-orm";
import { getDb, type Tx } from "#db/client.server";
import { consentEvents, contacts, type SmsConsent, tritechEvents } from "#db/schema";
import { config } from "~/config.server";
import { isUuid } from "~/domain/kernel/ids";
import { linkContactToProduct } from "~/domain/products/links.server";
import { openSecret, SecretUnreadableError } from "~/services/crypto/data-encryption.server";
import { handshakeAction, TRITECH_SECRET_PURPOSE } from "./defaults";
import {
  type ContractEvent,
  contractEvent,
  type EventEnvelope,
  eventEnvelope,
  problemOf,
} from "./event-payload";
import { productsMappedTo } from "./mappings.server";
import { contractActionsOf, markTritechSynced, tritechProfileOf } from "./profile.server";

/**
 * AIM's contract events (issue 16 item 4). Every answer is { status, reason } JSON:
 * - 401 when the X-TriTech-Signature header is missing or wrong, or the account is unknown or has no
 *   secret key: `sha256=<hex HMAC-SHA256 of the raw body with the company's secret key>`. All of them
 *   answer the same reason: two reasons would tell anyone which account ids have a key;
 * - 400 when the body is not JSON or a field does not fit, the field named in words;
 * - 200 otherwise: "processed", or "ignored" with the reason. A replayed eventId answers what the first
 *   delivery answered and changes nothing.
 * The work is done inline, in one transaction with the event's row, so the answer is the truth: an
 * event is never half applied, and a failure leaves no row (AIM's retry then applies it).
 */

export type EventAnswer = { httpStatus: number; status: "processed" | "ignored" | "refused"; reason: string };

const refused = (httpStatus: number, reason: string): EventAnswer => ({
  httpStatus,
  status: "refused",
  reason,
});

export function signatureOf(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

function signatureMatches(header: string, body: string, secret: string): boolean {
  const expected = Buffer.from(signatureOf(body, secret));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const SIGNATURE_SHAPE = /^sha256=[0-9a-f]{64}$/i;

/** Every authentication failure, whatever its cause (see above). */
const unauthenticated = () => refused(401, "the signature is missing or does not match the account's key");

export async function receiveTritechEvent(
  body: string,
  signature: string | null,
  now = new Date(),
): Promise<EventAnswer> {
  if (!signature || !SIGNATURE_SHAPE.test(signature.trim())) return unauthenticated();
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return refused(400, "the body is not JSON");
  }
  if (typeof json !== "object" || json === null || Array.isArray(json))
    return refused(400, "the body is not a JSON object");
  const accountId = (json as { accountId?: unknown }).accountId;
  if (typeof accountId !== "string" || !accountId.trim()) return refused(400, "accountId is missing");
  if (!isUuid(accountId.trim())) return unauthenticated();

  const db = getDb();
  const profile = await tritechProfileOf(db, accountId.trim());
  if (!profile?.secretSealed) return unauthenticated();
  let secret: string;
  try {
    secret = openSecret(profile.secretSealed, TRITECH_SECRET_PURPOSE);
  } catch (error) {
    if (error instanceof SecretUnreadableError) console.error(`tritech: ${error.message}`);
    throw error;
  }
  if (!signatureMatches(signature, body, secret)) return unauthenticated();

  const envelope = eventEnvelope.safeParse(json);
  if (!envelope.success) return refused(400, problemOf(envelope.error));
  const handshake = envelope.data.action === handshakeAction(config().PRODUCT_NAME);
  let contract: ContractEvent | null = null;
  if (!handshake) {
    const parsed = contractEvent.safeParse(json);
    if (!parsed.success) return refused(400, problemOf(parsed.error));
    contract = parsed.data;
  }
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(tritechEvents)
      .values({
        accountId: profile.accountId,
        eventId: envelope.data.eventId,
        action: envelope.data.action,
        transactionStatus: contract?.transactionStatus ?? null,
        contractId: contract?.contract.id ?? null,
        status: "ignored",
        reason: "received",
        receivedAt: now,
      })
      .onConflictDoNothing({ target: [tritechEvents.accountId, tritechEvents.eventId] })
      .returning({ id: tritechEvents.id });
    if (!stored) return replayOf(tx, profile.accountId, envelope.data.eventId);
    const outcome = handshake
      ? await applyHandshake(tx, profile.accountId, now)
      : await applyContractEvent(
          tx,
          profile.accountId,
          profile.enabled,
          envelope.data,
          contract as ContractEvent,
          now,
        );
    await tx
      .update(tritechEvents)
      .set({
        status: outcome.status,
        reason: outcome.reason,
        contactId: outcome.contactId ?? null,
        productsLinked: outcome.linked ?? 0,
      })
      .where(eq(tritechEvents.id, stored.id));
    return { httpStatus: 200, status: outcome.status, reason: outcome.reason };
  });
}

async function replayOf(tx: Tx, accountId: string, eventId: string): Promise<EventAnswer> {
  const [first] = await tx
    .select({ status: tritechEvents.status, reason: tritechEvents.reason })
    .from(tritechEvents)
    .where(and(eq(tritechEvents.accountId, accountId), eq(tritechEvents.eventId, eventId)));
  return {
    httpStatus: 200,
    status: first?.status ?? "ignored",
    reason: `already received: ${first?.reason ?? "a replay"}`,
  };
}

type Outcome = { status: "processed" | "ignored"; reason: string; contactId?: string; linked?: number };

async function applyHandshake(tx: Tx, accountId: string, now: Date): Promise<Outcome> {
  await markTritechSynced(tx, accountId, now);
  return { status: "processed", reason: "handshake: the integration is synced" };
}

/**
 * A contract event: acted on when its action lists its transaction status in Configure Events (and
 * the integration is synced). The customer becomes a contact (found by phone, then email), with the
 * consent given in the contract recorded, and is linked to every product mapped to one of the items'
 * category-subcategory pairs, which enrolls them in those products' journeys.
 */
async function applyContractEvent(
  tx: Tx,
  accountId: string,
  synced: boolean,
  envelope: EventEnvelope,
  event: ContractEvent,
  now: Date,
): Promise<Outcome> {
  if (!synced)
    return { status: "ignored", reason: "the integration is not synced: AIM's handshake comes first" };
  const actions = await contractActionsOf(tx, accountId);
  const configured = actions.find((a) => a.action === envelope.action);
  if (!configured) return { status: "ignored", reason: `the action ${envelope.action} is not configured` };
  if (!configured.transactionStatuses.includes(event.transactionStatus))
    return {
      status: "ignored",
      reason: `the transaction status "${event.transactionStatus}" is not configured for ${envelope.action}`,
    };
  const { customer } = event;
  if (!customer.phone && !customer.email)
    return { status: "ignored", reason: "the customer has no phone or email" };

  const { contact, created } = await upsertContact(tx, accountId, event);
  const consentText = `Consent given in Tri-Tech contract ${event.contract.id}${event.contract.date ? ` of ${event.contract.date}` : ""}`;
  const consent = await recordContractConsent(tx, contact, consentText, now);

  const pairs = [...new Set(event.items.map((item) => `${item.category}-${item.subcategory}`))];
  const productIds = await productsMappedTo(tx, accountId, pairs);
  let linked = 0;
  for (const productId of productIds) {
    const link = await linkContactToProduct(tx, { account: { id: accountId } }, contact.id, productId);
    if (link.ok && link.created) linked += 1;
  }
  const who = created ? "contact added" : "contact updated";
  const mapped =
    productIds.length === 0
      ? "no product is mapped to its items"
      : `${linked} product(s) linked of ${productIds.length} mapped`;
  return {
    status: "processed",
    reason: `contract ${event.contract.id}: ${who} (${consent}), ${mapped}`,
    contactId: contact.id,
    linked,
  };
}

type EventContact = {
  id: string;
  accountId: string;
  smsConsent: SmsConsent;
  phone: string | null;
  email: string | null;
};

/**
 * The company's contact with the customer's phone, else email; a new one otherwise. Names and a
 * missing phone or email are filled from the contract (when no other contact has them): the contract
 * is the customer's own latest record.
 */
async function upsertContact(tx: Tx, accountId: string, event: ContractEvent) {
  const { customer } = event;
  const columns = {
    id: contacts.id,
    accountId: contacts.accountId,
    smsConsent: contacts.smsConsent,
    phone: contacts.phone,
    email: contacts.email,
  };
  const find = async () => {
    const match: SQL[] = [];
    if (customer.phone) match.push(eq(contacts.phone, customer.phone));
    if (customer.email) match.push(eq(contacts.email, customer.email));
    const rows = await tx
      .select(columns)
      .from(contacts)
      .where(and(eq(contacts.accountId, accountId), or(...match)))
      .limit(2);
    return rows.find((c) => customer.phone && c.phone === customer.phone) ?? rows[0] ?? null;
  };
  const found = await find();
  if (!found) {
    const [inserted] = await tx
      .insert(contacts)
      .values({
        accountId,
        firstName: customer.firstName ?? "Tri-Tech",
        lastName: customer.lastName ?? (customer.firstName ? "" : "customer"),
        phone: customer.phone,
        email: customer.email,
      })
      .onConflictDoNothing()
      .returning(columns);
    if (inserted) return { contact: inserted as EventContact, created: true };
    const raced = await find();
    if (!raced) throw new Error("tritech: the contact could be neither added nor found");
    return { contact: raced as EventContact, created: false };
  }
  const changes: Partial<typeof contacts.$inferInsert> = {};
  if (customer.firstName) changes.firstName = customer.firstName;
  if (customer.lastName) changes.lastName = customer.lastName;
  if (!found.phone && customer.phone && !(await takenBy(tx, accountId, eq(contacts.phone, customer.phone))))
    changes.phone = customer.phone;
  if (!found.email && customer.email && !(await takenBy(tx, accountId, eq(contacts.email, customer.email))))
    changes.email = customer.email;
  if (Object.keys(changes).length > 0) {
    await tx
      .update(contacts)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(contacts.id, found.id), eq(contacts.accountId, accountId)));
    Object.assign(found, changes);
  }
  return { contact: found as EventContact, created: false };
}

async function takenBy(tx: Tx, accountId: string, match: SQL) {
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), match))
    .limit(1);
  return Boolean(row);
}

/**
 * The consent the customer gave in the contract, recorded with its source ("tritech") and text when
 * the contact has a phone: an SMS consent event, and contacts.sms_consent becomes opted_in.
 * A contact who replied STOP stays opted out: only the contact can undo that (by START or a form).
 */
async function recordContractConsent(tx: Tx, contact: EventContact, consentText: string, now: Date) {
  const notes: string[] = [];
  if (contact.phone) {
    if (contact.smsConsent === "opted_out") notes.push("SMS kept opted out");
    else if (contact.smsConsent === "opted_in") notes.push("SMS consent already recorded");
    else {
      const updated = await tx
        .update(contacts)
        .set({ smsConsent: "opted_in", updatedAt: now })
        .where(
          and(
            eq(contacts.id, contact.id),
            eq(contacts.accountId, contact.accountId),
            inArray(contacts.smsConsent, ["none", "non_commercial"]),
          ),
        )
        .returning({ id: contacts.id });
      if (updated.length > 0) {
        await tx.insert(consentEvents).values(consentEvent(contact, "sms", consentText, now));
        contact.smsConsent = "opted_in";
        notes.push("SMS consent recorded");
      } else notes.push("SMS consent unchanged");
    }
  }
  // Email has no consent state here (journeys' emails go to every enrolled contact), and the
  // timeline reads consent events as SMS ones: an email event would be shown as a second SMS consent.
  if (!contact.phone) notes.push("no phone for SMS consent");
  return notes.join(", ");
}

const consentEvent = (contact: EventContact, channel: "sms", consentText: string, at: Date) => ({
  accountId: contact.accountId,
  contactId: contact.id,
  channel,
  kind: "opt_in" as const,
  source: "tritech",
  consentText,
  ip: null,
  createdAt: at,
});
