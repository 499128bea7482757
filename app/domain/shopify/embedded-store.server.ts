import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "#db/client.server";
import { accounts, DEFAULT_DASHBOARD_ID, storeProfiles } from "#db/schema";
import type { EmbeddedAuth } from "./embedded-auth.server";
import { findStoreProfileByShop, recordInstalledStore, type StoreProfile } from "./store-profiles.server";

const SHOP_QUERY = `#graphql
  query EmbeddedShop {
    shop { id name email }
  }`;

type ShopDetails = { id: string; name: string; email: string | null };

/**
 * The shop's store profile, recorded (or enabled again) when the app is opened from a fresh install:
 * Shopify's managed install goes straight to /app, without our OAuth hand-off, so this is where such
 * a store is first seen. An enabled profile is left as it is.
 */
export async function ensureStoreProfile(auth: Pick<EmbeddedAuth, "shop" | "admin">): Promise<StoreProfile> {
  const profile = await findStoreProfileByShop(auth.shop);
  if (profile?.enabled) return profile;
  const details = await shopDetails(auth);
  return recordInstalledStore({
    shop: auth.shop,
    storeName: details?.name || profile?.storeName || auth.shop.replace(/\.myshopify\.com$/, ""),
    shopifyStoreId: details?.id.split("/").pop() ?? profile?.shopifyStoreId ?? null,
    shopEmail: details?.email ?? profile?.shopEmail ?? null,
  });
}

async function shopDetails(auth: Pick<EmbeddedAuth, "shop" | "admin">): Promise<ShopDetails | null> {
  try {
    const response = await auth.admin.graphql(SHOP_QUERY);
    const body = (await response.json()) as { data?: { shop?: ShopDetails } };
    return body.data?.shop ?? null;
  } catch (error) {
    // The store's name only names the profile and the company made for it: the shop's handle will do.
    console.warn(`Shopify: could not read the details of ${auth.shop}:`, error);
    return null;
  }
}

/**
 * A company name the spec's rules accept (spec 1 section 5: a letter or digit first, then letters,
 * digits, &, spaces and periods; no apostrophe), made from the store's name, or its handle.
 */
export function companyNameForStore(storeName: string, shop: string): string {
  const clean = (text: string) =>
    text
      .replace(/['’]/g, "")
      .replace(/[^A-Za-z0-9& .]+/g, " ")
      .replace(/\s+/g, " ")
      .replace(/^[^A-Za-z0-9]+/, "")
      .trim();
  return clean(storeName) || clean(shop.replace(/\.myshopify\.com$/, "")) || "Shopify store";
}

/**
 * An unlinked store opened in the admin gets its own company, as 'Create Organization' in store
 * onboarding makes one (spec 1 section 4: linked to the store, source shopify, manualBilling false),
 * named after the store, with the store's domain as its URL. Runs in the caller's transaction, which
 * holds the profile's row lock; returns the account the store is now linked to.
 */
export async function createStoreCompany(
  tx: Tx,
  input: { profile: StoreProfile; ownerUserId: string | null },
): Promise<string> {
  const company = companyNameForStore(input.profile.storeName, input.profile.shopDomain);
  const [account] = await tx
    .insert(accounts)
    .values({
      company,
      companyLowercased: company.toLowerCase(),
      url: input.profile.shopDomain,
      accountStatus: "CREATED",
      dashboardId: DEFAULT_DASHBOARD_ID,
      source: "shopify",
      manualBilling: false,
      createdForStoreProfileId: input.profile.id,
      ownerUserId: input.ownerUserId,
    })
    .returning({ id: accounts.id });
  await tx
    .update(storeProfiles)
    .set({ accountId: account.id, updatedAt: new Date() })
    .where(and(eq(storeProfiles.id, input.profile.id), isNull(storeProfiles.accountId)));
  return account.id;
}
