import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { storeProfiles } from "#db/schema";
import type { AccountScope, Queryable } from "~/domain/kernel/scope";

export type StoreProfile = typeof storeProfiles.$inferSelect;

/**
 * A shop's permanent domain as we store it: lowercase, `{name}.myshopify.com`. Anything else (an
 * admin URL, a custom domain, a path) is not a shop we accept from a request.
 */
const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

export function normaliseShopDomain(raw: string | null | undefined): string | null {
  const shop = raw?.trim().toLowerCase() ?? "";
  return SHOP_DOMAIN.test(shop) ? shop : null;
}

/** The store profile of a shop, linked to a company or not, enabled or not. */
export async function findStoreProfileByShop(shop: string, db: Queryable = getDb()) {
  const [profile] = await db.select().from(storeProfiles).where(eq(storeProfiles.shopDomain, shop));
  return profile ?? null;
}

/** The store linked to the caller's company (one at most), enabled or not. */
export async function findStoreProfileForAccount(scope: AccountScope, db: Queryable = getDb()) {
  const [profile] = await db
    .select()
    .from(storeProfiles)
    .where(eq(storeProfiles.accountId, scope.account.id));
  return profile ?? null;
}

/** The caller's store only when the app is installed (enabled): what integrations and billing use. */
export async function findEnabledStoreProfileForAccount(scope: AccountScope, db: Queryable = getDb()) {
  const [profile] = await db
    .select()
    .from(storeProfiles)
    .where(and(eq(storeProfiles.accountId, scope.account.id), eq(storeProfiles.enabled, true)));
  return profile ?? null;
}

export type InstalledStore = {
  shop: string;
  storeName: string;
  shopifyStoreId?: string | null;
  shopEmail?: string | null;
  scopes?: string | null;
};

/**
 * After a successful OAuth (or token exchange): the store's profile, created on first install and
 * enabled again on a reinstall. A reinstall keeps the company link, consent texts and flags.
 */
export async function recordInstalledStore(store: InstalledStore, db: Queryable = getDb()) {
  const now = new Date();
  const [profile] = await db
    .insert(storeProfiles)
    .values({
      shopDomain: store.shop,
      storeName: store.storeName,
      shopifyStoreId: store.shopifyStoreId ?? null,
      shopEmail: store.shopEmail ?? null,
      scopes: store.scopes ?? null,
      installedAt: now,
    })
    .onConflictDoUpdate({
      target: storeProfiles.shopDomain,
      set: {
        storeName: store.storeName,
        shopifyStoreId: store.shopifyStoreId ?? null,
        shopEmail: store.shopEmail ?? null,
        scopes: store.scopes ?? null,
        enabled: true,
        uninstalledAt: null,
        installedAt: now,
        updatedAt: now,
      },
    })
    .returning();
  if (!profile) throw new Error(`Store profile for ${store.shop} was not written`);
  return profile;
}
