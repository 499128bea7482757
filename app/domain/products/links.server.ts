import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { contactProducts, contacts, products } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope, Queryable } from "~/domain/kernel/scope";
import { OWNERS_PAGE_SIZE } from "./schemas";

export type LinkResult = { ok: true; linkId: string; created: boolean } | { ok: false; reason: "not_found" };

/**
 * Links a contact to a product ("product owner"), both of the caller's company. Idempotent: linking
 * twice returns the existing link. Takes a database or a transaction, so the CSV import and the
 * journey engine can link inside their own transactions.
 */
export async function linkContactToProduct(
  db: Queryable,
  context: AccountScope,
  contactId: string,
  productId: string,
): Promise<LinkResult> {
  if (!isUuid(contactId) || !isUuid(productId)) return { ok: false, reason: "not_found" };
  const accountId = context.account.id;
  const [contact] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)));
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.accountId, accountId)));
  if (!contact || !product) return { ok: false, reason: "not_found" };
  const [created] = await db
    .insert(contactProducts)
    .values({ accountId, contactId, productId })
    .onConflictDoNothing({ target: [contactProducts.contactId, contactProducts.productId] })
    .returning({ id: contactProducts.id });
  if (created) return { ok: true, linkId: created.id, created: true };
  const [existing] = await db
    .select({ id: contactProducts.id })
    .from(contactProducts)
    .where(and(eq(contactProducts.contactId, contactId), eq(contactProducts.productId, productId)));
  return existing ? { ok: true, linkId: existing.id, created: false } : { ok: false, reason: "not_found" };
}

/** Links several contacts to a product in one transaction: all of them, or none when one is not the company's. */
export async function linkContactsToProduct(
  context: AccountScope,
  contactIds: string[],
  productId: string,
): Promise<{ ok: true; created: number } | { ok: false; reason: "not_found" }> {
  try {
    return await getDb().transaction(async (tx) => {
      let created = 0;
      for (const contactId of new Set(contactIds)) {
        const linked = await linkContactToProduct(tx, context, contactId, productId);
        if (!linked.ok) throw new NotFound();
        if (linked.created) created += 1;
      }
      return { ok: true as const, created };
    });
  } catch (error) {
    if (error instanceof NotFound) return { ok: false, reason: "not_found" };
    throw error;
  }
}

class NotFound extends Error {}

/** Removes a contact from a product (its product attribute values go with the link). */
export async function unlinkContactFromProduct(
  db: Queryable,
  context: AccountScope,
  contactId: string,
  productId: string,
): Promise<boolean> {
  if (!isUuid(contactId) || !isUuid(productId)) return false;
  const removed = await db
    .delete(contactProducts)
    .where(
      and(
        eq(contactProducts.contactId, contactId),
        eq(contactProducts.productId, productId),
        eq(contactProducts.accountId, context.account.id),
      ),
    )
    .returning({ id: contactProducts.id });
  return removed.length > 0;
}

export type ProductOwner = {
  linkId: string;
  contactId: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
};

/** One page of a product's owners (active contacts linked to it), most recently linked first. */
export async function listProductOwners(
  context: AccountScope,
  productId: string,
  page = 1,
  pageSize = OWNERS_PAGE_SIZE,
): Promise<{ rows: ProductOwner[]; total: number; page: number; pageSize: number }> {
  if (!isUuid(productId)) return { rows: [], total: 0, page: 1, pageSize };
  const where = and(
    eq(contactProducts.productId, productId),
    eq(contactProducts.accountId, context.account.id),
    eq(contacts.isActive, true),
  );
  const db = getDb();
  const [{ total }] = await db
    .select({ total: count() })
    .from(contactProducts)
    .innerJoin(contacts, eq(contacts.id, contactProducts.contactId))
    .where(where);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const rows = await db
    .select({
      linkId: contactProducts.id,
      contactId: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      phone: contacts.phone,
      email: contacts.email,
    })
    .from(contactProducts)
    .innerJoin(contacts, eq(contacts.id, contactProducts.contactId))
    .where(where)
    .orderBy(desc(contactProducts.createdAt), desc(contactProducts.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { rows, total, page: current, pageSize };
}

/** The products a contact of the company is linked to, by name. */
export async function listContactProducts(context: AccountScope, contactId: string) {
  if (!isUuid(contactId)) return [];
  return getDb()
    .select({ linkId: contactProducts.id, productId: products.id, name: products.name })
    .from(contactProducts)
    .innerJoin(products, eq(products.id, contactProducts.productId))
    .where(and(eq(contactProducts.contactId, contactId), eq(contactProducts.accountId, context.account.id)))
    .orderBy(asc(products.name));
}

/** Which of these contacts are already linked to the product (to mark them in the Choose Contact list). */
export async function linkedContactIds(context: AccountScope, productId: string, contactIds: string[]) {
  const ids = contactIds.filter(isUuid);
  if (!isUuid(productId) || ids.length === 0) return new Set<string>();
  const rows = await getDb()
    .select({ contactId: contactProducts.contactId })
    .from(contactProducts)
    .where(
      and(
        eq(contactProducts.productId, productId),
        eq(contactProducts.accountId, context.account.id),
        inArray(contactProducts.contactId, ids),
      ),
    );
  return new Set(rows.map((r) => r.contactId));
}
