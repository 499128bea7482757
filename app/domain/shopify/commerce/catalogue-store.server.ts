import { and, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Tx } from "#db/client.server";
import { shopifyCatalogueProducts, shopifyCatalogueVariants } from "#db/schema";
import { type CatalogueProduct, type CatalogueVariant, productTypeKey } from "./catalogue-rows";

/**
 * Writes to a company's copy of its store catalogue, shared by Sync Now and the products webhooks.
 * Both take the company's catalogue lock first, so a webhook applied while a sync saves waits for
 * it and lands after it, never half inside it.
 */

const PRODUCT_CHUNK = 500;
const VARIANT_CHUNK = 1_000;

/** A list of ids as one parameter (a JSON array), whatever its length, on PostgreSQL and PGlite. */
export function idList(ids: readonly string[]): SQL {
  return sql`(select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Held until the transaction ends: one writer of a company's catalogue at a time. */
export async function lockCatalogue(tx: Tx, accountId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`shopify-catalogue:${accountId}`}))`);
}

/** Inserts or updates products (not their variants); synced_at becomes the transaction's time. */
export async function upsertProducts(tx: Tx, accountId: string, shop: string, products: CatalogueProduct[]) {
  for (const chunk of chunks(products, PRODUCT_CHUNK))
    await tx
      .insert(shopifyCatalogueProducts)
      .values(
        chunk.map((p) => ({
          accountId,
          shop,
          shopifyProductId: p.id,
          title: p.title,
          productType: p.productType,
          productTypeLowercased: productTypeKey(p.productType),
          handle: p.handle,
          status: p.status,
          imageUrl: p.imageUrl,
          shopifyUpdatedAt: p.updatedAt,
          syncedAt: sql`now()`,
        })),
      )
      .onConflictDoUpdate({
        target: [shopifyCatalogueProducts.accountId, shopifyCatalogueProducts.shopifyProductId],
        set: {
          shop: sql`excluded.shop`,
          title: sql`excluded.title`,
          productType: sql`excluded.product_type`,
          productTypeLowercased: sql`excluded.product_type_lowercased`,
          handle: sql`excluded.handle`,
          status: sql`excluded.status`,
          imageUrl: sql`excluded.image_url`,
          shopifyUpdatedAt: sql`excluded.shopify_updated_at`,
          syncedAt: sql`now()`,
        },
      });
}

/**
 * Makes the variants of `productIds` exactly `variants`: new ones added, changed ones updated, the
 * others removed. Answers the removed variants' ids (their mappings go with them).
 */
export async function replaceVariants(
  tx: Tx,
  accountId: string,
  productIds: readonly string[],
  variants: readonly CatalogueVariant[],
): Promise<string[]> {
  if (productIds.length === 0) return [];
  const removed = await tx
    .delete(shopifyCatalogueVariants)
    .where(
      and(
        eq(shopifyCatalogueVariants.accountId, accountId),
        sql`${shopifyCatalogueVariants.shopifyProductId} in ${idList(productIds)}`,
        sql`${shopifyCatalogueVariants.shopifyVariantId} not in ${idList(variants.map((v) => v.id))}`,
      ),
    )
    .returning({ id: shopifyCatalogueVariants.shopifyVariantId });
  await upsertVariants(tx, accountId, variants);
  return removed.map((r) => r.id);
}

/** Inserts or updates variants, leaving the product's others as they are. */
export async function upsertVariants(tx: Tx, accountId: string, variants: readonly CatalogueVariant[]) {
  for (const chunk of chunks(variants, VARIANT_CHUNK))
    await tx
      .insert(shopifyCatalogueVariants)
      .values(
        chunk.map((v) => ({
          accountId,
          shopifyVariantId: v.id,
          shopifyProductId: v.productId,
          title: v.title,
          sku: v.sku,
          priceMinor: v.priceMinor,
          position: v.position,
        })),
      )
      .onConflictDoUpdate({
        target: [shopifyCatalogueVariants.accountId, shopifyCatalogueVariants.shopifyVariantId],
        set: {
          shopifyProductId: sql`excluded.shopify_product_id`,
          title: sql`excluded.title`,
          sku: sql`excluded.sku`,
          priceMinor: sql`excluded.price_minor`,
          position: sql`excluded.position`,
        },
      });
}

/** Removes products and their variants; answers the removed variants' ids. */
export async function deleteProducts(
  tx: Tx,
  accountId: string,
  productIds: readonly string[],
): Promise<string[]> {
  if (productIds.length === 0) return [];
  await tx
    .delete(shopifyCatalogueProducts)
    .where(
      and(
        eq(shopifyCatalogueProducts.accountId, accountId),
        sql`${shopifyCatalogueProducts.shopifyProductId} in ${idList(productIds)}`,
      ),
    );
  const variants = await tx
    .delete(shopifyCatalogueVariants)
    .where(
      and(
        eq(shopifyCatalogueVariants.accountId, accountId),
        sql`${shopifyCatalogueVariants.shopifyProductId} in ${idList(productIds)}`,
      ),
    )
    .returning({ id: shopifyCatalogueVariants.shopifyVariantId });
  return variants.map((v) => v.id);
}

/**
 * The products neither this sync nor a webhook has written since `since`, except `keep` (products
 * the store still has, whose row was newer than the sync's copy): the store no longer has them.
 */
export async function untouchedProducts(
  tx: Tx,
  accountId: string,
  since: Date,
  keep: readonly string[],
): Promise<string[]> {
  const rows = await tx
    .select({ id: shopifyCatalogueProducts.shopifyProductId })
    .from(shopifyCatalogueProducts)
    .where(
      and(
        eq(shopifyCatalogueProducts.accountId, accountId),
        lt(shopifyCatalogueProducts.syncedAt, since),
        sql`${shopifyCatalogueProducts.shopifyProductId} not in ${idList(keep)}`,
      ),
    );
  return rows.map((r) => r.id);
}

/** When each of the company's catalogue products was last changed in Shopify, as we have it. */
export async function productVersions(tx: Tx, accountId: string): Promise<Map<string, Date | null>> {
  const rows = await tx
    .select({ id: shopifyCatalogueProducts.shopifyProductId, at: shopifyCatalogueProducts.shopifyUpdatedAt })
    .from(shopifyCatalogueProducts)
    .where(eq(shopifyCatalogueProducts.accountId, accountId));
  return new Map(rows.map((r) => [r.id, r.at]));
}
