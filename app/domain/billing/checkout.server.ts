import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts } from "#db/schema";
import { config } from "~/config.server";
import type { MemberContext } from "~/domain/access/guard.server";
import type { Toast } from "~/domain/actions/toast";
import { recordAudit } from "~/domain/admin/audit.server";
import { logWithErrorId } from "~/domain/kernel/error-id.server";
import { ShopifyNotConfiguredError } from "~/domain/shopify/admin-api.server";
import { stripeBilling } from "~/services/billing/stripe-billing.server";
import { listBillingPlans } from "./catalogue.server";
import { currentPlanPriceCents } from "./current-plan";
import { choosablePlans, isContactSalesPlan, mustContactSupport } from "./plans";
import { embeddedAppUrl, StoreNotConnectedError } from "./shopify-store.server";
import { registerShopifyStoreBilling } from "./shopify-store-billing.server";
import { storeBilling } from "./store-billing";

// The store platform's branch of Select Plan is Shopify's (see registerShopifyStoreBilling for why here).
registerShopifyStoreBilling();

/**
 * Select Plan (spec 2 section 4): a company without a subscription goes to a Stripe Checkout
 * Session; one with a subscription has its items swapped, prorated; a store account goes to the
 * store platform's confirmation. Every refusal is an outcome the route puts in words.
 */
export type SelectPlanOutcome =
  | { kind: "checkout"; url: string }
  | { kind: "store_confirmation"; url: string }
  | { kind: "updated" }
  | { kind: "unknown_plan" }
  | { kind: "manual_billing" }
  | { kind: "contact_support" }
  | { kind: "contact_sales" }
  | { kind: "not_configured" }
  | { kind: "store_not_connected" }
  | { kind: "store_not_configured" }
  | { kind: "failed"; errorId: string };

const SUBSCRIPTION_ENDED = new Set(["canceled", "incomplete_expired"]);

export async function selectPlan(
  member: MemberContext,
  planId: string,
  now: Date = new Date(),
  options: {
    /** Inside the Shopify admin: the shop, so the store's confirmation comes back into the admin. */
    embeddedShop?: string | null;
  } = {},
): Promise<SelectPlanOutcome> {
  const { account } = member;
  if (account.manualBilling) return { kind: "manual_billing" };
  const isStoreAccount = account.source === "shopify";
  const catalogue = await listBillingPlans();
  const choosable = choosablePlans(catalogue, isStoreAccount);
  const plan = choosable.find((p) => p.id === planId);
  if (!plan) return { kind: "unknown_plan" };
  const subject = {
    isPlatformAdmin: member.roles.includes("admin"),
    isStoreAccount,
    currentPriceCents: currentPlanPriceCents(account, catalogue),
  };
  if (mustContactSupport(subject, plan)) return { kind: "contact_support" };
  if (isContactSalesPlan(plan, choosable)) return { kind: "contact_sales" };

  const returnUrl = new URL("/settings?tab=billing", config().APP_URL).toString();
  if (isStoreAccount) {
    const store = storeBilling();
    if (!store) return { kind: "store_not_connected" };
    try {
      const storeReturnUrl = options.embeddedShop
        ? embeddedAppUrl(options.embeddedShop, "/settings?tab=billing")
        : returnUrl;
      const { confirmationUrl } = await store.requestPlan({
        accountId: account.id,
        plan,
        returnUrl: storeReturnUrl,
      });
      return { kind: "store_confirmation", url: confirmationUrl };
    } catch (error) {
      return storeFailure(error, `Store billing for ${account.id} failed`);
    }
  }

  const stripe = stripeBilling();
  if (!stripe) return { kind: "not_configured" };
  try {
    const subscriptionId = await liveSubscriptionId(account);
    if (subscriptionId) {
      const changed = await stripe.changeSubscriptionPlan({
        subscriptionId,
        planId: plan.id,
        lookupKeys: plan.checkoutLookupKeys,
      });
      // The webhook (customer.subscription.updated) confirms it; the tab shows the new plan at once.
      const change = { planId: plan.id, plan: plan.name, stripePriceId: changed.priceId };
      await getDb().transaction(async (tx) => {
        await tx
          .update(accounts)
          .set({ ...change, updatedAt: now })
          .where(eq(accounts.id, account.id));
        await recordAudit(tx, member, {
          action: "billing.plan_change",
          targetType: "account",
          targetId: account.id,
          before: { planId: account.planId, plan: account.plan, stripePriceId: account.stripePriceId },
          after: change,
        });
      });
      return { kind: "updated" };
    }
    const lateStart =
      account.accountStatus === "LATE_START" && account.lateStartDate && account.lateStartDate > now
        ? account.lateStartDate
        : undefined;
    const session = await stripe.createCheckoutSession({
      accountId: account.id,
      planId: plan.id,
      lookupKeys: plan.checkoutLookupKeys,
      customerId: account.stripeCustomerId,
      customerEmail: member.user.email,
      successUrl: `${returnUrl}&stripe_session={CHECKOUT_SESSION_ID}`,
      cancelUrl: returnUrl,
      startAt: lateStart,
      now,
    });
    return { kind: "checkout", url: session.url };
  } catch (error) {
    return { kind: "failed", errorId: logWithErrorId(`Select Plan for ${account.id} failed`, error) };
  }
}

/** A store billing call that failed: not connected and not configured are put in words, the rest logged. */
function storeFailure(
  error: unknown,
  what: string,
): { kind: "store_not_connected" } | { kind: "store_not_configured" } | { kind: "failed"; errorId: string } {
  if (error instanceof StoreNotConnectedError) return { kind: "store_not_connected" };
  if (error instanceof ShopifyNotConfiguredError) return { kind: "store_not_configured" };
  return { kind: "failed", errorId: logWithErrorId(what, error) };
}

/** What the Billing tab's store forms receive when they ask for data (respond=data) instead of a redirect. */
export type StoreBillingAnswer =
  | { kind: "store_confirmation"; confirmationUrl: string }
  | { kind: "store_plan_cancelled"; toast: Toast };

export type CancelStorePlanOutcome =
  | { kind: "cancelled" }
  | { kind: "no_store_plan" }
  | { kind: "manual_billing" }
  | { kind: "store_not_connected" }
  | { kind: "store_not_configured" }
  | { kind: "failed"; errorId: string };

/**
 * Cancel for a store account's plan (spec 2 §4: "Store-platform plans can be cancelled"): Shopify
 * cancels the app subscription and the company shows no plan at once; the tab re-reads the company
 * about 2 s later for anything Shopify's webhook brings. Card plans are cancelled by support.
 */
export async function cancelStorePlan(
  member: MemberContext,
  now: Date = new Date(),
): Promise<CancelStorePlanOutcome> {
  const { account } = member;
  if (account.manualBilling) return { kind: "manual_billing" };
  if (account.source !== "shopify" || !account.shopifyPlanId) return { kind: "no_store_plan" };
  const store = storeBilling();
  if (!store) return { kind: "store_not_connected" };
  try {
    await store.cancelPlan({ accountId: account.id });
  } catch (error) {
    return storeFailure(error, `Cancelling the store plan of ${account.id} failed`);
  }
  await recordAudit(getDb(), member, {
    action: "billing.store_plan_cancel",
    targetType: "account",
    targetId: account.id,
    before: { planId: account.planId, shopifySubscription: account.shopifyPlanId },
    after: { at: now.toISOString() },
  });
  return { kind: "cancelled" };
}

/** The company's subscription while Stripe still bills it; an ended one is replaced by a checkout. */
async function liveSubscriptionId(account: MemberContext["account"]): Promise<string | null> {
  if (!account.stripeSubscriptionId) return null;
  const status = (account.stripeSubscriptionDetails as { status?: string } | null)?.status;
  if (status && SUBSCRIPTION_ENDED.has(status)) return null;
  return account.stripeSubscriptionId;
}

export type PortalOutcome =
  | { kind: "portal"; url: string }
  | { kind: "no_customer" }
  | { kind: "not_configured" }
  | { kind: "failed"; errorId: string };

/** The Stripe customer portal of the company (Billing tab, and the status banners' Read more). */
export async function openBillingPortal(member: MemberContext): Promise<PortalOutcome> {
  const stripe = stripeBilling();
  if (!stripe) return { kind: "not_configured" };
  const customerId = member.account.stripeCustomerId;
  if (!customerId) return { kind: "no_customer" };
  try {
    const returnUrl = new URL("/settings?tab=billing", config().APP_URL).toString();
    const { url } = await stripe.createPortalSession(customerId, returnUrl);
    return { kind: "portal", url };
  } catch (error) {
    const errorId = logWithErrorId(`Billing portal for ${member.account.id} failed`, error);
    return { kind: "failed", errorId };
  }
}
