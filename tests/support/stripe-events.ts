import { randomBytes } from "node:crypto";
import Stripe from "stripe";

/**
 * Stripe webhook events shaped as Stripe sends them (API 2025-03-31 and later: the billing period on
 * the subscription items, an invoice's subscription under parent.subscription_details), and signed
 * requests to /webhooks/stripe with the SDK's own generateTestHeaderString.
 */

export const nowSeconds = () => Math.floor(Date.now() / 1000);
const uid = () => randomBytes(6).toString("hex");

export function stripeEvent(type: string, object: Record<string, unknown>, created = nowSeconds()) {
  return {
    id: `evt_test_${uid()}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  } as unknown as Stripe.Event;
}

export function checkoutSession(options: {
  accountId?: string | null;
  planId?: string;
  customer?: string;
  subscription?: string;
  status?: string;
  paymentStatus?: string;
}) {
  return {
    id: `cs_test_${uid()}`,
    object: "checkout.session",
    mode: "subscription",
    status: options.status ?? "complete",
    payment_status: options.paymentStatus ?? "paid",
    client_reference_id: options.accountId ?? null,
    customer: options.customer ?? `cus_${uid()}`,
    subscription: options.subscription ?? `sub_${uid()}`,
    metadata: {
      ...(options.accountId ? { accountId: options.accountId } : {}),
      ...(options.planId ? { planId: options.planId } : {}),
    },
  };
}

export function subscription(options: {
  id?: string;
  accountId?: string;
  planId?: string;
  customer: string;
  status?: string;
  priceId?: string;
  periodStart?: number;
  periodEnd?: number;
  trialEnd?: number | null;
  cancelAtPeriodEnd?: boolean;
  cancellationReason?: string | null;
}) {
  const start = options.periodStart ?? nowSeconds();
  const end = options.periodEnd ?? start + 30 * 24 * 3600;
  const item = (price: string, usageType: "licensed" | "metered", quantity?: number) => ({
    id: `si_${uid()}`,
    object: "subscription_item",
    current_period_start: start,
    current_period_end: end,
    ...(quantity ? { quantity } : {}),
    price: { id: price, object: "price", recurring: { interval: "month", usage_type: usageType } },
  });
  return {
    id: options.id ?? `sub_${uid()}`,
    object: "subscription",
    customer: options.customer,
    status: options.status ?? "active",
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    trial_end: options.trialEnd ?? null,
    cancellation_details: { reason: options.cancellationReason ?? null, comment: null, feedback: null },
    metadata: {
      ...(options.accountId ? { accountId: options.accountId } : {}),
      ...(options.planId ? { planId: options.planId } : {}),
    },
    // The metered overage item first: the licensed one must be picked by its usage type, not its place.
    items: {
      object: "list",
      data: [
        item(`price_overage_${uid()}`, "metered"),
        item(options.priceId ?? `price_${uid()}`, "licensed", 1),
      ],
    },
  };
}

export function invoice(options: { customer: string; subscription?: string | null; accountId?: string }) {
  return {
    id: `in_${uid()}`,
    object: "invoice",
    customer: options.customer,
    status: "paid",
    parent: options.subscription
      ? {
          type: "subscription_details",
          quote_details: null,
          subscription_details: {
            subscription: options.subscription,
            metadata: options.accountId ? { accountId: options.accountId } : {},
          },
        }
      : null,
  };
}

/** A request as Stripe sends it: the JSON body and its Stripe-Signature header (or `signature` instead). */
export function signedStripeRequest(
  event: Stripe.Event | string,
  secret: string,
  options: { signature?: string | null; timestamp?: number; url?: string; ip?: string } = {},
) {
  const payload = typeof event === "string" ? event : JSON.stringify(event, null, 2);
  const header =
    options.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: options.timestamp })
      : options.signature;
  const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8" };
  if (header !== null) headers["Stripe-Signature"] = header;
  return new Request(options.url ?? "http://localhost/webhooks/stripe", {
    method: "POST",
    headers,
    body: payload,
  });
}
