import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { journeys, products } from "#db/schema";
import { isUniqueViolation } from "~/domain/contacts/contacts.server";
import { MIN_SEARCH_LENGTH } from "~/domain/contacts/schemas";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope, Queryable } from "~/domain/kernel/scope";
import { escapeLike } from "~/domain/kernel/sql-text";

export type ProductRow = { id: string; name: string };
export type ProductWriteResult =
  | { ok: true; product: ProductRow }
  | { ok: false; reason: "duplicate" | "not_found" };

const columns = { id: products.id, name: products.name };

/** The company's products by name; `search` (3 characters or more) keeps those whose name contains it. */
export async function listProducts(context: AccountScope, search = ""): Promise<ProductRow[]> {
  const term = search.trim().toLowerCase();
  return getDb()
    .select(columns)
    .from(products)
    .where(
      and(
        eq(products.accountId, context.account.id),
        term.length >= MIN_SEARCH_LENGTH
          ? sql`lower(${products.name}) like ${`%${escapeLike(term)}%`}`
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id));
}

export async function getProduct(context: AccountScope, id: string): Promise<ProductRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await getDb()
    .select(columns)
    .from(products)
    .where(and(eq(products.id, id), eq(products.accountId, context.account.id)));
  return row ?? null;
}

/**
 * Adds a product and, in the same transaction, the journey it owns (named like the product). Given a
 * transaction (store onboarding), it runs as a savepoint inside it: a duplicate name undoes only this.
 * The journey starts paused, as a draft: contacts linked while the merchant writes its touchpoints
 * are enrolled but messaged only once it is made live (issue 20). The demo seed asks for "live".
 */
export async function createProduct(
  context: AccountScope,
  name: string,
  db: Queryable = getDb(),
  options: { journeyState?: "paused" | "live" } = {},
): Promise<ProductWriteResult> {
  const clean = name.trim();
  try {
    const product = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(products)
        .values({ accountId: context.account.id, name: clean })
        .returning(columns);
      await tx.insert(journeys).values({
        accountId: context.account.id,
        productId: created.id,
        name: clean,
        state: options.journeyState ?? "paused",
      });
      return created;
    });
    return { ok: true, product };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

/** Renames a product and its journey together. */
export async function renameProduct(
  context: AccountScope,
  id: string,
  name: string,
): Promise<ProductWriteResult> {
  if (!isUuid(id)) return { ok: false, reason: "not_found" };
  const clean = name.trim();
  try {
    const product = await getDb().transaction(async (tx) => {
      const [renamed] = await tx
        .update(products)
        .set({ name: clean, updatedAt: new Date() })
        .where(and(eq(products.id, id), eq(products.accountId, context.account.id)))
        .returning(columns);
      if (!renamed) return null;
      await tx
        .update(journeys)
        .set({ name: clean })
        .where(and(eq(journeys.productId, id), eq(journeys.accountId, context.account.id)));
      return renamed;
    });
    return product ? { ok: true, product } : { ok: false, reason: "not_found" };
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, reason: "duplicate" };
    throw error;
  }
}

/** Deletes a product with its journey, its contact links and their attribute values (cascade). */
export async function deleteProduct(context: AccountScope, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await getDb()
    .delete(products)
    .where(and(eq(products.id, id), eq(products.accountId, context.account.id)))
    .returning({ id: products.id });
  return deleted.length > 0;
}
