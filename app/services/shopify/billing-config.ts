import type { shopifyApp } from "@shopify/shopify-app-react-router/server";

type BillingConfigWithLineItems = NonNullable<Parameters<typeof shopifyApp>[0]["billing"]>;

/**
 * The store plans the library's billing API may request (spec 2 §4: the store price list from $25,
 * each with a capped usage line for overage). Keyed by plan name. The Shopify billing work fills it
 * from the plan catalogue; until then no store plan can be requested.
 */
export function shopifyBillingConfig(): BillingConfigWithLineItems {
  return {};
}
