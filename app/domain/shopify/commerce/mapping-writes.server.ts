import { and, eq, ne, sql } from "drizzle-orm";
import type { Tx } from "#db/client.server";
import { products, shopifyMappedVariants, shopifyProductMappings } from "#db/schema";
import { idList } from "./catalogue-store.server";

/**
 * The one writer of a product's Shopify mapping (spec 2 sections 3 and 4): the mapping row (the
 * spec's ShopifyProductMapping: shopify_product_ids and shopify_product_variants, a JSON map of
 * store product to variant ids) and its shopify_mapped_variants rows, which orders read, written
 * together in the caller's transaction. A variant belongs to one of our products at a time (the
 * unique (account, variant) index): one mapped to another product is refused with its name, or
 * left where it is when the caller asks to skip it (onboarding's Submit).
 */

/** A store variant and the store product it belongs to (Shopify gids). */
export type VariantPick = { variantId: string; shopifyProductId: string };

export type TakenVariant = VariantPick & { productId: string; productName: string };

export type WriteMappingOptions = {
  /** replace: the product's variants become exactly `picks`; add: `picks` join the ones it has. */
  mode: "replace" | "add";
  /** What to do with a variant mapped to another product: refuse the whole write, or skip it. */
  taken: "refuse" | "skip";
};

export type MappingChange = "created" | "updated" | "deleted" | "unchanged";

export type WriteMappingResult =
  | {
      ok: true;
      change: MappingChange;
      mappingId: string | null;
      added: VariantPick[];
      removed: VariantPick[];
      skipped: TakenVariant[];
    }
  | { ok: false; reason: "product-not-found" }
  | { ok: false; reason: "taken"; taken: TakenVariant[] };

/** The variants of the company's store mapped to our products other than `productId`, among `variantIds`. */
export async function takenVariants(
  tx: Tx,
  accountId: string,
  productId: string,
  variantIds: readonly string[],
): Promise<TakenVariant[]> {
  if (variantIds.length === 0) return [];
  return tx
    .select({
      variantId: shopifyMappedVariants.shopifyVariantId,
      shopifyProductId: shopifyMappedVariants.shopifyProductId,
      productId: shopifyMappedVariants.productId,
      productName: products.name,
    })
    .from(shopifyMappedVariants)
    .innerJoin(products, eq(products.id, shopifyMappedVariants.productId))
    .where(
      and(
        eq(shopifyMappedVariants.accountId, accountId),
        ne(shopifyMappedVariants.productId, productId),
        sql`${shopifyMappedVariants.shopifyVariantId} in ${idList(variantIds)}`,
      ),
    );
}

/** The spec's JSON: each store product with its mapped variants, in the order they were given. */
export function variantsByProduct(picks: readonly VariantPick[]): Record<string, string[]> {
  const map = new Map<string, string[]>();
  for (const pick of picks) {
    const list = map.get(pick.shopifyProductId) ?? [];
    list.push(pick.variantId);
    map.set(pick.shopifyProductId, list);
  }
  return Object.fromEntries(map);
}

const uniquePicks = (picks: readonly VariantPick[]) => [
  ...new Map(picks.map((p) => [p.variantId, p])).values(),
];

/**
 * Writes our product `productId`'s mapping to the store (see the module comment). Runs in the
 * caller's transaction; the product row is locked first, so two saves of one product queue up.
 * A concurrent save that maps the same variant to another product meanwhile makes the insert fail
 * on the unique index, which aborts the transaction: the caller's check-and-retry reports it.
 */
export async function writeMapping(
  tx: Tx,
  accountId: string,
  productId: string,
  picks: readonly VariantPick[],
  options: WriteMappingOptions,
): Promise<WriteMappingResult> {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.accountId, accountId)))
    .for("update");
  if (!product) return { ok: false, reason: "product-not-found" };
  const [existing] = await tx
    .select({ id: shopifyProductMappings.id })
    .from(shopifyProductMappings)
    .where(
      and(eq(shopifyProductMappings.accountId, accountId), eq(shopifyProductMappings.productId, productId)),
    );
  const current: VariantPick[] = await tx
    .select({
      variantId: shopifyMappedVariants.shopifyVariantId,
      shopifyProductId: shopifyMappedVariants.shopifyProductId,
    })
    .from(shopifyMappedVariants)
    .where(
      and(eq(shopifyMappedVariants.accountId, accountId), eq(shopifyMappedVariants.productId, productId)),
    );

  let desired = uniquePicks(options.mode === "add" ? [...current, ...picks] : picks);
  const taken = await takenVariants(
    tx,
    accountId,
    productId,
    desired.map((p) => p.variantId),
  );
  if (taken.length > 0 && options.taken === "refuse") return { ok: false, reason: "taken", taken };
  const takenIds = new Set(taken.map((t) => t.variantId));
  desired = desired.filter((p) => !takenIds.has(p.variantId));

  const currentIds = new Set(current.map((p) => p.variantId));
  const desiredIds = new Set(desired.map((p) => p.variantId));
  const added = desired.filter((p) => !currentIds.has(p.variantId));
  const removed = current.filter((p) => !desiredIds.has(p.variantId));

  if (desired.length === 0) {
    // Mapped to unmapped: the mapping goes, and its variant rows with it (on delete cascade).
    if (!existing) return { ok: true, change: "unchanged", mappingId: null, added, removed, skipped: taken };
    await tx.delete(shopifyProductMappings).where(eq(shopifyProductMappings.id, existing.id));
    return { ok: true, change: "deleted", mappingId: null, added, removed, skipped: taken };
  }

  const json = variantsByProduct(desired);
  const values = {
    shopifyProductIds: Object.keys(json),
    shopifyProductVariants: json,
    updatedAt: new Date(),
  };
  const [mapping] = await tx
    .insert(shopifyProductMappings)
    .values({ accountId, productId, ...values })
    .onConflictDoUpdate({
      target: [shopifyProductMappings.accountId, shopifyProductMappings.productId],
      set: values,
    })
    .returning({ id: shopifyProductMappings.id });
  if (removed.length > 0)
    await tx
      .delete(shopifyMappedVariants)
      .where(
        and(
          eq(shopifyMappedVariants.accountId, accountId),
          eq(shopifyMappedVariants.productId, productId),
          sql`${shopifyMappedVariants.shopifyVariantId} in ${idList(removed.map((p) => p.variantId))}`,
        ),
      );
  for (let i = 0; i < added.length; i += 1_000)
    await tx.insert(shopifyMappedVariants).values(
      added.slice(i, i + 1_000).map((p) => ({
        accountId,
        shopifyVariantId: p.variantId,
        shopifyProductId: p.shopifyProductId,
        productId,
        mappingId: mapping.id,
      })),
    );
  const change: MappingChange = !existing
    ? "created"
    : added.length > 0 || removed.length > 0
      ? "updated"
      : "unchanged";
  return { ok: true, change, mappingId: mapping.id, added, removed, skipped: taken };
}

/**
 * Variants that left the store (a deleted product, a removed variant) leave every mapping: each
 * mapping that held one is rewritten from the variants it keeps, and one left with none is deleted
 * (mapped to unmapped). Answers how many mappings changed.
 */
export async function unmapVariants(
  tx: Tx,
  accountId: string,
  variantIds: readonly string[],
): Promise<number> {
  if (variantIds.length === 0) return 0;
  const gone = await tx
    .delete(shopifyMappedVariants)
    .where(
      and(
        eq(shopifyMappedVariants.accountId, accountId),
        sql`${shopifyMappedVariants.shopifyVariantId} in ${idList(variantIds)}`,
      ),
    )
    .returning({ mappingId: shopifyMappedVariants.mappingId });
  const mappingIds = [...new Set(gone.map((g) => g.mappingId))];
  for (const mappingId of mappingIds) {
    const kept = await tx
      .select({
        variantId: shopifyMappedVariants.shopifyVariantId,
        shopifyProductId: shopifyMappedVariants.shopifyProductId,
      })
      .from(shopifyMappedVariants)
      .where(eq(shopifyMappedVariants.mappingId, mappingId));
    if (kept.length === 0) {
      await tx.delete(shopifyProductMappings).where(eq(shopifyProductMappings.id, mappingId));
      continue;
    }
    const json = variantsByProduct(kept);
    await tx
      .update(shopifyProductMappings)
      .set({ shopifyProductIds: Object.keys(json), shopifyProductVariants: json, updatedAt: new Date() })
      .where(eq(shopifyProductMappings.id, mappingId));
  }
  return mappingIds.length;
}
