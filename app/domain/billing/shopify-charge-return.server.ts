import { logWithErrorId } from "~/domain/kernel/error-id.server";
import type { AccountScope } from "~/domain/kernel/scope";
import { ShopifyNotConfiguredError } from "~/domain/shopify/admin-api.server";
import { StoreNotConnectedError, storeConnection } from "./shopify-store.server";
import { ENDED_SUBSCRIPTION_STATUSES } from "./shopify-subscription-rules";
import {
  applySubscriptionObservation,
  observationOf,
  readStoreSubscription,
} from "./shopify-subscriptions.server";

export type ChargeReturn = "active" | "not_active" | "unavailable";

const CHARGE_ID = /^[0-9]{1,20}$/;

/**
 * The merchant back from Shopify's confirmation page (returnUrl?charge_id={id}). The id is only a
 * claim: the store's active subscriptions are read back from Shopify, and when that one is among
 * them it is applied at once, so the Billing tab shows the plan without waiting for the webhook.
 * Otherwise the subscription itself is read: declined (or expired), the change no longer waits for
 * approval on the tab; the company is not changed.
 */
export async function confirmStoreCharge(scope: AccountScope, chargeId: string): Promise<ChargeReturn> {
  if (!CHARGE_ID.test(chargeId)) return "not_active";
  try {
    const connection = await storeConnection(scope);
    const { api, session, profile } = connection;
    const id = `gid://shopify/AppSubscription/${chargeId}`;
    const { activeSubscriptions } = await api.billing.subscriptions({ session });
    const subscription = activeSubscriptions.find((s) => s.id === id);
    if (!subscription) {
      const node = await readStoreSubscription(connection, id);
      if (node && ENDED_SUBSCRIPTION_STATUSES.has(node.status))
        await applySubscriptionObservation(profile.shopDomain, { ...node, subscriptionId: id, at: null });
      return "not_active";
    }
    await applySubscriptionObservation(profile.shopDomain, observationOf(subscription));
    return "active";
  } catch (error) {
    if (error instanceof StoreNotConnectedError || error instanceof ShopifyNotConfiguredError)
      return "unavailable";
    logWithErrorId(`Reading the Shopify charge ${chargeId} of ${scope.account.id} failed`, error, "warn");
    return "unavailable";
  }
}
