import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { storeProfiles } from "#db/schema";
import { storePriceForPlan } from "~/services/shopify/billing-config";
import type { BillingPlan } from "./plans";
import { storeConnection } from "./shopify-store.server";
import type { StoreDetails } from "./shopify-subscription-rules";
import { cancelShopifySubscription, observationOf } from "./shopify-subscriptions.server";
import { registerStoreBilling, type StoreBilling } from "./store-billing";

/**
 * Select Plan for a store account (spec 2 §4, "a redirect to the store platform's confirmation"): an
 * app subscription through the library's billing API with the store price list (billing-config.ts),
 * charged to the store's offline session. The account does not change here: it changes when Shopify
 * says the merchant approved (the return from the confirmation page, or app_subscriptions/update).
 */
export const shopifyStoreBilling: StoreBilling = {
  async requestPlan({ accountId, plan, returnUrl }) {
    return requestStorePlan({ accountId, plan, returnUrl });
  },
  async cancelPlan({ accountId }) {
    await cancelShopifySubscription({ account: { id: accountId } });
  },
};

export class UnknownStorePlanError extends Error {
  constructor(planId: string) {
    super(`Plan ${planId} is not in the store price list`);
    this.name = "UnknownStorePlanError";
  }
}

async function requestStorePlan(input: { accountId: string; plan: BillingPlan; returnUrl: string }) {
  const price = storePriceForPlan(input.plan.id);
  if (!price) throw new UnknownStorePlanError(input.plan.id);
  const { api, profile, session, isTest } = await storeConnection({ account: { id: input.accountId } });
  const answer = await api.billing.request({
    session,
    plan: price.name,
    isTest,
    returnUrl: input.returnUrl,
    returnObject: true,
  });
  const subscription = answer.appSubscription;
  // plan_details keeps the charge awaiting approval (the spec's recurring charge with its price and
  // confirmation link) beside the current one, so the return and the webhook know what was asked.
  const pending = {
    ...(subscription ? { subscriptionId: subscription.id, status: subscription.status } : {}),
    planId: price.planId,
    name: price.name,
    priceCents: price.priceCents,
    cappedAmountCents: price.cappedAmountCents,
    ...(subscription ? withoutNulls(observationOf(subscription)) : {}),
    confirmationUrl: answer.confirmationUrl,
    test: isTest,
    requestedAt: new Date().toISOString(),
  };
  await getDb().transaction(async (tx) => {
    // Under the store's lock: a webhook applied meanwhile keeps what it wrote.
    const [row] = await tx
      .select({ planDetails: storeProfiles.planDetails })
      .from(storeProfiles)
      .where(eq(storeProfiles.id, profile.id))
      .for("update");
    const details = (row?.planDetails as StoreDetails | null) ?? {};
    await tx
      .update(storeProfiles)
      .set({ planDetails: { ...details, pending }, updatedAt: new Date() })
      .where(eq(storeProfiles.id, profile.id));
  });
  return { confirmationUrl: answer.confirmationUrl };
}

function withoutNulls(seen: ReturnType<typeof observationOf>) {
  return {
    ...(seen.usageLineItemId ? { usageLineItemId: seen.usageLineItemId } : {}),
    ...(seen.currentPeriodEnd ? { currentPeriodEnd: seen.currentPeriodEnd } : {}),
  };
}

/**
 * Plugs the Shopify branch into Select Plan (store-billing.ts). Called where Select Plan lives
 * (checkout.server.ts, at module load): server.ts runs under tsx while routes run from the built
 * bundle, each with its own copy of store-billing.ts, so a registration in server.ts would land in
 * a copy the routes never read.
 */
export function registerShopifyStoreBilling() {
  registerStoreBilling(shopifyStoreBilling);
}
