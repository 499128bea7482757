import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { checkoutSessionObject, subscriptionObject } from "./stand-ins/stripe-checkout";
import { priceObject, subscriptionItemObject } from "./stand-ins/stripe-objects";

/**
 * Stripe webhook events shaped as Stripe sends them (API 2025-03-31 and later: the billing period on
 * the subscription items, an invoice's subscription under parent.subscription_details), and signed
 * requests to /webhooks/stripe with the SDK's own generateTestHeaderString. The objects are whole,
 * made by the Stripe stand-in's own builders: tests/unit/stripe-contract.test.ts holds them against
 * the SDK's types at its pinned API version.
 */

export const nowSeconds = () => Math.floor(Date.now() / 1000);
const uid = () => randomBytes(6).toString("hex");

export function stripeEvent(type: string, object: Record<string, unknown>, created = nowSeconds()) {
  return {
    id: `evt_test_${uid()}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  } as unknown as Stripe.Event;
}

const monthly = (id: string, usageType: "licensed" | "metered") => ({
  ...priceObject({
    product: `prod_${uid()}`,
    currency: "usd",
    unitAmount: usageType === "metered" ? 60 : 19_900,
    recurring: { interval: "month", interval_count: 1, usage_type: usageType, meter: null },
    lookupKey: null,
    nickname: null,
    metadata: {},
    active: true,
  }),
  id,
});

export function checkoutSession(options: {
  accountId?: string | null;
  planId?: string;
  customer?: string;
  subscription?: string;
  status?: string;
  paymentStatus?: string;
}) {
  const metadata = {
    ...(options.accountId ? { accountId: options.accountId } : {}),
    ...(options.planId ? { planId: options.planId } : {}),
  };
  const session = checkoutSessionObject(
    "https://checkout.stripe.test",
    {
      clientReferenceId: options.accountId ?? "",
      customer: null,
      customerEmail: null,
      metadata,
      successUrl: "https://app.test/billing/return?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://app.test/billing",
    },
    {
      lineItems: [{ price: monthly(`price_${uid()}`, "licensed"), quantity: 1 }],
      subscriptionData: { metadata },
    },
  );
  const status = options.status ?? "complete";
  return {
    ...session,
    id: `cs_test_${uid()}`,
    status,
    payment_status: options.paymentStatus ?? "paid",
    client_reference_id: options.accountId ?? null,
    customer: options.customer ?? `cus_${uid()}`,
    subscription: options.subscription ?? `sub_${uid()}`,
    url: status === "open" ? session.url : null,
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
  const id = options.id ?? `sub_${uid()}`;
  const item = (price: string, usageType: "licensed" | "metered", quantity?: number) => ({
    ...subscriptionItemObject(id, monthly(price, usageType), quantity, start),
    current_period_start: start,
    current_period_end: end,
  });
  const made = subscriptionObject({
    id,
    customer: options.customer,
    currency: "usd",
    // The metered overage item first: the licensed one must be picked by its usage type, not its place.
    items: [
      item(`price_overage_${uid()}`, "metered"),
      item(options.priceId ?? `price_${uid()}`, "licensed", 1),
    ],
    now: start,
    trialEnd: options.trialEnd ?? undefined,
    metadata: {
      ...(options.accountId ? { accountId: options.accountId } : {}),
      ...(options.planId ? { planId: options.planId } : {}),
    },
  });
  return {
    ...made,
    status: options.status ?? "active",
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    trial_end: options.trialEnd ?? null,
    cancellation_details: {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: options.cancellationReason ?? null,
    },
  };
}

/** A paid invoice of the customer (of a subscription when one is given), as Stripe sends it. */
export function invoice(options: { customer: string; subscription?: string | null; accountId?: string }) {
  const id = `in_${uid()}`;
  const now = nowSeconds();
  return {
    id,
    object: "invoice",
    account_country: "US",
    account_name: "Blusteam",
    account_tax_ids: null,
    amount_due: 19_900,
    amount_overpaid: 0,
    amount_paid: 19_900,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: options.subscription ? "subscription_cycle" : "manual",
    collection_method: "charge_automatically",
    created: now,
    currency: "usd",
    custom_fields: null,
    customer: options.customer,
    customer_account: null,
    customer_address: null,
    customer_email: null,
    customer_name: null,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: "none",
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: now,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    issuer: { type: "self" },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: "list", data: [], has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `BLU-${uid().toUpperCase()}`,
    on_behalf_of: null,
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
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: now,
    period_start: now - 30 * 24 * 3600,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: "paid",
    status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: now, voided_at: null },
    subtotal: 19_900,
    subtotal_excluding_tax: 19_900,
    test_clock: null,
    total: 19_900,
    total_discount_amounts: [],
    total_excluding_tax: 19_900,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: now,
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
