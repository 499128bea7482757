import { logWithErrorId } from "~/domain/kernel/error-id.server";
import type { AccountScope } from "~/domain/kernel/scope";
import { ShopifyNotConfiguredError } from "~/domain/shopify/admin-api.server";
import { StoreNotConnectedError, storeConnection } from "./shopify-store.server";
import { applySubscriptionObservation, observationOf } from "./shopify-subscriptions.server";

export type ChargeReturn = "active" | "not_active" | "unavailable";

const CHARGE_ID = /^[0-9]{1,20}$/;

/**
 * The merchant back from Shopify's confirmation page (returnUrl?charge_id={id}). The id is only a
 * claim: the store's active subscriptions are read back from Shopify, and when that one is among
 * them it is applied at once, so the Billing tab shows the plan without waiting for the webhook.
 * A declined charge is not active: nothing changes (its webhook records it).
 */
export async function confirmStoreCharge(scope: AccountScope, chargeId: string): Promise<ChargeReturn> {
  if (!CHARGE_ID.test(chargeId)) return "not_active";
  try {
    const { api, session, profile } = await storeConnection(scope);
    const { activeSubscriptions } = await api.billing.subscriptions({ session });
    const subscription = activeSubscriptions.find(
      (s) => s.id === `gid://shopify/AppSubscription/${chargeId}`,
    );
    if (!subscription) return "not_active";
    await applySubscriptionObservation(profile.shopDomain, observationOf(subscription));
    return "active";
  } catch (error) {
    if (error instanceof StoreNotConnectedError || error instanceof ShopifyNotConfiguredError)
      return "unavailable";
    logWithErrorId(`Reading the Shopify charge ${chargeId} of ${scope.account.id} failed`, error, "warn");
    return "unavailable";
  }
}
