import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import {
  products,
  shopifyCatalogueProducts,
  shopifyCatalogueVariants,
  shopifyMappedVariants,
  shopifyProductMappings,
} from "#db/schema";
import { isUniqueViolation } from "~/domain/contacts/contacts.server";
import type { AccountScope, Queryable } from "~/domain/kernel/scope";
import { idList } from "./catalogue-store.server";
import { STATUS_ROWS_SHOWN } from "./mapping-limits";
import {
  type MappingChange,
  type TakenVariant,
  type VariantPick,
  writeMapping,
} from "./mapping-writes.server";

export { type VariantPick, writeMapping } from "./mapping-writes.server";

/**
 * The Shopify tab of /product-mapping (spec 2 sections 2 to 5): our products with the store products
 * and variants mapped to them, and a product's mapping saved as the status modal previews it.
 */

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

export type LabelledVariant = VariantPick & { variantTitle: string | null; productTitle: string | null };

/** The variants mapped to our product now, with their titles: what the edit modal starts from. */
export async function mappedVariantsOf(
  scope: AccountScope,
  productId: string,
  db: Queryable = getDb(),
): Promise<LabelledVariant[]> {
  return db
    .select({
      variantId: shopifyMappedVariants.shopifyVariantId,
      shopifyProductId: shopifyMappedVariants.shopifyProductId,
      variantTitle: shopifyCatalogueVariants.title,
      productTitle: shopifyCatalogueProducts.title,
    })
    .from(shopifyMappedVariants)
    .leftJoin(
      shopifyCatalogueVariants,
      and(
        eq(shopifyCatalogueVariants.accountId, shopifyMappedVariants.accountId),
        eq(shopifyCatalogueVariants.shopifyVariantId, shopifyMappedVariants.shopifyVariantId),
      ),
    )
    .leftJoin(
      shopifyCatalogueProducts,
      and(
        eq(shopifyCatalogueProducts.accountId, shopifyMappedVariants.accountId),
        eq(shopifyCatalogueProducts.shopifyProductId, shopifyMappedVariants.shopifyProductId),
      ),
    )
    .where(
      and(
        eq(shopifyMappedVariants.accountId, scope.account.id),
        eq(shopifyMappedVariants.productId, productId),
      ),
    )
    .orderBy(asc(shopifyCatalogueProducts.title), asc(shopifyCatalogueVariants.position));
}

export type StatusRow = LabelledVariant & { status: "adding" | "removing" | "unchanged" };

export type MappingPlan =
  | {
      ok: true;
      change: MappingChange;
      rows: StatusRow[];
      counts: { adding: number; removing: number; unchanged: number };
    }
  | { ok: false; reason: "product-not-found" | "nothing-selected" | "unknown-variants" }
  | {
      ok: false;
      reason: "taken";
      taken: Array<TakenVariant & { variantTitle: string | null; productTitle: string | null }>;
    };

/**
 * The status modal (spec 2 section 4): each variant of the selection and of the current mapping as
 * Adding, Removing or Unchanged, and what saving would do, or why it cannot (nothing selected for a
 * product not mapped yet; a variant mapped to another product; a variant the catalogue lacks).
 */
export async function planMapping(
  scope: AccountScope,
  productId: string,
  variantIds: readonly string[],
  db: Queryable = getDb(),
): Promise<MappingPlan> {
  const accountId = scope.account.id;
  const [product] = await db
    .select({ id: products.id, mapping: shopifyProductMappings.id })
    .from(products)
    .leftJoin(shopifyProductMappings, eq(shopifyProductMappings.productId, products.id))
    .where(and(eq(products.id, productId), eq(products.accountId, accountId)));
  if (!product) return { ok: false, reason: "product-not-found" };
  const current = await mappedVariantsOf(scope, productId, db);
  const selected = [...new Set(variantIds)];
  if (selected.length === 0 && current.length === 0 && !product.mapping)
    return { ok: false, reason: "nothing-selected" };

  const currentById = new Map(current.map((c) => [c.variantId, c]));
  const lookup = selected.filter((id) => !currentById.has(id));
  const found = lookup.length
    ? await db
        .select({
          variantId: shopifyCatalogueVariants.shopifyVariantId,
          shopifyProductId: shopifyCatalogueVariants.shopifyProductId,
          variantTitle: shopifyCatalogueVariants.title,
          productTitle: shopifyCatalogueProducts.title,
          mappedProductId: shopifyMappedVariants.productId,
          mappedProductName: products.name,
        })
        .from(shopifyCatalogueVariants)
        .leftJoin(
          shopifyCatalogueProducts,
          and(
            eq(shopifyCatalogueProducts.accountId, shopifyCatalogueVariants.accountId),
            eq(shopifyCatalogueProducts.shopifyProductId, shopifyCatalogueVariants.shopifyProductId),
          ),
        )
        .leftJoin(
          shopifyMappedVariants,
          and(
            eq(shopifyMappedVariants.accountId, shopifyCatalogueVariants.accountId),
            eq(shopifyMappedVariants.shopifyVariantId, shopifyCatalogueVariants.shopifyVariantId),
          ),
        )
        .leftJoin(products, eq(products.id, shopifyMappedVariants.productId))
        .where(
          and(
            eq(shopifyCatalogueVariants.accountId, accountId),
            sql`${shopifyCatalogueVariants.shopifyVariantId} in ${idList(lookup)}`,
          ),
        )
    : [];
  if (found.length < lookup.length) return { ok: false, reason: "unknown-variants" };
  const taken = found
    .filter((f) => f.mappedProductId && f.mappedProductId !== productId)
    .map((f) => ({
      variantId: f.variantId,
      shopifyProductId: f.shopifyProductId,
      productId: f.mappedProductId as string,
      productName: f.mappedProductName ?? "",
      variantTitle: f.variantTitle,
      productTitle: f.productTitle,
    }));
  if (taken.length > 0) return { ok: false, reason: "taken", taken };

  const selectedIds = new Set(selected);
  const rows: StatusRow[] = [
    ...found.map((f) => ({
      variantId: f.variantId,
      shopifyProductId: f.shopifyProductId,
      variantTitle: f.variantTitle,
      productTitle: f.productTitle,
      status: "adding" as const,
    })),
    ...current.map((c) => ({
      ...c,
      status: selectedIds.has(c.variantId) ? ("unchanged" as const) : ("removing" as const),
    })),
  ];
  const counts = {
    adding: rows.filter((r) => r.status === "adding").length,
    removing: rows.filter((r) => r.status === "removing").length,
    unchanged: rows.filter((r) => r.status === "unchanged").length,
  };
  const change: MappingChange =
    selected.length === 0
      ? product.mapping
        ? "deleted"
        : "unchanged"
      : !product.mapping
        ? "created"
        : counts.adding + counts.removing > 0
          ? "updated"
          : "unchanged";
  const order = { adding: 0, removing: 1, unchanged: 2 };
  rows.sort(
    (a, b) =>
      order[a.status] - order[b.status] ||
      (a.productTitle ?? "").localeCompare(b.productTitle ?? "") ||
      (a.variantTitle ?? "").localeCompare(b.variantTitle ?? ""),
  );
  return { ok: true, change, rows: rows.slice(0, STATUS_ROWS_SHOWN), counts };
}

export type SaveOutcome = Exclude<MappingPlan, { ok: true }> | { ok: true; change: MappingChange };

/**
 * Saves the product's mapping as planned: create, update or delete (spec 2 section 4), in one
 * transaction with its variant rows. A variant another save mapped meanwhile is found by the unique
 * index; the plan is then made again, and names it.
 */
export async function saveMapping(
  scope: AccountScope,
  productId: string,
  variantIds: readonly string[],
): Promise<SaveOutcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await getDb().transaction(async (tx) => {
        const plan = await planMapping(scope, productId, variantIds, tx);
        if (!plan.ok) return plan;
        const current = await mappedVariantsOf(scope, productId, tx);
        const found = await tx
          .select({
            variantId: shopifyCatalogueVariants.shopifyVariantId,
            shopifyProductId: shopifyCatalogueVariants.shopifyProductId,
          })
          .from(shopifyCatalogueVariants)
          .where(
            and(
              eq(shopifyCatalogueVariants.accountId, scope.account.id),
              sql`${shopifyCatalogueVariants.shopifyVariantId} in ${idList(variantIds)}`,
            ),
          );
        const known = new Map([...current, ...found].map((v) => [v.variantId, v.shopifyProductId]));
        const picks = [...new Set(variantIds)].map((variantId) => ({
          variantId,
          shopifyProductId: known.get(variantId) as string,
        }));
        const written = await writeMapping(tx, scope.account.id, productId, picks, {
          mode: "replace",
          taken: "refuse",
        });
        if (!written.ok) {
          if (written.reason === "taken")
            return {
              ok: false as const,
              reason: "taken" as const,
              taken: written.taken.map((t) => ({ ...t, variantTitle: null, productTitle: null })),
            };
          return written;
        }
        return { ok: true as const, change: written.change };
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt > 0) throw error;
    }
  }
}
