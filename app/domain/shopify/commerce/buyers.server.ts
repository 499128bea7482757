import { and, eq, ne, or, type SQL } from "drizzle-orm";
import type { Tx } from "#db/client.server";
import { contacts, type SmsConsent } from "#db/schema";
import type { Buyer } from "./order-payload";

/**
 * Store buyers as contacts of the store's company. A buyer is the company's contact with the same
 * Shopify customer id, else the same phone (E.164), else the same email; contacts are unique per
 * company by phone and by email, so the same person in another company is another contact.
 */

export type BuyerContact = {
  id: string;
  accountId: string;
  smsConsent: SmsConsent;
  phone: string | null;
  email: string | null;
  firstName: string;
  lastName: string;
  shopifyCustomerId: string | null;
};

/** The names of a buyer Shopify gave none for; replaced when an update brings them. */
export const UNNAMED_BUYER = { firstName: "Shopify", lastName: "customer" } as const;

const columns = {
  id: contacts.id,
  accountId: contacts.accountId,
  smsConsent: contacts.smsConsent,
  phone: contacts.phone,
  email: contacts.email,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  shopifyCustomerId: contacts.shopifyCustomerId,
};

export async function findBuyerContact(
  tx: Tx,
  accountId: string,
  buyer: Buyer,
): Promise<BuyerContact | null> {
  const match: SQL[] = [];
  if (buyer.shopifyCustomerId) match.push(eq(contacts.shopifyCustomerId, buyer.shopifyCustomerId));
  if (buyer.phone) match.push(eq(contacts.phone, buyer.phone));
  if (buyer.email) match.push(eq(contacts.email, buyer.email));
  if (match.length === 0) return null;
  const found = await tx
    .select(columns)
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), or(...match)))
    .limit(10);
  return (
    found.find((c) => buyer.shopifyCustomerId && c.shopifyCustomerId === buyer.shopifyCustomerId) ??
    found.find((c) => buyer.phone && c.phone === buyer.phone) ??
    found.find((c) => buyer.email && c.email === buyer.email) ??
    null
  );
}

/**
 * A new contact for the buyer (who needs a phone or an email); when another transaction added the
 * same buyer at this moment, theirs (the unique indexes let one in).
 */
export async function createBuyerContact(
  tx: Tx,
  accountId: string,
  buyer: Buyer,
): Promise<{ contact: BuyerContact; created: boolean } | null> {
  if (!buyer.phone && !buyer.email) return null;
  const [inserted] = await tx
    .insert(contacts)
    .values({
      accountId,
      firstName: buyer.firstName ?? UNNAMED_BUYER.firstName,
      lastName: buyer.lastName ?? (buyer.firstName ? "" : UNNAMED_BUYER.lastName),
      phone: buyer.phone,
      email: buyer.email,
      shopifyCustomerId: buyer.shopifyCustomerId,
    })
    .onConflictDoNothing()
    .returning(columns);
  if (inserted) return { contact: inserted, created: true };
  const existing = await findBuyerContact(tx, accountId, buyer);
  return existing ? { contact: existing, created: false } : null;
}

/**
 * What Shopify knows and the contact lacks: the customer id, a phone or email no other contact of the
 * company has, and the buyer's names when the contact was added without any. What the contact has is
 * kept (the team may have corrected it). Returns the fields filled.
 */
export async function fillBuyerDetails(tx: Tx, contact: BuyerContact, buyer: Buyer): Promise<string[]> {
  const changes: Partial<typeof contacts.$inferInsert> = {};
  if (!contact.shopifyCustomerId && buyer.shopifyCustomerId)
    changes.shopifyCustomerId = buyer.shopifyCustomerId;
  if (!contact.phone && buyer.phone && !(await taken(tx, contact, eq(contacts.phone, buyer.phone))))
    changes.phone = buyer.phone;
  if (!contact.email && buyer.email && !(await taken(tx, contact, eq(contacts.email, buyer.email))))
    changes.email = buyer.email;
  const unnamed =
    contact.firstName === UNNAMED_BUYER.firstName && contact.lastName === UNNAMED_BUYER.lastName;
  if (unnamed && (buyer.firstName || buyer.lastName)) {
    changes.firstName = buyer.firstName ?? "";
    changes.lastName = buyer.lastName ?? "";
  }
  const fields = Object.keys(changes);
  if (fields.length === 0) return [];
  await tx
    .update(contacts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(contacts.id, contact.id), eq(contacts.accountId, contact.accountId)));
  Object.assign(contact, changes);
  return fields;
}

async function taken(tx: Tx, contact: BuyerContact, match: SQL): Promise<boolean> {
  const [other] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.accountId, contact.accountId), ne(contacts.id, contact.id), match))
    .limit(1);
  return Boolean(other);
}
