import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import {
  products,
  shopifyCatalogueProducts,
  shopifyMappedVariants,
  shopifyProductMappings,
} from "#db/schema";
import type { AccountScope } from "~/domain/kernel/scope";
import { idList } from "./catalogue-store.server";

/** The table of /product-mapping's Shopify tab: our products with the store products mapped to them. */

export type MappedStoreProduct = {
  id: string;
  /** null when the catalogue does not have it (mapped before the first Sync Now). */
  title: string | null;
  imageUrl: string | null;
  mappedVariants: number;
  totalVariants: number | null;
};
export type ProductMappingRow = {
  productId: string;
  productName: string;
  mapped: MappedStoreProduct[];
};

/** Every product of the company, by name, with the store products mapped to it. */
export async function listProductMappings(scope: AccountScope): Promise<ProductMappingRow[]> {
  const accountId = scope.account.id;
  const db = getDb();
  const ours = await db
    .select({ id: products.id, name: products.name, storeIds: shopifyProductMappings.shopifyProductIds })
    .from(products)
    .leftJoin(
      shopifyProductMappings,
      and(eq(shopifyProductMappings.productId, products.id), eq(shopifyProductMappings.accountId, accountId)),
    )
    .where(eq(products.accountId, accountId))
    .orderBy(asc(sql`lower(${products.name})`));
  const counted = await db
    .select({
      productId: shopifyMappedVariants.productId,
      storeProductId: shopifyMappedVariants.shopifyProductId,
      mapped: sql<number>`count(*)::int`,
    })
    .from(shopifyMappedVariants)
    .where(eq(shopifyMappedVariants.accountId, accountId))
    .groupBy(shopifyMappedVariants.productId, shopifyMappedVariants.shopifyProductId);
  const storeIds = [
    ...new Set([...counted.map((c) => c.storeProductId), ...ours.flatMap((o) => o.storeIds ?? [])]),
  ];
  const catalogue = storeIds.length
    ? await db
        .select({
          id: shopifyCatalogueProducts.shopifyProductId,
          title: shopifyCatalogueProducts.title,
          imageUrl: shopifyCatalogueProducts.imageUrl,
          total: sql<number>`(select count(*)::int from shopify_catalogue_variants cv
        where cv.account_id = shopify_catalogue_products.account_id
        and cv.shopify_product_id = shopify_catalogue_products.shopify_product_id)`,
        })
        .from(shopifyCatalogueProducts)
        .where(
          and(
            eq(shopifyCatalogueProducts.accountId, accountId),
            sql`${shopifyCatalogueProducts.shopifyProductId} in ${idList(storeIds)}`,
          ),
        )
    : [];
  const known = new Map(catalogue.map((c) => [c.id, c]));
  return ours.map((product) => {
    const counts = new Map(
      counted.filter((c) => c.productId === product.id).map((c) => [c.storeProductId, c.mapped]),
    );
    // A mapping written before variants were recorded names its store products only.
    for (const id of product.storeIds ?? []) if (!counts.has(id)) counts.set(id, 0);
    const mapped = [...counts].map(([id, mappedVariants]) => {
      const entry = known.get(id);
      return {
        id,
        title: entry?.title ?? null,
        imageUrl: entry?.imageUrl ?? null,
        mappedVariants,
        totalVariants: entry ? Number(entry.total) : null,
      };
    });
    mapped.sort((a, b) => (a.title ?? a.id).localeCompare(b.title ?? b.id));
    return { productId: product.id, productName: product.name, mapped };
  });
}
