import { asc, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { plans } from "#db/schema";
import type { Queryable } from "~/domain/kernel/scope";
import { type BillingPlan, toBillingPlan } from "./plans";

/**
 * The listed plans, cheapest first: the same for every company (plans are not tenant data), read by
 * the Billing tab and the public billing pages. The catalogue itself is code (db/seed-plans.ts).
 */
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
