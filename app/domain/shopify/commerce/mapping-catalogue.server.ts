import { and, asc, eq, exists, ilike, ne, notExists, or, type SQL, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import {
  products,
  shopifyCatalogueProducts,
  shopifyCatalogueVariants,
  shopifyMappedVariants,
} from "#db/schema";
import type { AccountScope } from "~/domain/kernel/scope";
import { escapeLike } from "~/domain/kernel/sql-text";
import { idList } from "./catalogue-store.server";
import { PAGE_PRODUCTS, PAGE_VARIANT_BUDGET, SELECT_ALL_LIMIT, variantNumber } from "./mapping-limits";

/**
 * The edit modal's store catalogue (spec 2 section 2): products grouped by type, searched and paged
 * on the server, so a store of 20,000 variants opens it at once. Pages follow the catalogue's
 * (account, type, title) index, and a page stops adding products once it holds enough variants.
 */

export type ModalVariant = {
  id: string;
  title: string;
  sku: string | null;
  /** Our product this variant is mapped to, if any (another product's is disabled in the modal). */
  mappedTo: { productId: string; productName: string } | null;
};
export type ModalProduct = {
  id: string;
  title: string;
  productType: string;
  /** The group: the type, case-insensitively, or 'other'. */
  typeKey: string;
  imageUrl: string | null;
  variants: ModalVariant[];
};
export type CataloguePage = { products: ModalProduct[]; next: string | null };

type Cursor = [typeKey: string, title: string, id: string];

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(raw: string | null | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    return Array.isArray(value) && value.length === 3 && value.every((v) => typeof v === "string")
      ? (value as Cursor)
      : null;
  } catch {
    return null;
  }
}

const p = shopifyCatalogueProducts;
const v = shopifyCatalogueVariants;

/** Products whose title or type, or one of whose variants' title or SKU, contains the search. */
function matching(accountId: string, search: string): SQL | undefined {
  const text = search.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  return or(
    ilike(p.title, pattern),
    ilike(p.productType, pattern),
    exists(
      getDb()
        .select({ one: sql`1` })
        .from(v)
        .where(
          and(
            eq(v.accountId, accountId),
            eq(v.shopifyProductId, p.shopifyProductId),
            or(ilike(v.title, pattern), ilike(v.sku, pattern)),
          ),
        ),
    ),
  );
}

/** One page of the catalogue for the modal, after `after` (the previous page's `next`). */
export async function cataloguePage(
  scope: AccountScope,
  options: { search?: string | null; after?: string | null; limit?: number; variantBudget?: number },
): Promise<CataloguePage> {
  const accountId = scope.account.id;
  const limit = options.limit ?? PAGE_PRODUCTS;
  const budget = options.variantBudget ?? PAGE_VARIANT_BUDGET;
  const after = decodeCursor(options.after);
  const rows = await getDb()
    .select({
      id: p.shopifyProductId,
      title: p.title,
      productType: p.productType,
      typeKey: p.productTypeLowercased,
      imageUrl: p.imageUrl,
      variantCount: sql<number>`(select count(*)::int from shopify_catalogue_variants cv
        where cv.account_id = shopify_catalogue_products.account_id
        and cv.shopify_product_id = shopify_catalogue_products.shopify_product_id)`,
    })
    .from(p)
    .where(
      and(
        eq(p.accountId, accountId),
        matching(accountId, options.search ?? ""),
        after
          ? sql`(${p.productTypeLowercased}, ${p.title}, ${p.shopifyProductId}) > (${after[0]}, ${after[1]}, ${after[2]})`
          : undefined,
      ),
    )
    .orderBy(asc(p.productTypeLowercased), asc(p.title), asc(p.shopifyProductId))
    .limit(limit + 1);

  // As many products as fit the variant budget (always at least one), so a page stays light.
  const page: typeof rows = [];
  let variants = 0;
  for (const row of rows.slice(0, limit)) {
    if (page.length > 0 && variants + Number(row.variantCount) > budget) break;
    page.push(row);
    variants += Number(row.variantCount);
  }
  const more = page.length < rows.length;
  const last = page.at(-1);
  const next = more && last ? encodeCursor([last.typeKey, last.title, last.id]) : null;
  if (page.length === 0) return { products: [], next: null };

  const variantRows = await getDb()
    .select({
      id: v.shopifyVariantId,
      productId: v.shopifyProductId,
      title: v.title,
      sku: v.sku,
      mappedProductId: shopifyMappedVariants.productId,
      mappedProductName: products.name,
    })
    .from(v)
    .leftJoin(
      shopifyMappedVariants,
      and(
        eq(shopifyMappedVariants.accountId, v.accountId),
        eq(shopifyMappedVariants.shopifyVariantId, v.shopifyVariantId),
      ),
    )
    .leftJoin(products, eq(products.id, shopifyMappedVariants.productId))
    .where(and(eq(v.accountId, accountId), sql`${v.shopifyProductId} in ${idList(page.map((r) => r.id))}`))
    .orderBy(asc(v.shopifyProductId), asc(v.position), asc(v.title));
  const byProduct = new Map<string, ModalVariant[]>();
  for (const row of variantRows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push({
      id: row.id,
      title: row.title,
      sku: row.sku,
      mappedTo:
        row.mappedProductId && row.mappedProductName
          ? { productId: row.mappedProductId, productName: row.mappedProductName }
          : null,
    });
    byProduct.set(row.productId, list);
  }
  return {
    products: page.map((row) => ({
      id: row.id,
      title: row.title,
      productType: row.productType,
      typeKey: row.typeKey,
      imageUrl: row.imageUrl,
      variants: byProduct.get(row.id) ?? [],
    })),
    next,
  };
}

/**
 * Select all: every variant the search finds that is free or already our product's (one mapped to
 * another product stays there), as numeric ids (see mapping-limits.ts). The matching products are
 * read first, on their own (a planner guessing the search's selectivity inside one statement may
 * run the search once per variant), then their variants, minus those of other products (an anti-join).
 */
export async function selectableVariants(
  scope: AccountScope,
  options: { productId: string; search?: string | null },
): Promise<{ variants: string[]; truncated: boolean }> {
  const accountId = scope.account.id;
  const search = matching(accountId, options.search ?? "");
  const productIds = search
    ? (
        await getDb()
          .select({ id: p.shopifyProductId })
          .from(p)
          .where(and(eq(p.accountId, accountId), search))
      ).map((r) => r.id)
    : null;
  if (productIds?.length === 0) return { variants: [], truncated: false };
  const m = shopifyMappedVariants;
  const rows = await getDb()
    .select({ id: v.shopifyVariantId })
    .from(v)
    .where(
      and(
        eq(v.accountId, accountId),
        productIds ? sql`${v.shopifyProductId} in ${idList(productIds)}` : undefined,
        notExists(
          getDb()
            .select({ one: sql`1` })
            .from(m)
            .where(
              and(
                eq(m.accountId, v.accountId),
                eq(m.shopifyVariantId, v.shopifyVariantId),
                ne(m.productId, options.productId),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(v.shopifyVariantId))
    .limit(SELECT_ALL_LIMIT + 1);
  return {
    variants: rows.slice(0, SELECT_ALL_LIMIT).map((r) => variantNumber(r.id)),
    truncated: rows.length > SELECT_ALL_LIMIT,
  };
}
