import type { BillingPlan } from "./plans";

/**
 * Billing through the store platform, for companies linked to a Shopify store (source 'shopify'):
 * the plan is charged by Shopify (a recurring application charge the merchant confirms in the Shopify
 * admin), not by card through Stripe. The Shopify app issue implements this interface and registers
 * it with `registerStoreBilling`; until then a store account's Select Plan answers that billing
 * through the store is not connected yet (spec 2 section 4: "a redirect to the store platform's
 * confirmation").
 */
export type StoreBilling = {
  /** Starts the charge for a plan; the merchant confirms it at the returned Shopify URL. */
  requestPlan(input: { accountId: string; plan: BillingPlan; returnUrl: string }): Promise<{
    confirmationUrl: string;
  }>;
  /** Cancels the store charge ('Plan cancelled successfully!'). */
  cancelPlan(input: { accountId: string }): Promise<void>;
};

let registered: StoreBilling | null = null;

export function registerStoreBilling(billing: StoreBilling | null) {
  registered = billing;
}

/** The store platform's billing, or null while no store integration is connected. */
export function storeBilling(): StoreBilling | null {
  return registered;
}
