import type { BillingPlan } from "./plans";

/**
 * The price the spec's "current plan" rule compares against (spec 2 section 6): the company's plan,
 * except a plan an admin set for a late start that no subscription pays yet: its members must be
 * able to select that plan to add their card at checkout.
 */
export function currentPlanPriceCents(
  account: {
    planId: string | null;
    accountStatus: string;
    stripeSubscriptionId: string | null;
    shopifyPlanId: string | null;
  },
  catalogue: BillingPlan[],
): number {
  if (!account.planId) return 0;
  const lateStart = account.accountStatus === "LATE_START" || account.accountStatus === "LATE_START_END";
  if (lateStart && !account.stripeSubscriptionId && !account.shopifyPlanId) return 0;
  return catalogue.find((p) => p.id === account.planId)?.monthlyPriceCents ?? 0;
}
