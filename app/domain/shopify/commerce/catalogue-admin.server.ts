import { config } from "~/config.server";
import { toMinorUnits } from "~/domain/kernel/money";
import { adminGraphql } from "../admin-api.server";
import type { CatalogueProduct, CatalogueVariant } from "./catalogue-rows";

/** The Admin API calls and shapes the catalogue sync shares between its paged and bulk reads. */

export type CatalogueSnapshot = { currency: string; products: CatalogueProduct[] };
export type FetchProgress = (progress: {
  method: "pages" | "bulk";
  productsTotal: number | null;
  productsDone: number;
  variantsDone: number;
  bulkOperationId?: string | null;
}) => Promise<void>;
export type FetchOptions = {
  onProgress?: FetchProgress;
  signal?: AbortSignal;
  /** How long to wait between looks at a bulk operation (tests: 0). */
  bulkPollMs?: number;
  /** A bulk operation a previous attempt started: polled instead of starting another. */
  bulkOperationId?: string | null;
  /** How long a bulk operation may run before the sync gives up. */
  bulkTimeoutMs?: number;
};

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** One Admin GraphQL call of the catalogue sync: the store's rate limit is kept by adminGraphql. */
export async function shopGraphql<T>(
  shop: string,
  query: string,
  variables: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<T> {
  return adminGraphql<T>(shop, query, variables, { signal, tries: 3 });
}

export type ProductNode = {
  id: string;
  title: string;
  productType: string | null;
  handle: string | null;
  status: string | null;
  updatedAt: string | null;
  featuredMedia: { preview: { image: { url: string } | null } | null } | null;
};
export type VariantNode = {
  id: string;
  title: string;
  sku: string | null;
  price: string | null;
  position: number | null;
};

export const PRODUCT_FIELDS = `id title productType handle status updatedAt featuredMedia { preview { image { url } } }`;
export const VARIANT_FIELDS = `id title sku price position`;

export function productOf(node: ProductNode): CatalogueProduct {
  return {
    id: node.id,
    title: node.title,
    productType: node.productType ?? "",
    handle: node.handle,
    status: node.status,
    imageUrl: node.featuredMedia?.preview?.image?.url ?? null,
    updatedAt: node.updatedAt ? new Date(node.updatedAt) : null,
    variants: [],
  };
}

export function variantOf(node: VariantNode, productId: string, currency: string): CatalogueVariant {
  return {
    id: node.id,
    productId,
    title: node.title,
    sku: node.sku || null,
    priceMinor: toMinorUnits(node.price, currency),
    position: node.position ?? 0,
  };
}

/**
 * Where a bulk operation's file may be read from: Shopify's storage (https). In tests the stand-in
 * serves it under SHOPIFY_API_URL.
 */
export function trustedDownloadUrl(url: string): boolean {
  const standIn = config().SHOPIFY_API_URL;
  if (standIn && url.startsWith(`${standIn.replace(/\/$/, "")}/`)) return true;
  try {
    return new URL(url).protocol === "https:";
  } catch {
    return false;
  }
}
