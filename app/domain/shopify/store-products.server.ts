import { and, eq, sql } from "drizzle-orm";
import { getDb, type Tx } from "#db/client.server";
import { journeys, products, storeProfiles, touchpoints } from "#db/schema";
import type { Viewer } from "~/domain/access/guard.server";
import { recordAudit } from "~/domain/admin/audit.server";
import { LINK_PLACEHOLDER } from "~/domain/messaging/template";
import { createTouchpointLink } from "~/domain/messaging/tracked-links.server";
import { waitToMinutes } from "~/domain/messaging/wait";
import { createProduct } from "~/domain/products/products.server";
import { adminGraphql } from "./admin-api.server";
import { writeMapping } from "./commerce/mappings.server";
import type { StoreProfile } from "./store-profiles.server";

/**
 * The onboarding product stepper (spec 1 sections 2 and 4): the store's products from the Admin
 * GraphQL API, and Submit, which turns the picked ones into our products, each mapped to its Shopify
 * product and given a starter journey, in one transaction.
 */

export type StoreProduct = {
  id: string;
  // Read for the picked products only (the mapping's variants); empty in the stepper's list.
  variantIds: string[];
  title: string;
  productType: string;
  handle: string;
  imageUrl: string | null;
  imageAlt: string | null;
};

const PRODUCT_FIELDS = `id title productType handle featuredMedia { preview { image { url altText } } }`;

/*
 * Page sizes from Shopify's published cost rules (objects 1, scalars 0, a connection 2 + first × one
 * node), so that no document asks more than the 1,000 points Shopify allows a single query; the
 * contract test (tests/unit/shopify-admin-contract.test.ts) recomputes each from Shopify's schema and
 * checks it is the largest that fits. A product of PRODUCT_FIELDS costs 4: the Product, its
 * featuredMedia, the preview and the image.
 */
/** 2 + 249 × 4 = 998: the largest page of products within 1,000 points. */
export const STORE_PRODUCTS_PAGE_SIZE = 249;
/** Picked products read per query: a stepper pick is a handful; more are read in several queries. */
export const PICKED_PRODUCTS_PER_QUERY = 25;
/**
 * Variant ids read with each picked product: 25 × (4 + 2 + 34 × 1) = 1,000, the most that fits. A
 * product with more variants has the rest read in pages of 250 (1 + 2 + 250 × 1 = 253 points).
 */
export const PICKED_VARIANTS_FIRST = 34;
const MORE_VARIANTS_FIRST = 250;

const PRODUCTS_QUERY = `#graphql
  query StoreProducts($first: Int!, $cursor: String) {
    products(first: $first, after: $cursor, sortKey: TITLE) {
      nodes { ${PRODUCT_FIELDS} }
      pageInfo { hasNextPage endCursor }
    }
  }`;
const NODES_QUERY = `#graphql
  query PickedProducts($ids: [ID!]!, $variantsFirst: Int!) {
    nodes(ids: $ids) {
      ... on Product {
        ${PRODUCT_FIELDS}
        variants(first: $variantsFirst) { nodes { id } pageInfo { hasNextPage endCursor } }
      }
    }
  }`;
const MORE_VARIANTS_QUERY = `#graphql
  query PickedProductVariants($id: ID!, $after: String) {
    product(id: $id) {
      variants(first: ${MORE_VARIANTS_FIRST}, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } }
    }
  }`;

// A stepper is for picking a handful of products, not for browsing a catalogue of many thousands:
// ten pages (2,490 products) keep the page light and the Admin API's rate limit far away.
export const MAX_STORE_PRODUCT_PAGES = 10;

type VariantPage = {
  nodes: Array<{ id: string }>;
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
};
type ProductNode = {
  id: string;
  variants?: VariantPage;
  title: string;
  productType: string | null;
  handle: string;
  featuredMedia: { preview: { image: { url: string; altText: string | null } | null } | null } | null;
};

function toStoreProduct(node: ProductNode): StoreProduct {
  const image = node.featuredMedia?.preview?.image ?? null;
  return {
    id: node.id,
    variantIds: node.variants?.nodes.map((v) => v.id) ?? [],
    title: node.title,
    productType: node.productType ?? "",
    handle: node.handle,
    imageUrl: image?.url ?? null,
    imageAlt: image?.altText ?? null,
  };
}

/** Every product of the store (up to the page cap). Throws when Shopify cannot be reached. */
export async function fetchStoreProducts(shop: string): Promise<StoreProduct[]> {
  const found: StoreProduct[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_STORE_PRODUCT_PAGES; page++) {
    const answer: {
      products: { nodes: ProductNode[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
    } = await adminGraphql(shop, PRODUCTS_QUERY, { first: STORE_PRODUCTS_PAGE_SIZE, cursor });
    found.push(...answer.products.nodes.map(toStoreProduct));
    if (!answer.products.pageInfo.hasNextPage || !answer.products.pageInfo.endCursor) break;
    cursor = answer.products.pageInfo.endCursor;
  }
  return found;
}

/** The picked products as the store has them now (titles are not taken from the browser). */
async function fetchPickedProducts(shop: string, ids: string[]): Promise<StoreProduct[]> {
  const found: StoreProduct[] = [];
  for (let start = 0; start < ids.length; start += PICKED_PRODUCTS_PER_QUERY) {
    const batch = ids.slice(start, start + PICKED_PRODUCTS_PER_QUERY);
    const answer = await adminGraphql<{ nodes: Array<ProductNode | null> }>(shop, NODES_QUERY, {
      ids: batch,
      variantsFirst: PICKED_VARIANTS_FIRST,
    });
    // A deleted product comes back as null, anything that is not a product as {}: both are skipped.
    for (const node of answer.nodes.filter((n): n is ProductNode => Boolean(n?.id && n.title))) {
      const product = toStoreProduct(node);
      product.variantIds.push(...(await moreVariantIds(shop, node.id, node.variants?.pageInfo)));
      found.push(product);
    }
  }
  return found;
}

/** The variant ids of a product past its first page, page by page. */
async function moreVariantIds(shop: string, id: string, first: VariantPage["pageInfo"] | undefined) {
  const ids: string[] = [];
  let page = first;
  while (page?.hasNextPage && page.endCursor) {
    const answer = await adminGraphql<{ product: { variants: VariantPage } | null }>(
      shop,
      MORE_VARIANTS_QUERY,
      {
        id,
        after: page.endCursor,
      },
    );
    if (!answer.product) break;
    ids.push(...answer.product.variants.nodes.map((v) => v.id));
    page = answer.product.variants.pageInfo;
  }
  return ids;
}

/**
 * The starter journey of a picked product: one SMS a day after the customer is linked to the product,
 * with a tracked link to the product's page in the store. It is the smallest journey that shows every
 * part the merchant will edit (a wait, a message, a link whose clicks are counted), and it is created
 * paused: nothing goes to the store's customers before the merchant has read and switched it live.
 */
export const STARTER_TOUCHPOINT = {
  name: "Welcome",
  waitAmount: 1,
  waitUnit: "days" as const,
  channel: "sms" as const,
  message: (title: string) =>
    `Hi {{first_name}}, thanks for buying ${title}! Here is how to get the most from it: ${LINK_PLACEHOLDER}`,
};

/** The product's page in the store: https://{shop}/products/{handle} leads to the storefront's domain. */
export function productPageUrl(shop: string, handle: string): string {
  return `https://${shop}/products/${encodeURIComponent(handle)}`;
}

export type SubmitOutcome =
  | { ok: true; created: number; mapped: number }
  | { ok: false; reason: "not_member" | "not_admin" | "fetch_failed" };

/**
 * Submit (spec 1 section 4, product submit): for every picked store product, our product (an existing
 * one of the same name is reused), its mapping to the Shopify product and, for a new product, its
 * starter journey; then the stepper is hidden and the 'Shopify Products Picked' event recorded. All in
 * one transaction: a failure leaves nothing half-made and the stepper still open.
 */
export async function submitPickedProducts(
  viewer: Viewer,
  profile: StoreProfile,
  productIds: string[],
): Promise<SubmitOutcome> {
  const accountId = profile.accountId;
  const membership = accountId ? viewer.memberships.find((m) => m.accountId === accountId) : undefined;
  if (!accountId || !membership) return { ok: false, reason: "not_member" };
  if (!membership.isCompanyAdmin) return { ok: false, reason: "not_admin" };
  let picked: StoreProduct[];
  try {
    picked = await fetchPickedProducts(profile.shopDomain, [...new Set(productIds)]);
  } catch (error) {
    console.warn(`Reading the picked products of ${profile.shopDomain} failed`, error);
    return { ok: false, reason: "fetch_failed" };
  }
  return getDb().transaction(async (tx) => {
    let created = 0;
    for (const product of picked) {
      const made = await productFor(tx, accountId, product.title);
      if (made.created) {
        created++;
        await addStarterJourney(tx, accountId, made.id, product, profile.shopDomain);
      }
      await mapProduct(tx, accountId, made.id, product);
    }
    await tx
      .update(storeProfiles)
      .set({ showStepper: false, updatedAt: new Date() })
      .where(and(eq(storeProfiles.id, profile.id), eq(storeProfiles.accountId, accountId)));
    // No events table exists: the audit log keeps the spec's tracker event with who picked what.
    await recordAudit(tx, viewer, {
      action: "Shopify Products Picked",
      targetType: "account",
      targetId: accountId,
      after: { shop: profile.shopDomain, products: picked.map((p) => p.title) },
    });
    return { ok: true, created, mapped: picked.length };
  });
}

/**
 * The company's product of that name (names are unique whatever their case), or a new one made by the
 * products domain with the journey it owns.
 */
async function productFor(tx: Tx, accountId: string, title: string) {
  const name = title.trim().slice(0, 120);
  const existing = async () => {
    const [row] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.accountId, accountId), sql`lower(${products.name}) = lower(${name})`));
    return row;
  };
  const found = await existing();
  if (found) return { id: found.id, created: false };
  const made = await createProduct({ account: { id: accountId } }, name, tx);
  if (made.ok) return { id: made.product.id, created: true };
  // Someone created it meanwhile (the savepoint undid our attempt): use theirs.
  const winner = await existing();
  if (!winner) throw new Error(`Product ${name} could not be created`);
  return { id: winner.id, created: false };
}

/** Pauses the product's new journey and gives it the starter touchpoint with its tracked link. */
async function addStarterJourney(
  tx: Tx,
  accountId: string,
  productId: string,
  product: StoreProduct,
  shop: string,
) {
  const [journey] = await tx
    .update(journeys)
    .set({ state: "paused", stateChangedAt: new Date() })
    .where(and(eq(journeys.productId, productId), eq(journeys.accountId, accountId)))
    .returning({ id: journeys.id });
  const step = STARTER_TOUCHPOINT;
  const [touchpoint] = await tx
    .insert(touchpoints)
    .values({
      accountId,
      journeyId: journey.id,
      ordinal: 1,
      name: step.name,
      waitMinutes: waitToMinutes(step.waitAmount, step.waitUnit),
      waitUnit: step.waitUnit,
      channel: step.channel,
      message: step.message(product.title.trim()),
      linkTarget: productPageUrl(shop, product.handle),
    })
    .returning({ id: touchpoints.id, linkTarget: touchpoints.linkTarget });
  const { code } = await createTouchpointLink(accountId, touchpoint.id, touchpoint.linkTarget as string, tx);
  await tx.update(touchpoints).set({ linkCode: code }).where(eq(touchpoints.id, touchpoint.id));
}

/**
 * Adds the Shopify product, with every variant it has, to our product's mapping, through the one
 * mapping writer (the mapping row and its shopify_mapped_variants rows together, which orders read).
 * A variant already mapped to another product stays with it (a variant belongs to one product at a
 * time; onboarding does not take it away).
 */
async function mapProduct(tx: Tx, accountId: string, productId: string, product: StoreProduct) {
  const picks = product.variantIds.map((variantId) => ({ variantId, shopifyProductId: product.id }));
  await writeMapping(tx, accountId, productId, picks, { mode: "add", taken: "skip" });
}
