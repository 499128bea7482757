import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { products, tritechMappings } from "#db/schema";
import type { MemberContext } from "~/domain/access/guard.server";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope, Queryable } from "~/domain/kernel/scope";
import { MAPPING_EMPTY, MAPPING_UNCHANGED, PAIR_TAKEN, pairOf, pairPattern } from "./schemas";

/** The Tri-Tech tab's table: every product of the company, with its pairs (empty when unmapped). */
export async function listTritechMappings(scope: AccountScope) {
  const rows = await getDb()
    .select({ productId: products.id, name: products.name, categories: tritechMappings.categories })
    .from(products)
    .leftJoin(
      tritechMappings,
      and(eq(tritechMappings.productId, products.id), eq(tritechMappings.accountId, products.accountId)),
    )
    .where(eq(products.accountId, scope.account.id))
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id));
  return rows.map((row) => ({ productId: row.productId, name: row.name, pairs: row.categories ?? [] }));
}

export type TritechMappingRow = Awaited<ReturnType<typeof listTritechMappings>>[number];

export type TritechMappingOutcome =
  | { ok: true; change: "created" | "updated" | "deleted"; pairs: string[] }
  | { ok: false; reason: "product-not-found" }
  | { ok: false; reason: "duplicate" | "unchanged" | "empty"; message: string };

/**
 * Saves a product's whole list of pairs (spec 2 section 4): create when none exists and at least one
 * pair is given; update when an existing one differs; delete when an existing one gets zero pairs.
 * A pair given twice is refused ('Product is already exist!'), an unchanged mapping too ('Update the
 * mapping to map!'), and a new mapping without pairs ('Add product details to map!'). The same pair
 * may map several products: an event's item then links each of them.
 */
export async function saveTritechMapping(
  member: MemberContext,
  productId: string,
  given: string[],
): Promise<TritechMappingOutcome> {
  if (!isUuid(productId)) return { ok: false, reason: "product-not-found" };
  const pairs: string[] = [];
  for (const raw of given) {
    if (!pairPattern.test(raw)) return { ok: false, reason: "product-not-found" };
    const [category, subcategory] = raw.split("-");
    const pair = pairOf(category as string, subcategory as string);
    if (pairs.includes(pair)) return { ok: false, reason: "duplicate", message: PAIR_TAKEN };
    pairs.push(pair);
  }
  const accountId = member.account.id;
  return getDb().transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.accountId, accountId)))
      .for("update");
    if (!product) return { ok: false as const, reason: "product-not-found" as const };
    const existing = await mappingOf(tx, accountId, productId);
    const now = new Date();
    if (!existing) {
      if (pairs.length === 0) return { ok: false as const, reason: "empty" as const, message: MAPPING_EMPTY };
      await tx.insert(tritechMappings).values({ accountId, productId, categories: pairs });
      return { ok: true as const, change: "created" as const, pairs };
    }
    if (pairs.length === 0) {
      await tx.delete(tritechMappings).where(eq(tritechMappings.id, existing.id));
      return { ok: true as const, change: "deleted" as const, pairs };
    }
    if (sameSet(existing.categories, pairs))
      return { ok: false as const, reason: "unchanged" as const, message: MAPPING_UNCHANGED };
    await tx
      .update(tritechMappings)
      .set({ categories: pairs, updatedAt: now })
      .where(eq(tritechMappings.id, existing.id));
    return { ok: true as const, change: "updated" as const, pairs };
  });
}

async function mappingOf(db: Queryable, accountId: string, productId: string) {
  const [row] = await db
    .select({ id: tritechMappings.id, categories: tritechMappings.categories })
    .from(tritechMappings)
    .where(and(eq(tritechMappings.accountId, accountId), eq(tritechMappings.productId, productId)));
  return row ?? null;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((pair) => b.includes(pair));

/** Our products mapped to any of these pairs, for an event's items (the company's mappings only). */
export async function productsMappedTo(db: Queryable, accountId: string, pairs: string[]): Promise<string[]> {
  if (pairs.length === 0) return [];
  const rows = await db
    .select({ productId: tritechMappings.productId, categories: tritechMappings.categories })
    .from(tritechMappings)
    .where(eq(tritechMappings.accountId, accountId));
  const wanted = new Set(pairs);
  return rows.filter((row) => row.categories.some((pair) => wanted.has(pair))).map((row) => row.productId);
}
