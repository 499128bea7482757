import type { AccountStatus, StorePlanDetails } from "#db/schema";

/**
 * What a Shopify app subscription's state means for a store account (spec 2 §4), decided without the
 * database. The subscription is seen three ways: an app_subscriptions/update webhook (with Shopify's
 * updated_at), the merchant coming back from Shopify's confirmation, and the answer to our cancel
 * (both read from the API, without a time). shopify-subscriptions.server.ts locks the store and its
 * company and writes what these rules return.
 *
 * Statuses (decided here, the same words as the Stripe side of issue 12):
 * - ACTIVE: the company is ACTIVE on the subscription's plan; accounts.shopifyPlanId is its id.
 * - FROZEN (the store's own Shopify bill is unpaid; Shopify thaws it when paid): PENDING_PAYMENT,
 *   "an issue with your recent payment", which ACTIVE undoes.
 * - CANCELLED, and EXPIRED or DECLINED of the current subscription: CANCELLED; shopifyPlanId is
 *   cleared so that Select Plan starts a new subscription. SUSPENDED stays an admin's decision.
 * - DECLINED or EXPIRED of a subscription still waiting for approval (the merchant said no, or let it
 *   lapse), PENDING and ACCEPTED: the company is not changed; plan_details remembers it.
 * Never backwards: a webhook older than the last one applied changes nothing, and a subscription
 * that ended never becomes active again (Shopify never revives one), whatever arrives late.
 * Never free: while test billing is off (a deployed server), a test subscription, which Shopify never
 * charges, does not activate a plan, nor does one not known to be a real charge.
 */

export type ShopifySubscriptionStatus =
  | "ACTIVE"
  | "CANCELLED"
  | "PENDING"
  | "DECLINED"
  | "EXPIRED"
  | "FROZEN"
  | "ACCEPTED";

export const ENDED_SUBSCRIPTION_STATUSES = new Set(["CANCELLED", "DECLINED", "EXPIRED"]);

/** The company's status for its current subscription's status; null leaves it as it is. */
export function accountStatusForSubscription(status: string): AccountStatus | null {
  if (status === "ACTIVE") return "ACTIVE";
  if (status === "FROZEN") return "PENDING_PAYMENT";
  if (ENDED_SUBSCRIPTION_STATUSES.has(status)) return "CANCELLED";
  return null;
}

/** One look at a subscription. */
export type SubscriptionObservation = {
  /** gid://shopify/AppSubscription/{id} */
  subscriptionId: string;
  /** The library's plan key (billing-config.ts), e.g. 'Lite-250-$25'. */
  name: string;
  status: string;
  /** Shopify's updated_at for a webhook; null when read from the API (not ordered). */
  at: Date | null;
  usageLineItemId?: string | null;
  currentPeriodEnd?: string | null;
  test?: boolean;
};

/** A subscription as plan_details keeps it: the current one at the top, the one awaiting approval in `pending`. */
export type SubscriptionDetails = {
  subscriptionId?: string;
  planId?: string;
  name?: string;
  status?: string;
  priceCents?: number;
  cappedAmountCents?: number;
  usageLineItemId?: string;
  confirmationUrl?: string;
  currentPeriodEnd?: string;
  test?: boolean;
  requestedAt?: string;
};

export type StoreDetails = StorePlanDetails & {
  pending?: SubscriptionDetails;
  /** Shopify's updated_at of the last webhook applied (ISO). */
  eventAt?: string;
};

export type StoreBillingState = {
  accountStatus: AccountStatus;
  manualBilling: boolean;
  shopifyPlanId: string | null;
  planId: string | null;
  plan: string | null;
  planDetails: StoreDetails | null;
  /** SHOPIFY_BILLING_TEST on this server: test subscriptions may activate a plan. */
  testBilling: boolean;
};

export type AccountChange = Partial<
  Pick<StoreBillingState, "accountStatus" | "shopifyPlanId" | "planId" | "plan">
>;

export type SubscriptionChange =
  | { ignored: string }
  | { account: AccountChange; planDetails: StoreDetails; summary: string };

type Plan = { id: string; name: string } | null;

export function subscriptionChangeFor(
  state: StoreBillingState,
  seen: SubscriptionObservation,
  plan: Plan,
): SubscriptionChange {
  if (state.manualBilling) return { ignored: "manual billing: not changed" };
  const details: StoreDetails = state.planDetails ?? {};
  const mark = details.eventAt ? new Date(details.eventAt) : null;
  if (seen.at && mark && seen.at.getTime() < mark.getTime())
    return { ignored: "older than the last applied update" };
  const id = seen.subscriptionId;
  const isCurrent = state.shopifyPlanId === id;
  const isPending = details.pending?.subscriptionId === id;
  const isTop = details.subscriptionId === id;
  const ended = ENDED_SUBSCRIPTION_STATUSES.has(seen.status);
  if (isTop && details.status && ENDED_SUBSCRIPTION_STATUSES.has(details.status) && !ended)
    return { ignored: `the subscription has ended (${details.status})` };

  const eventAt = seen.at && (!mark || seen.at > mark) ? seen.at.toISOString() : details.eventAt;
  const withMark = (next: StoreDetails): StoreDetails => (eventAt ? { ...next, eventAt } : next);
  const known: SubscriptionDetails = isPending ? (details.pending ?? {}) : isTop ? details : {};
  const seenFields: SubscriptionDetails = {
    subscriptionId: id,
    name: seen.name,
    status: seen.status,
    ...(plan ? { planId: plan.id } : {}),
    ...(seen.usageLineItemId ? { usageLineItemId: seen.usageLineItemId } : {}),
    ...(seen.currentPeriodEnd ? { currentPeriodEnd: seen.currentPeriodEnd } : {}),
    ...(seen.test !== undefined ? { test: seen.test } : {}),
  };
  const { pending, eventAt: _mark, ...top } = details;

  if (seen.status === "ACTIVE") {
    // Shopify's answer says whether it is a test charge; a webhook does not, and then what we asked for.
    const test = seen.test ?? known.test;
    if (!state.testBilling && test !== false)
      return {
        ignored:
          test === true
            ? "a test subscription while test billing is off"
            : "not known to be a real charge while test billing is off",
      };
    const current: SubscriptionDetails = { ...pick(known), ...seenFields };
    const stillPending = isPending ? undefined : pending;
    return {
      account: {
        accountStatus: "ACTIVE",
        shopifyPlanId: id,
        ...(plan ? { planId: plan.id, plan: plan.name } : {}),
      },
      planDetails: withMark({ ...current, ...(stillPending ? { pending: stillPending } : {}) }),
      summary: plan ? `ACTIVE on ${plan.id}` : `ACTIVE on an unknown plan (${seen.name})`,
    };
  }
  if (isCurrent) {
    const status = accountStatusForSubscription(seen.status);
    if (!status) return { ignored: `${seen.status} of the current subscription changes nothing` };
    return {
      account: { accountStatus: status, ...(ended ? { shopifyPlanId: null } : {}) },
      planDetails: withMark({ ...top, ...seenFields, ...(pending ? { pending } : {}) }),
      summary: `${seen.status}: ${status}`,
    };
  }
  if (isPending || (!isTop && !ended && (seen.status === "PENDING" || seen.status === "ACCEPTED"))) {
    // Awaiting approval, or the merchant declined it or let it expire: the company stays as it is.
    const next = ended ? undefined : { ...pick(known), ...seenFields };
    return {
      account: {},
      planDetails: withMark({ ...top, ...(next ? { pending: next } : {}) }),
      summary: ended ? `${seen.status} before approval: not changed` : `${seen.status}: awaiting approval`,
    };
  }
  if (isTop) {
    // The last subscription, no longer the company's (cancelled already): its status is recorded.
    return {
      account: {},
      planDetails: withMark({ ...top, status: seen.status, ...(pending ? { pending } : {}) }),
      summary: `${seen.status} of an earlier subscription`,
    };
  }
  return { ignored: "not the current subscription" };
}

/** The stored fields of a subscription worth keeping when it becomes the current one. */
function pick(known: SubscriptionDetails): SubscriptionDetails {
  const {
    subscriptionId,
    planId,
    name,
    priceCents,
    cappedAmountCents,
    usageLineItemId,
    confirmationUrl,
    test,
  } = known;
  return Object.fromEntries(
    Object.entries({
      subscriptionId,
      planId,
      name,
      priceCents,
      cappedAmountCents,
      usageLineItemId,
      confirmationUrl,
      test,
    }).filter(([, v]) => v !== undefined),
  ) as SubscriptionDetails;
}
