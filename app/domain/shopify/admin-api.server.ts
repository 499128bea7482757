import { shopifyAppOrNull } from "~/services/shopify/shopify.server";

export class ShopifyNotConfiguredError extends Error {
  constructor() {
    super("The Shopify integration is not configured on this server (SHOPIFY_API_KEY, SHOPIFY_API_SECRET).");
    this.name = "ShopifyNotConfiguredError";
  }
}

/**
 * The Admin API client of a store, from its offline session, for work outside a request from the
 * admin (onboarding, integrations, billing, webhooks). Throws when Shopify is not configured; the
 * library throws when the shop has no offline session (the app is not installed).
 */
export async function adminApiForShop(shop: string) {
  const app = shopifyAppOrNull();
  if (!app) throw new ShopifyNotConfiguredError();
  const { admin, session } = await app.unauthenticated.admin(shop);
  return { admin, session };
}

/** Runs one Admin GraphQL query and returns its data; GraphQL errors become an Error with their messages. */
export async function adminGraphql<T>(
  shop: string,
  query: string,
  variables?: Record<string, unknown>,
): Promise<T> {
  const { admin } = await adminApiForShop(shop);
  const response = await admin.graphql(query, variables ? { variables } : undefined);
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
  if (!body.data) throw new Error("Shopify answered without data");
  return body.data;
}
