import { Session } from "@shopify/shopify-api";
import { shopifySessionStorage } from "../../app/services/shopify/session-storage.server";

/**
 * The offline session an install leaves (the store's Admin API token), written through the app's
 * session storage as the OAuth callback does, so the token is sealed at rest as in production.
 */
export async function storeOfflineSession(shop: string, accessToken: string, scope?: string | null) {
  const id = `offline_${shop}`;
  await shopifySessionStorage.storeSession(
    new Session({ id, shop, state: "", isOnline: false, scope: scope ?? undefined, accessToken }),
  );
  return id;
}
