import type Stripe from "stripe";
import { stripeClient } from "./stripe-client.server";

/**
 * What the app asks of Stripe, in the app's words, on the official SDK. The domain (app/domain/billing)
 * decides what to ask; this module only speaks Stripe. Null when Stripe is not configured.
 */

export type CheckoutRequest = {
  accountId: string;
  planId: string;
  /** Lookup keys of the line items: the tier's monthly licensed price and its metered overage price. */
  lookupKeys: string[];
  customerId: string | null;
  /** Prefilled on Stripe's page for a new customer; null lets the payer type it. */
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  /** Late start: nothing is charged before this time. */
  startAt?: Date;
  /** The subscription this checkout's replaces: cancelled once the checkout is paid (metadata). */
  replacesSubscriptionId?: string | null;
  now?: Date;
};

export type CheckoutSessionState = {
  id: string;
  clientReferenceId: string | null;
  status: Stripe.Checkout.Session["status"];
  paymentStatus: Stripe.Checkout.Session["payment_status"];
  customerId: string | null;
  subscriptionId: string | null;
  planId: string | null;
};

export type SubscriptionChange = { subscriptionId: string; planId: string; lookupKeys: string[] };

export type MeterEvent = {
  eventName: string;
  customerId: string;
  /** Stripe counts an identifier once: the message id, so a retried report never bills twice. */
  identifier: string;
  occurredAt: Date;
  value: number;
};

// Stripe's Checkout refuses a trial that ends less than 48 hours ahead; a nearer late start anchors
// the first billing period there instead, with nothing charged before it.
const MIN_TRIAL_MS = 48 * 60 * 60 * 1000 + 60_000;

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === "string" ? value : value.id;

export function stripeBilling() {
  const stripe = stripeClient();
  if (!stripe) return null;

  /** Price ids for lookup keys, in the keys' order; throws when one is missing (run stripe:sync). */
  async function priceIds(lookupKeys: string[]): Promise<Stripe.Price[]> {
    const found = await stripe!.prices.list({ lookup_keys: lookupKeys, active: true, limit: 100 });
    return lookupKeys.map((key) => {
      const price = found.data.find((p) => p.lookup_key === key);
      if (!price)
        throw new Error(`Stripe has no active price with lookup key ${key}: run npm run stripe:sync`);
      return price;
    });
  }

  return {
    async createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string }> {
      const prices = await priceIds(request.lookupKeys);
      const now = request.now ?? new Date();
      const subscriptionData: Stripe.Checkout.SessionCreateParams.SubscriptionData = {
        metadata: { accountId: request.accountId, planId: request.planId },
      };
      if (request.startAt && request.startAt.getTime() > now.getTime()) {
        const startSeconds = Math.floor(request.startAt.getTime() / 1000);
        if (request.startAt.getTime() - now.getTime() >= MIN_TRIAL_MS)
          subscriptionData.trial_end = startSeconds;
        else {
          subscriptionData.billing_cycle_anchor = startSeconds;
          subscriptionData.proration_behavior = "none";
        }
      }
      const session = await stripe!.checkout.sessions.create({
        mode: "subscription",
        // Licensed prices are bought once; a metered price takes no quantity (Stripe counts its meter).
        line_items: prices.map((price) =>
          price.recurring?.usage_type === "metered" ? { price: price.id } : { price: price.id, quantity: 1 },
        ),
        client_reference_id: request.accountId,
        metadata: {
          accountId: request.accountId,
          planId: request.planId,
          ...(request.replacesSubscriptionId ? { replacesSubscription: request.replacesSubscriptionId } : {}),
        },
        subscription_data: subscriptionData,
        ...(request.customerId
          ? { customer: request.customerId }
          : request.customerEmail
            ? { customer_email: request.customerEmail }
            : {}),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a URL`);
      return { id: session.id, url: session.url };
    },

    async retrieveCheckoutSession(id: string): Promise<CheckoutSessionState> {
      const session = await stripe!.checkout.sessions.retrieve(id);
      return {
        id: session.id,
        clientReferenceId: session.client_reference_id,
        status: session.status,
        paymentStatus: session.payment_status,
        customerId: idOf(session.customer),
        subscriptionId: idOf(session.subscription),
        planId: session.metadata?.planId ?? null,
      };
    },

    /** Swaps the subscription's licensed and metered prices for the new tier's, prorated. */
    async changeSubscriptionPlan(change: SubscriptionChange): Promise<{ priceId: string; status: string }> {
      const [subscription, prices] = await Promise.all([
        stripe!.subscriptions.retrieve(change.subscriptionId),
        priceIds(change.lookupKeys),
      ]);
      const licensed = prices.find((p) => p.recurring?.usage_type !== "metered");
      const metered = prices.find((p) => p.recurring?.usage_type === "metered");
      const items: Stripe.SubscriptionUpdateParams.Item[] = [];
      for (const item of subscription.items.data) {
        const isMetered = item.price.recurring?.usage_type === "metered";
        const next = isMetered ? metered : licensed;
        if (next) items.push({ id: item.id, price: next.id });
        else items.push({ id: item.id, deleted: true });
      }
      for (const price of [licensed, metered]) {
        if (
          price &&
          !subscription.items.data.some(
            (i) =>
              (i.price.recurring?.usage_type === "metered") === (price.recurring?.usage_type === "metered"),
          )
        )
          items.push(
            price.recurring?.usage_type === "metered"
              ? { price: price.id }
              : { price: price.id, quantity: 1 },
          );
      }
      const updated = await stripe!.subscriptions.update(change.subscriptionId, {
        items,
        proration_behavior: "create_prorations",
        metadata: { ...subscription.metadata, planId: change.planId },
      });
      return { priceId: licensed?.id ?? "", status: updated.status };
    },

    /** Ends a subscription now; one Stripe already ended counts as cancelled. */
    async cancelSubscription(subscriptionId: string): Promise<"cancelled" | "already_ended"> {
      try {
        await stripe!.subscriptions.cancel(subscriptionId);
        return "cancelled";
      } catch (error) {
        const e = error as { type?: string; code?: string; message?: string };
        if (
          e.type === "StripeInvalidRequestError" &&
          e.code === "resource_missing" &&
          /canceled/.test(e.message ?? "")
        )
          return "already_ended";
        throw error;
      }
    },

    async createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
      const session = await stripe!.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    },

    /** One overage message. A duplicate identifier (a retry after a lost answer) counts as recorded. */
    async reportMeterEvent(event: MeterEvent): Promise<"recorded" | "duplicate"> {
      try {
        await stripe!.billing.meterEvents.create({
          event_name: event.eventName,
          identifier: event.identifier,
          timestamp: Math.floor(event.occurredAt.getTime() / 1000),
          payload: { stripe_customer_id: event.customerId, value: String(event.value) },
        });
        return "recorded";
      } catch (error) {
        if (isDuplicateMeterEvent(error)) return "duplicate";
        throw error;
      }
    },
  };
}

export type StripeBilling = NonNullable<ReturnType<typeof stripeBilling>>;

/**
 * Stripe refuses a meter event whose identifier it already has (within its dedup window, at least 24
 * hours): a 400 invalid_request_error whose only marker is the message, "An event already exists with
 * identifier {identifier}." (no code, Stripe-Should-Retry: false). The v2 API names the same refusal
 * `duplicate_meter_event`; both mean the usage was already counted.
 */
export function isDuplicateMeterEvent(error: unknown): boolean {
  const e = error as { type?: string; code?: string; message?: string } | undefined;
  if (e?.type !== "StripeInvalidRequestError") return false;
  return e.code === "duplicate_meter_event" || /already exists with identifier/i.test(e.message ?? "");
}
