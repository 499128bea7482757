import { asc, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { plans } from "#db/schema";
import type { Queryable } from "~/domain/kernel/scope";
import { type BillingPlan, toBillingPlan } from "./plans";

/** Every listed plan of the catalogue (the plans table, brought in line with db/seed-plans.ts at start). */
export async function listBillingPlans(db: Queryable = getDb()): Promise<BillingPlan[]> {
  const rows = await db
    .select({
      id: plans.id,
      name: plans.name,
      limits: plans.limits,
      priceValues: plans.priceValues,
      monthlyPriceCents: plans.monthlyPriceCents,
      storePlatformOnly: plans.storePlatformOnly,
    })
    .from(plans)
    .where(eq(plans.listed, true))
    .orderBy(asc(plans.monthlyPriceCents), asc(plans.order), asc(plans.id));
  return rows.map(toBillingPlan);
}

/**
 * The price the spec's "current plan" rule compares against (spec 2 section 6): the plan a company
 * pays for, so only while it has a Stripe subscription or a store charge. A plan an admin set for a
 * late start is not paid for yet: its members must be able to select it at checkout.
 */
export function currentPaidPriceCents(
  account: { planId: string | null; stripeSubscriptionId: string | null; shopifyPlanId: string | null },
  catalogue: BillingPlan[],
): number {
  if (!account.planId || (!account.stripeSubscriptionId && !account.shopifyPlanId)) return 0;
  return catalogue.find((p) => p.id === account.planId)?.monthlyPriceCents ?? 0;
}
