import { Session } from "@shopify/shopify-api";
import { shopifySessionStorage } from "../../app/services/shopify/session-storage.server";
import { getDb } from "../../db/client.server";
import { shopifySessions } from "../../db/schema";

/**
 * The offline session an install leaves (the store's Admin API token), written through the app's
 * session storage as the OAuth callback does, so the token is sealed at rest as in production.
 */
export async function storeOfflineSession(
  shop: string,
  accessToken: string,
  scope?: string | null,
  refreshToken?: string,
) {
  const id = `offline_${shop}`;
  await shopifySessionStorage.storeSession(
    new Session({
      id,
      shop,
      state: "",
      isOnline: false,
      scope: scope ?? undefined,
      accessToken,
      refreshToken,
    }),
  );
  return id;
}

/** An offline session as versions before issue 32 wrote it: the tokens in clear. */
export async function insertPlaintextSession(
  id: string,
  shop: string,
  tokens: { accessToken: string; refreshToken?: string },
) {
  await getDb()
    .insert(shopifySessions)
    .values({ id, shop, state: "", isOnline: false, scope: "read_orders", ...tokens });
}
