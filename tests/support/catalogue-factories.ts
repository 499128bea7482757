import { productTypeKey } from "../../app/domain/shopify/commerce/catalogue-rows";
import { getDb } from "../../db/client.server";
import { products, shopifyCatalogueProducts, shopifyCatalogueVariants, storeProfiles } from "../../db/schema";
import { storeOfflineSession } from "./shopify-sessions";
import type { ShopifyStandIn } from "./stand-ins/shopify";

/** Rows for the product-mapping tests: a linked store, its catalogue, our products. */

/** The store linked to the company, and (with a stand-in) its offline session with a token the stand-in accepts. */
export async function linkStore(accountId: string, shop: string, standIn?: ShopifyStandIn) {
  const [profile] = await getDb()
    .insert(storeProfiles)
    .values({ shopDomain: shop, storeName: `Store ${shop}`, accountId })
    .returning();
  if (standIn) {
    const { body } = await standIn.control("POST", "/access-tokens", { shop });
    const { accessToken, scope } = body as { accessToken: string; scope: string };
    await storeOfflineSession(shop, accessToken, scope);
  }
  return profile;
}

export async function createOurProduct(accountId: string, name: string) {
  const [product] = await getDb().insert(products).values({ accountId, name }).returning();
  return product;
}

export type SeedCatalogueProduct = {
  id: number;
  title: string;
  productType?: string;
  variants: Array<{ id: number; title: string; sku?: string }>;
};

export const productGidOf = (n: number) => `gid://shopify/Product/${n}`;
export const variantGidOf = (n: number) => `gid://shopify/ProductVariant/${n}`;

/** Catalogue rows as a Sync Now leaves them (without asking a store). */
export async function seedCatalogue(accountId: string, shop: string, items: SeedCatalogueProduct[]) {
  const db = getDb();
  for (let i = 0; i < items.length; i += 500) {
    const chunk = items.slice(i, i + 500);
    await db.insert(shopifyCatalogueProducts).values(
      chunk.map((p) => ({
        accountId,
        shop,
        shopifyProductId: productGidOf(p.id),
        title: p.title,
        productType: p.productType ?? "",
        productTypeLowercased: productTypeKey(p.productType),
        shopifyUpdatedAt: new Date("2025-01-01T00:00:00Z"),
      })),
    );
    const variants = chunk.flatMap((p) =>
      p.variants.map((v, position) => ({
        accountId,
        shopifyVariantId: variantGidOf(v.id),
        shopifyProductId: productGidOf(p.id),
        title: v.title,
        sku: v.sku ?? null,
        priceMinor: 1999,
        position: position + 1,
      })),
    );
    for (let j = 0; j < variants.length; j += 2_000)
      await db.insert(shopifyCatalogueVariants).values(variants.slice(j, j + 2_000));
  }
}
