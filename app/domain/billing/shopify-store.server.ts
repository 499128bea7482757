import type { Session, Shopify } from "@shopify/shopify-api";
import { config } from "~/config.server";
import type { AccountScope } from "~/domain/kernel/scope";
import { ShopifyNotConfiguredError } from "~/domain/shopify/admin-api.server";
import { findEnabledStoreProfileForAccount, type StoreProfile } from "~/domain/shopify/store-profiles.server";
import { shopifyApiOrNull, shopifySessionStorage } from "~/services/shopify/shopify.server";

/** The company has no installed store (never linked, disconnected or uninstalled): nothing to bill through. */
export class StoreNotConnectedError extends Error {
  constructor(detail: string) {
    super(`Billing through the store is not connected: ${detail}`);
    this.name = "StoreNotConnectedError";
  }
}

export type StoreConnection = {
  api: Shopify;
  profile: StoreProfile;
  /** The store's offline session: the library's billing calls run as the app, not as a staff member. */
  session: Session;
  /** Test charges: SHOPIFY_BILLING_TEST, by default only on the local trial (config.server.ts). */
  isTest: boolean;
};

export const isTestBilling = () => config().shopifyBillingTest;

/** The company's installed store with its offline session, or StoreNotConnected / ShopifyNotConfigured. */
export async function storeConnection(scope: AccountScope): Promise<StoreConnection> {
  const profile = await findEnabledStoreProfileForAccount(scope);
  if (!profile) throw new StoreNotConnectedError("the company has no installed store");
  return connectionForProfile(profile);
}

export async function connectionForProfile(profile: StoreProfile): Promise<StoreConnection> {
  const api = shopifyApiOrNull();
  if (!api) throw new ShopifyNotConfiguredError();
  const session = await shopifySessionStorage.loadSession(api.session.getOfflineId(profile.shopDomain));
  if (!session?.accessToken) throw new StoreNotConnectedError(`${profile.shopDomain} has no offline session`);
  return { api, profile, session, isTest: isTestBilling() };
}

/**
 * A screen of ours inside the shop's Shopify admin (admin.shopify.com/store/{handle}/apps/{api key}
 * plus the path): Shopify opens application_url (the site root) with that path, the screen itself
 * (through /app/{path} first when the staff member is not set up yet). A charge requested from inside the admin comes back there, not to the standalone app,
 * where the merchant may have no session.
 */
export function embeddedAppUrl(shop: string, path: string): string {
  const handle = shop.replace(/\.myshopify\.com$/, "");
  const apiKey = config().SHOPIFY_API_KEY ?? "";
  return `https://admin.shopify.com/store/${handle}/apps/${apiKey}${path}`;
}
