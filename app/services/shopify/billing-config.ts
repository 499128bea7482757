import {
  type BillingConfigSubscriptionLineItemPlan,
  BillingInterval,
  BillingReplacementBehavior,
} from "@shopify/shopify-api";
import { planCatalogue } from "#db/seed-plans";

/**
 * The store price list (spec 2 §4 and §9, spec 3 §9): what a store account pays through Shopify, from
 * $25. Every priced plan of the catalogue (db/seed-plans.ts; the free plan is never requested) becomes
 * one app subscription plan: the tier's monthly price every 30 days, plus a usage line item for the
 * overage messages (one usage record per message at the tier's overage price), capped so that a store
 * can send up to twice its plan's messages in a billing cycle before Shopify stops the charges.
 *
 * Plans are keyed by their display name, '{name}-{touchpoints}-${price}' (e.g. 'Lite-250-$25'): the
 * library sends the key as the subscription's name, so the merchant sees on Shopify's confirmation
 * page the same name as on our Billing tab, and app_subscriptions/update names the plan back to us.
 */

export type StorePrice = {
  planId: string;
  /** The library's plan key and the app subscription's name. */
  name: string;
  priceCents: number;
  /** One overage message, in cents (0.60 USD is 60). */
  overageCents: number;
  /** The usage line item's cap for one 30-day cycle. */
  cappedAmountCents: number;
  touchpoints: number;
  terms: string;
};

const CURRENCY = "USD";
/** The usage cap covers this many times the plan's included messages of overage in one cycle. */
const CAP_MESSAGES_PER_INCLUDED = 1;

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** 'Lite-250-$25': the spec's plan display format (app/domain/admin planLabel). */
export function storePlanName(plan: { name: string; touchpoints: number; monthlyPriceCents: number }) {
  return `${plan.name}-${plan.touchpoints}-$${(plan.monthlyPriceCents / 100).toLocaleString("en-US")}`;
}

/** The store price list, cheapest first. */
export function storePriceList(): StorePrice[] {
  return planCatalogue
    .filter((plan) => plan.monthlyPriceCents > 0)
    .map((plan) => {
      const touchpoints = plan.limits.touchpoints;
      // Per-message costs are kept in thousandths of a cent; every overage price is whole cents.
      const overageCents = Math.round((plan.limits.overageCostMillicents ?? 0) / 1000);
      const cappedAmountCents = overageCents * touchpoints * CAP_MESSAGES_PER_INCLUDED;
      return {
        planId: plan.id,
        name: storePlanName({ name: plan.name, touchpoints, monthlyPriceCents: plan.monthlyPriceCents }),
        priceCents: plan.monthlyPriceCents,
        overageCents,
        cappedAmountCents,
        touchpoints,
        terms: `${dollars(overageCents)} per message beyond ${touchpoints.toLocaleString("en-US")} messages a month, at most ${dollars(cappedAmountCents)} every 30 days`,
      };
    })
    .sort((a, b) => a.priceCents - b.priceCents || a.touchpoints - b.touchpoints);
}

export const storePriceForPlan = (planId: string) =>
  storePriceList().find((p) => p.planId === planId) ?? null;

export const storePriceNamed = (name: string) => storePriceList().find((p) => p.name === name) ?? null;

/** The list as the library's billing settings (shopifyApp and shopifyApi `billing`). */
export function shopifyBillingConfig(): Record<string, BillingConfigSubscriptionLineItemPlan> {
  return Object.fromEntries(
    storePriceList().map((price) => [
      price.name,
      {
        // A new plan replaces the current one at once (prorated by Shopify), up or down: the account
        // changes plan when the merchant approves, as a Stripe plan change does.
        replacementBehavior: BillingReplacementBehavior.ApplyImmediately,
        lineItems: [
          { interval: BillingInterval.Every30Days, amount: price.priceCents / 100, currencyCode: CURRENCY },
          {
            interval: BillingInterval.Usage,
            amount: price.cappedAmountCents / 100,
            currencyCode: CURRENCY,
            terms: price.terms,
          },
        ],
      },
    ]),
  );
}

export const STORE_BILLING_CURRENCY = CURRENCY;
