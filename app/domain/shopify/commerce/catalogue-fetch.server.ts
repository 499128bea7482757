import {
  type CatalogueSnapshot,
  type FetchOptions,
  PRODUCT_FIELDS,
  type ProductNode,
  productOf,
  shopGraphql,
  VARIANT_FIELDS,
  type VariantNode,
  variantOf,
} from "./catalogue-admin.server";
import { fetchCatalogueInBulk } from "./catalogue-bulk.server";
import type { CatalogueProduct } from "./catalogue-rows";

export type { CatalogueSnapshot, FetchOptions };

/**
 * Reading a store's whole catalogue (products, variants, types, pictures) through the Admin GraphQL
 * API, for Sync Now. A store of up to PAGED_MAX_PRODUCTS products (and PAGED_MAX_VARIANTS variants)
 * is read in cursor pages; a larger one through a bulk query operation, which Shopify runs on its
 * side and hands back as one JSONL file: paging 20,000 variants would cost tens of thousands of
 * query points, minutes of rate limit on a standard plan.
 */

export const PAGED_MAX_PRODUCTS = 250;
export const PAGED_MAX_VARIANTS = 2_500;

const COUNTS_QUERY = `#graphql
  query CatalogueCounts { shop { currencyCode } productsCount { count } productVariantsCount { count } }`;
// 200 products with their picture cost about 800 points, under Shopify's 1,000 per query.
const PRODUCTS_QUERY = `#graphql
  query CatalogueProducts($after: String) {
    products(first: 200, after: $after) { nodes { ${PRODUCT_FIELDS} } pageInfo { hasNextPage endCursor } }
  }`;
const VARIANTS_QUERY = `#graphql
  query CatalogueVariants($after: String) {
    productVariants(first: 250, after: $after) {
      nodes { ${VARIANT_FIELDS} product { id } } pageInfo { hasNextPage endCursor }
    }
  }`;

type Page<N> = { nodes: N[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

/** Every node of a connection, page by page. */
async function allPages<N>(
  read: (after: string | null) => Promise<Page<N>>,
  onPage: (nodes: N[]) => Promise<void>,
): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const page = await read(after);
    await onPage(page.nodes);
    if (!page.pageInfo.hasNextPage || !page.pageInfo.endCursor) return;
    after = page.pageInfo.endCursor;
  }
}

/** The store's products and variants, read in pages or through a bulk operation by the store's size. */
export async function fetchCatalogue(shop: string, options: FetchOptions = {}): Promise<CatalogueSnapshot> {
  const counts = await shopGraphql<{
    shop: { currencyCode: string };
    productsCount: { count: number } | null;
    productVariantsCount: { count: number } | null;
  }>(shop, COUNTS_QUERY, {}, options.signal);
  const currency = counts.shop.currencyCode;
  const productsTotal = counts.productsCount?.count ?? null;
  const variantsTotal = counts.productVariantsCount?.count ?? 0;
  const large =
    options.bulkOperationId ||
    productsTotal === null ||
    productsTotal > PAGED_MAX_PRODUCTS ||
    variantsTotal > PAGED_MAX_VARIANTS;
  if (large) {
    return fetchCatalogueInBulk(shop, currency, productsTotal, options);
  }

  const products = new Map<string, CatalogueProduct>();
  let variantsDone = 0;
  const report = () =>
    options.onProgress?.({ method: "pages", productsTotal, productsDone: products.size, variantsDone }) ??
    Promise.resolve();
  await allPages(
    async (after) =>
      (await shopGraphql<{ products: Page<ProductNode> }>(shop, PRODUCTS_QUERY, { after }, options.signal))
        .products,
    async (nodes) => {
      for (const node of nodes) products.set(node.id, productOf(node));
      await report();
    },
  );
  await allPages(
    async (after) =>
      (
        await shopGraphql<{ productVariants: Page<VariantNode & { product: { id: string } }> }>(
          shop,
          VARIANTS_QUERY,
          { after },
          options.signal,
        )
      ).productVariants,
    async (nodes) => {
      for (const node of nodes) {
        // A variant of a product created between the two reads is left for the next sync.
        products.get(node.product.id)?.variants.push(variantOf(node, node.product.id, currency));
        variantsDone++;
      }
      await report();
    },
  );
  return { currency, products: [...products.values()] };
}
