import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { type AccountStatus, accounts } from "#db/schema";
import { config } from "~/config.server";
import type { AccountRow, MemberContext } from "~/domain/access/guard.server";
import { can } from "~/domain/access/permissions";
import { findEnabledStoreProfileForAccount } from "~/domain/shopify/store-profiles.server";
import { listBillingPlans } from "./catalogue.server";
import { confirmCheckoutSession } from "./checkout-return.server";
import { currentPlanPriceCents } from "./current-plan";
import { type BillingPlan, choosablePlans, type PlanChoice, planChoice, showsPlanAndUsage } from "./plans";
import { confirmStoreCharge } from "./shopify-charge-return.server";
import type { StoreDetails } from "./shopify-subscription-rules";
import { listUsagePeriods, type UsagePeriod } from "./usage.server";

/**
 * How Select Plan is paid here: by card through Stripe, not at all yet because this server has no
 * STRIPE_SECRET_KEY, or through the store platform (a store account): its installed Shopify store,
 * no installed store ("store_not_connected"), or no Shopify app on this server ("store_not_configured").
 */
export type CardBilling =
  | "stripe"
  | "not_configured"
  | "store"
  | "store_not_connected"
  | "store_not_configured";

/** A store account's Shopify subscription as the tab shows it. */
export type StorePlanView = {
  /** An active (or frozen) subscription the member can cancel ('Plan cancelled successfully!'). */
  cancellable: boolean;
  /** A plan change waiting for the merchant's approval in Shopify, with the link to approve it. */
  pending: { planName: string; confirmationUrl: string } | null;
};

/** A company billed by hand: the tab shows only whom to write to (spec 2 section 2). */
export type ManualBillingView = { manualBilling: true; billingSupportEmail: string; thankYou: boolean };

export type PlanChooserView = {
  manualBilling: false;
  isStoreAccount: boolean;
  /** Every listed plan, cheapest first (the free plan included). */
  plans: BillingPlan[];
  /** What this company may choose, cheapest first: the slider's tiers and the cards. */
  choosablePlans: BillingPlan[];
  currentPlan: BillingPlan | null;
  accountStatus: AccountStatus;
  /** ACTIVE or LATE_START with a known plan; otherwise 'No plan selected!' and 'No statistics found!'. */
  showsPlanAndUsage: boolean;
  /** Newest first; empty when showsPlanAndUsage is false. */
  usage: UsagePeriod[];
  /** Per choosable plan id: Select Plan, the support message, or the current plan. */
  planChoices: Record<string, PlanChoice>;
  can: { billingWrite: boolean };
  cardBilling: CardBilling;
  /** The company has a Stripe customer: the billing portal can open. */
  hasPortal: boolean;
  /** Store accounts only. */
  storePlan: StorePlanView | null;
  /** The checkout came back paid: the thank-you view shows instead of the chooser. */
  thankYou: boolean;
};

export type BillingTabData = ManualBillingView | PlanChooserView;

/** Everything the Billing tab and /responsive-billingpage show, for the member's company only. */
export async function loadBillingTab(
  member: MemberContext,
  {
    now = new Date(),
    stripeSession = null,
    shopifyChargeId = null,
  }: { now?: Date; stripeSession?: string | null; shopifyChargeId?: string | null } = {},
): Promise<BillingTabData> {
  // A checkout coming back: confirmed with Stripe (never trusted from the URL) before the thank-you,
  // and applied at once so the tab shows the plan without waiting for the webhook.
  const thankYou = stripeSession ? (await confirmCheckoutSession(member, stripeSession)) === "paid" : false;
  // The same for a store account back from Shopify's confirmation (?charge_id=): the plan shows.
  const storeCharge =
    shopifyChargeId && member.account.source === "shopify"
      ? await confirmStoreCharge(member, shopifyChargeId)
      : null;
  const account =
    thankYou || storeCharge === "active" ? await reloadAccount(member.account.id) : member.account;
  if (account.manualBilling)
    return { manualBilling: true, billingSupportEmail: config().billingSupportEmail, thankYou };

  const isStoreAccount = account.source === "shopify";
  const plans = await listBillingPlans();
  const choosable = choosablePlans(plans, isStoreAccount);
  const currentPlan = plans.find((p) => p.id === account.planId) ?? null;
  const shows = showsPlanAndUsage(account.accountStatus, currentPlan);
  const subject = {
    isPlatformAdmin: member.roles.includes("admin"),
    isStoreAccount,
    currentPriceCents: currentPlanPriceCents(account, plans),
  };
  const subscribed = isStoreAccount ? Boolean(account.shopifyPlanId) : Boolean(account.stripeSubscriptionId);
  const current = { planId: account.planId, subscribed };
  const store = isStoreAccount ? await storeBillingView(account) : null;
  return {
    manualBilling: false,
    isStoreAccount,
    plans,
    choosablePlans: choosable,
    currentPlan,
    accountStatus: account.accountStatus,
    showsPlanAndUsage: shows,
    usage: shows ? await listUsagePeriods({ account }, { now }) : [],
    planChoices: Object.fromEntries(choosable.map((p) => [p.id, planChoice(subject, p, current)])),
    can: { billingWrite: can(member, "billing.write") },
    cardBilling: store ? store.cardBilling : config().STRIPE_SECRET_KEY ? "stripe" : "not_configured",
    hasPortal: Boolean(account.stripeCustomerId),
    storePlan: store?.view ?? null,
    thankYou,
  };
}

/** How a store account is billed here, and its subscription's state (plan_details). */
async function storeBillingView(
  account: AccountRow,
): Promise<{ cardBilling: CardBilling; view: StorePlanView }> {
  const profile = await findEnabledStoreProfileForAccount({ account });
  const cardBilling: CardBilling = !profile
    ? "store_not_connected"
    : config().shopifyConfigured
      ? "store"
      : "store_not_configured";
  const details = (profile?.planDetails as StoreDetails | null) ?? null;
  const pending = details?.pending;
  return {
    cardBilling,
    view: {
      cancellable:
        cardBilling === "store" &&
        Boolean(account.shopifyPlanId) &&
        (account.accountStatus === "ACTIVE" || account.accountStatus === "PENDING_PAYMENT"),
      pending:
        pending?.confirmationUrl && pending.name && pending.subscriptionId !== account.shopifyPlanId
          ? { planName: pending.name, confirmationUrl: pending.confirmationUrl }
          : null,
    },
  };
}

async function reloadAccount(accountId: string) {
  const [account] = await getDb().select().from(accounts).where(eq(accounts.id, accountId));
  return account;
}
