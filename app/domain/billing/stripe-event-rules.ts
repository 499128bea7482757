import type Stripe from "stripe";
import type { AccountStatus } from "#db/schema";

/**
 * What a Stripe webhook event means for a company's billing (issue 12 item 3), decided without the
 * database: which company it names, and which of the company's billing fields it changes. The
 * server module (stripe-events.server.ts) locks the company, checks the event is not older than the
 * last one applied, and writes what these rules return.
 */

/** The events we store and apply; any other type is acknowledged and dropped by the route. */
export const HANDLED_STRIPE_EVENT_TYPES = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
] as const;
export type HandledStripeEventType = (typeof HANDLED_STRIPE_EVENT_TYPES)[number];

export const isHandledStripeEvent = (type: string): type is HandledStripeEventType =>
  (HANDLED_STRIPE_EVENT_TYPES as readonly string[]).includes(type);

/** A small picture of the subscription kept on the company, not Stripe's whole object. */
export type SubscriptionDetails = {
  status: string;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: string | null;
};

/** The company's fields a Stripe event may change. */
export type BillingFields = {
  accountStatus: AccountStatus;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  stripePriceId: string | null;
  stripeSubscriptionDetails: Record<string, unknown> | null;
  planId: string | null;
  plan: string | null;
};

export type BillingChange = { changes: Partial<BillingFields> } | { ignored: string };

/** Where the event says which company it is for: our id in its metadata, else its Stripe customer. */
export type AccountReference = { accountId: string | null; customerId: string | null };

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === "string" ? value : value.id;

const isoOf = (seconds: number | null | undefined) =>
  seconds == null ? null : new Date(seconds * 1000).toISOString();

/** The subscription of an invoice: `parent.subscription_details` since API 2025-03-31, `subscription` before. */
function invoiceSubscription(invoice: Stripe.Invoice): { id: string | null; accountId: string | null } {
  const details = invoice.parent?.subscription_details;
  const legacy = (invoice as { subscription?: string | { id: string } | null }).subscription;
  return {
    id: idOf(details?.subscription ?? legacy),
    accountId: details?.metadata?.accountId ?? null,
  };
}

export function accountReferenceOf(event: Stripe.Event): AccountReference {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      return {
        accountId: session.client_reference_id ?? session.metadata?.accountId ?? null,
        customerId: idOf(session.customer),
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      return { accountId: subscription.metadata?.accountId ?? null, customerId: idOf(subscription.customer) };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      return { accountId: invoiceSubscription(invoice).accountId, customerId: idOf(invoice.customer) };
    }
    default:
      return { accountId: null, customerId: null };
  }
}

/** The plan our checkout put in the metadata of the session and of its subscription. */
export function planIdOf(event: Stripe.Event): string | null {
  if (event.type === "checkout.session.completed") return event.data.object.metadata?.planId ?? null;
  if (event.type.startsWith("customer.subscription."))
    return (event.data.object as Stripe.Subscription).metadata?.planId ?? null;
  return null;
}

// A completed checkout starts billing; a company that had cancelled comes back with a new plan. A
// SUSPENDED company (ended for non-payment, or set by an admin) is left to its subscription's events.
const ACTIVATED_BY_CHECKOUT = new Set<AccountStatus>([
  "CREATED",
  "LATE_START",
  "LATE_START_END",
  "PENDING_PAYMENT",
  "CANCELLED",
]);

// A failed invoice of a subscription that has ended changes nothing: the company already says so.
const ENDED_STATUSES = new Set<AccountStatus>(["CANCELLED", "SUSPENDED"]);

/** The company's status for a live subscription's status; null leaves it as it is. */
function statusForSubscription(status: Stripe.Subscription.Status): AccountStatus | null {
  if (status === "active" || status === "trialing") return "ACTIVE";
  // paused: a trial ended without a payment method (Stripe bills nothing until one is added).
  if (status === "past_due" || status === "unpaid" || status === "incomplete" || status === "paused")
    return "PENDING_PAYMENT";
  return null;
}

export function subscriptionDetails(subscription: Stripe.Subscription): SubscriptionDetails {
  // Since API 2025-03-31 the billing period is on each item; the licensed item carries ours.
  const item = licensedItem(subscription) ?? subscription.items?.data?.[0];
  const legacy = subscription as { current_period_start?: number; current_period_end?: number };
  return {
    status: subscription.status,
    currentPeriodStart: isoOf(item?.current_period_start ?? legacy.current_period_start),
    currentPeriodEnd: isoOf(item?.current_period_end ?? legacy.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end ?? false,
    trialEnd: isoOf(subscription.trial_end),
  };
}

/** The tier's price: the item bought with a quantity, not the metered overage price. */
function licensedItem(subscription: Stripe.Subscription) {
  return subscription.items?.data?.find((item) => item.price?.recurring?.usage_type !== "metered");
}

type Plan = { id: string; name: string } | null;

/**
 * The changes one event makes to a company in its current state (already known to be for this
 * company, not manually billed, and not older than the last event applied to it).
 */
/** The subscription a paid checkout replaces (an admin's late start), when it is not the new one. */
export function replacedSubscriptionOf(event: Stripe.Event): string | null {
  if (event.type !== "checkout.session.completed") return null;
  const session = event.data.object;
  const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
  const replaced = session.metadata?.replacesSubscription;
  if (session.status !== "complete" || !paid || !replaced) return null;
  return replaced === idOf(session.subscription) ? null : replaced;
}

/** A subscription checkout as both its webhook and the return to the thank-you page see it. */
export type CheckoutOutcome = {
  status: Stripe.Checkout.Session["status"];
  paymentStatus: Stripe.Checkout.Session["payment_status"];
  customerId: string | null;
  subscriptionId: string | null;
};

/**
 * A completed, paid (or trial: no payment required) subscription checkout: the company gets its
 * customer, subscription and plan, and leaves CREATED, LATE_START, LATE_START_END, PENDING_PAYMENT
 * or CANCELLED for ACTIVE.
 */
export function paidCheckoutChange(
  checkout: CheckoutOutcome,
  current: BillingFields,
  plan: Plan,
): BillingChange {
  const paid = checkout.paymentStatus === "paid" || checkout.paymentStatus === "no_payment_required";
  if (checkout.status !== "complete" || !paid) return { ignored: "checkout not paid" };
  return {
    changes: {
      stripeCustomerId: checkout.customerId ?? current.stripeCustomerId,
      stripeSubscriptionId: checkout.subscriptionId ?? current.stripeSubscriptionId,
      ...(plan ? { planId: plan.id, plan: plan.name } : {}),
      accountStatus: ACTIVATED_BY_CHECKOUT.has(current.accountStatus) ? "ACTIVE" : current.accountStatus,
    },
  };
}

export function billingChangeFor(event: Stripe.Event, current: BillingFields, plan: Plan): BillingChange {
  const planFields = plan ? { planId: plan.id, plan: plan.name } : {};
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.mode !== "subscription") return { ignored: "not a subscription checkout" };
      return paidCheckoutChange(
        {
          status: session.status,
          paymentStatus: session.payment_status,
          customerId: idOf(session.customer),
          subscriptionId: idOf(session.subscription),
        },
        current,
        plan,
      );
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const isCurrent = !current.stripeSubscriptionId || current.stripeSubscriptionId === subscription.id;
      const ended =
        event.type === "customer.subscription.deleted" ||
        subscription.status === "canceled" ||
        subscription.status === "incomplete_expired";
      if (ended) {
        if (!isCurrent) return { ignored: "not the current subscription" };
        // The id is cleared so that choosing a plan again starts a new checkout. A first payment
        // that never completed (incomplete_expired) leaves the status as the payment left it.
        const neverStarted =
          subscription.status === "incomplete_expired" && event.type !== "customer.subscription.deleted";
        const endedStatus: AccountStatus =
          subscription.cancellation_details?.reason === "payment_failed" ? "SUSPENDED" : "CANCELLED";
        return {
          changes: {
            stripeSubscriptionId: null,
            stripePriceId: null,
            stripeSubscriptionDetails: subscriptionDetails(subscription),
            accountStatus: neverStarted ? current.accountStatus : endedStatus,
          },
        };
      }
      return {
        changes: {
          stripeCustomerId: idOf(subscription.customer) ?? current.stripeCustomerId,
          stripeSubscriptionId: subscription.id,
          stripePriceId: licensedItem(subscription)?.price?.id ?? current.stripePriceId,
          stripeSubscriptionDetails: subscriptionDetails(subscription),
          ...planFields,
          accountStatus: statusForSubscription(subscription.status) ?? current.accountStatus,
        },
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const subscriptionId = invoiceSubscription(event.data.object).id;
      if (subscriptionId && current.stripeSubscriptionId && subscriptionId !== current.stripeSubscriptionId)
        return { ignored: "not the current subscription" };
      if (event.type === "invoice.paid")
        return current.accountStatus === "PENDING_PAYMENT"
          ? { changes: { accountStatus: "ACTIVE" } }
          : { changes: {} };
      return ENDED_STATUSES.has(current.accountStatus)
        ? { changes: {} }
        : { changes: { accountStatus: "PENDING_PAYMENT" } };
    }
    default:
      return { ignored: "event type not handled" };
  }
}
