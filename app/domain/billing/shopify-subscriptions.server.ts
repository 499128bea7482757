/**
 * Shopify app subscriptions of store accounts (spec 2 §4). The billing work implements these; the
 * webhooks (app_subscriptions/update) and the Integrations page's disconnect call them.
 */

/** Applies an app_subscriptions/update webhook payload to the shop's company; returns the outcome in words. */
export async function applyShopifySubscriptionUpdate(
  _shop: string,
  _payload: Record<string, unknown>,
): Promise<string> {
  return "ignored: Shopify billing is not built yet";
}

/** Cancels the company's Shopify app subscription, if it has one (disconnect, plan cancel). */
export async function cancelShopifySubscription(_scope: { account: { id: string } }): Promise<void> {}
