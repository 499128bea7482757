/**
 * The store catalogue as our tables keep it (shopify_catalogue_products and _variants), filled by
 * Sync Now and by the products webhooks alike.
 */

export type CatalogueVariant = {
  id: string;
  productId: string;
  title: string;
  sku: string | null;
  priceMinor: number | null;
  position: number;
};

export type CatalogueProduct = {
  id: string;
  title: string;
  productType: string;
  handle: string | null;
  status: string | null;
  imageUrl: string | null;
  updatedAt: Date | null;
  variants: CatalogueVariant[];
};

/** A product without a type is grouped under 'other' (spec 2 section 9). */
export const OTHER_TYPE = "other";

/** The group a product is listed under in the mapping modal: its type, case-insensitively, or 'other'. */
export function productTypeKey(productType: string | null | undefined): string {
  return (productType?.trim() || OTHER_TYPE).toLowerCase();
}

/** A product's Shopify gid from a webhook payload (admin_graphql_api_id, else its numeric id). */
export function productGid(payload: { admin_graphql_api_id?: unknown; id?: unknown }): string | null {
  if (typeof payload.admin_graphql_api_id === "string" && payload.admin_graphql_api_id)
    return payload.admin_graphql_api_id;
  if (typeof payload.id === "number" || (typeof payload.id === "string" && /^\d+$/.test(payload.id)))
    return `gid://shopify/Product/${payload.id}`;
  return null;
}
