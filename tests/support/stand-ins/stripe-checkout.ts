import {
  customerObject,
  invalidRequest,
  missingParam,
  noSuch,
  nowSeconds,
  type StripeObject,
  stripeId,
  subscriptionItemObject,
} from "./stripe-objects";
import type { ApiContext, CheckoutDetails, StripeStore } from "./stripe-store";

/**
 * Checkout Sessions in mode `subscription`, checked as Stripe checks them, plus two checks of the
 * stand-in's own (answered with a message starting "Stand-in:") for what the app relies on: a
 * client_reference_id naming the account, and {CHECKOUT_SESSION_ID} in success_url.
 */

const TRIAL_MIN_SECONDS = 48 * 60 * 60;

export type CheckoutFields = {
  clientReferenceId: string;
  customer: string | null;
  customerEmail: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string | null;
};

export function validateCheckout(context: ApiContext): { fields: CheckoutFields; details: CheckoutDetails } {
  const { form, store } = context;
  const mode = form.string("mode");
  if (!mode) throw missingParam("mode");
  if (mode !== "subscription")
    throw invalidRequest(`Stand-in: only mode=subscription is supported, not ${mode}.`, "mode");
  const items = form.objects("line_items");
  if (items.length === 0) throw missingParam("line_items");
  const lineItems = items.map((item, i) => {
    const priceId = item.string("price");
    if (!priceId) throw missingParam(`line_items[${i}][price]`);
    const price = store.prices.get(priceId);
    if (!price) throw noSuch("price", priceId, `line_items[${i}][price]`);
    if (!price.active)
      throw invalidRequest(
        "The price specified is inactive. This field only accepts active prices.",
        `line_items[${i}][price]`,
      );
    if (!price.recurring)
      throw invalidRequest(`Stand-in: line_items[${i}] is a one-time price.`, `line_items[${i}][price]`);
    const quantity = item.integer("quantity");
    if (price.recurring.usage_type === "metered") {
      if (quantity !== undefined)
        throw invalidRequest(
          `Quantity should not be specified where usage_type is \`metered\`. Remove quantity from \`line_items[${i}]\``,
          `line_items[${i}][quantity]`,
        );
      return { price };
    }
    if (quantity === undefined)
      throw invalidRequest(
        `Quantity is required. Add \`quantity\` to \`line_items[${i}]\``,
        `line_items[${i}][quantity]`,
      );
    return { price, quantity };
  });
  const intervals = new Set(
    lineItems.map(({ price }) => `${price.recurring.interval}/${price.recurring.interval_count}`),
  );
  if (intervals.size > 1)
    throw invalidRequest(
      "Checkout does not support multiple prices with different billing intervals.",
      "line_items",
    );
  const customer = form.string("customer") ?? null;
  const customerEmail = form.string("customer_email") ?? null;
  if (customer && customerEmail)
    throw invalidRequest("You may only specify one of these parameters: customer, customer_email.");
  if (customer) store.get(store.customers, "customer", customer, "customer");
  const clientReferenceId = form.string("client_reference_id");
  if (!clientReferenceId)
    throw invalidRequest("Stand-in: client_reference_id is missing (the app names the account there).");
  const successUrl = form.string("success_url");
  if (!successUrl?.includes("{CHECKOUT_SESSION_ID}"))
    throw invalidRequest(
      "Stand-in: success_url has no {CHECKOUT_SESSION_ID}: the app could not tell which session came back.",
      "success_url",
    );

  const data = form.object("subscription_data");
  const now = nowSeconds();
  const trialEnd = data.integer("trial_end");
  if (trialEnd !== undefined && trialEnd < now + TRIAL_MIN_SECONDS)
    throw invalidRequest(
      "The `trial_end` date has to be at least 2 days in the future.",
      "subscription_data[trial_end]",
    );
  const billingCycleAnchor = data.integer("billing_cycle_anchor");
  if (billingCycleAnchor !== undefined && billingCycleAnchor <= now)
    throw invalidRequest(
      "`billing_cycle_anchor` cannot be in the past.",
      "subscription_data[billing_cycle_anchor]",
    );
  const prorationBehavior = data.string("proration_behavior");
  if (prorationBehavior && !["create_prorations", "none"].includes(prorationBehavior))
    throw invalidRequest(
      "Invalid subscription_data[proration_behavior]: must be one of create_prorations or none",
      "subscription_data[proration_behavior]",
    );
  return {
    fields: {
      clientReferenceId,
      customer,
      customerEmail,
      metadata: form.metadata() ?? {},
      successUrl,
      cancelUrl: form.string("cancel_url") ?? null,
    },
    details: {
      lineItems,
      subscriptionData: {
        metadata: data.metadata() ?? {},
        trialEnd,
        billingCycleAnchor,
        prorationBehavior,
        description: data.string("description"),
      },
    },
  };
}

export function checkoutSessionObject(
  standInUrl: string,
  fields: CheckoutFields,
  details: CheckoutDetails,
): StripeObject {
  const id = stripeId("cs_test", 58);
  const created = nowSeconds();
  const amount = details.lineItems.reduce(
    (sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 0),
    0,
  );
  return {
    id,
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: amount,
    amount_total: amount,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: fields.cancelUrl,
    client_reference_id: fields.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: details.lineItems[0]!.price.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: fields.customer,
    customer_account: null,
    customer_creation: fields.customer ? null : "always",
    customer_details: null,
    customer_email: fields.customerEmail,
    discounts: [],
    expires_at: created + 24 * 60 * 60,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: fields.metadata,
    mode: "subscription",
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: "always",
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    payment_status: "unpaid",
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: "open",
    submit_type: null,
    subscription: null,
    success_url: fields.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    // Stripe's hosted page (API 2026-10-28 names it hosted_page).
    ui_mode: "hosted_page",
    url: `${standInUrl}/checkout/${id}`,
    wallet_options: null,
  };
}

export function portalSessionObject(standInUrl: string, customer: string, returnUrl: string | null) {
  const id = stripeId("bps");
  return {
    id,
    object: "billing_portal.session",
    configuration: stripeId("bpc"),
    created: nowSeconds(),
    customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: returnUrl,
    url: `${standInUrl}/portal/${id}`,
  };
}

/**
 * What pressing Pay does: a customer (when the session had none), a subscription with one item per
 * line item, the session complete. Answers the events to send and where the browser goes next.
 */
export function completeCheckout(store: StripeStore, sessionId: string) {
  const session = store.get(store.sessions, "checkout.session", sessionId);
  if (session.status !== "open")
    throw invalidRequest(`Stand-in: checkout session ${sessionId} is ${session.status}, not open.`);
  const details = store.checkoutDetails.get(sessionId)!;
  const now = nowSeconds();
  let customer = session.customer ? store.customers.get(session.customer)! : undefined;
  if (!customer) {
    customer = customerObject({ email: session.customer_email, name: null, metadata: {} });
    store.customers.set(customer.id, customer);
  }
  const { trialEnd, billingCycleAnchor, prorationBehavior, metadata, description } = details.subscriptionData;
  const subscriptionId = stripeId("sub");
  const items = details.lineItems.map((item) =>
    subscriptionItemObject(subscriptionId, item.price, item.quantity, now),
  );
  // The first period ends at the trial's end or the anchor; after it, a full interval each time.
  for (const item of items)
    if (trialEnd ?? billingCycleAnchor) item.current_period_end = trialEnd ?? billingCycleAnchor;
  const subscription = subscriptionObject({
    id: subscriptionId,
    customer: customer.id,
    currency: session.currency,
    items,
    now,
    trialEnd,
    billingCycleAnchor,
    metadata,
    description,
  });
  store.subscriptions.set(subscriptionId, subscription);
  const nothingChargedNow =
    Boolean(trialEnd) || (Boolean(billingCycleAnchor) && prorationBehavior === "none");
  Object.assign(session, {
    status: "complete",
    payment_status: nothingChargedNow ? "no_payment_required" : "paid",
    customer: customer.id,
    subscription: subscriptionId,
    customer_details: {
      address: null,
      business_name: null,
      email: customer.email,
      individual_name: null,
      name: customer.name,
      phone: null,
      tax_exempt: "none",
      tax_ids: [],
    },
    url: null,
  });
  return {
    session,
    subscription,
    redirectTo: session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id) as string,
  };
}

/** A subscription as Stripe answers it (API 2026-10-28), over subscription items already made. */
export function subscriptionObject(fields: {
  id: string;
  customer: string;
  currency: string;
  items: StripeObject[];
  now: number;
  trialEnd?: number;
  billingCycleAnchor?: number;
  metadata: Record<string, string>;
  description?: string | null;
}): StripeObject {
  const {
    id: subscriptionId,
    customer,
    currency,
    items,
    now,
    trialEnd,
    billingCycleAnchor,
    metadata,
    description,
  } = fields;
  return {
    id: fields.id,
    object: "subscription",
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: trialEnd ?? billingCycleAnchor ?? now,
    billing_cycle_anchor_config: null,
    billing_schedules: [],
    billing_mode: { type: "flexible", flexible: { proration_discounts: "included" }, updated_at: now },
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: "charge_automatically",
    created: now,
    currency,
    customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: stripeId("pm"),
    default_source: null,
    description: description ?? null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: "self" },
    },
    items: {
      object: "list",
      data: items,
      has_more: false,
      url: `/v1/subscription_items?subscription=${subscriptionId}`,
    },
    latest_invoice: stripeId("in"),
    livemode: false,
    managed_payments: null,
    metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: "off",
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: trialEnd ? "trialing" : "active",
    test_clock: null,
    transfer_data: null,
    trial_end: trialEnd ?? null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" },
    },
    trial_start: trialEnd ? now : null,
  };
}
