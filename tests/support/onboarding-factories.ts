import { Session } from "@shopify/shopify-api";
import { eq } from "drizzle-orm";
import { recordInstalledStore } from "../../app/domain/shopify/store-profiles.server";
import { shopifySessionStorage } from "../../app/services/shopify/shopify.server";
import { getDb } from "../../db/client.server";
import { storeProfiles } from "../../db/schema";
import { SHOPIFY_TEST_API_KEY, SHOPIFY_TEST_API_SECRET, SHOPIFY_TEST_SHOP } from "./shopify-test-env";
import type { ShopifyStandIn } from "./stand-ins/shopify";
import { oauthQueryHmac } from "./stand-ins/shopify-signing";

/**
 * Store onboarding rows for database tests: a store that installed the app (its offline session holds a
 * token the Shopify stand-in accepts, as after a real OAuth), optionally linked to a company.
 */
export async function installedStore(
  stand: ShopifyStandIn,
  options: {
    shop?: string;
    storeName?: string;
    accountId?: string;
    flags?: Partial<
      Pick<typeof storeProfiles.$inferInsert, "showStepper" | "isProfileLock" | "showWelcomePopUp">
    >;
  } = {},
) {
  const shop = options.shop ?? SHOPIFY_TEST_SHOP;
  const scope = "read_orders,read_customers,write_customers,read_products,read_checkouts";
  const token = stand.store.issueToken({ shop, clientId: SHOPIFY_TEST_API_KEY, scope, online: false });
  await shopifySessionStorage.storeSession(
    new Session({
      id: `offline_${shop}`,
      shop,
      state: "test",
      isOnline: false,
      accessToken: token.token,
      scope,
    }),
  );
  const profile = await recordInstalledStore({ shop, storeName: options.storeName ?? "Demo Shop" });
  if (!options.accountId && !options.flags) return profile;
  const [updated] = await getDb()
    .update(storeProfiles)
    .set({ accountId: options.accountId ?? null, ...options.flags })
    .where(eq(storeProfiles.id, profile.id))
    .returning();
  return updated;
}

export async function storeProfileRow(id: string) {
  const [row] = await getDb().select().from(storeProfiles).where(eq(storeProfiles.id, id));
  return row;
}

/** The query Shopify opens /shopify-install with, signed with `secret` (the app's by default). */
export function signedInstallQuery(
  fields: Record<string, string> = {},
  secret = SHOPIFY_TEST_API_SECRET,
): URLSearchParams {
  const query: Record<string, string> = {
    shop: SHOPIFY_TEST_SHOP,
    timestamp: String(Math.floor(Date.now() / 1000)),
    ...fields,
  };
  return new URLSearchParams({ ...query, hmac: oauthQueryHmac(secret, query) });
}
