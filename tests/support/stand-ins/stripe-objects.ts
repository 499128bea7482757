import { randomBytes } from "node:crypto";

/**
 * The Stripe stand-in's objects, in Stripe's shapes (API version of the installed SDK): ids with
 * Stripe's prefixes, list objects, errors. The stand-in keeps them as plain JSON, as Stripe answers.
 */

// biome-ignore lint/suspicious/noExplicitAny: Stripe objects are JSON; the stand-in reads a few fields of each.
export type StripeObject = { id: string; object: string; [field: string]: any };

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = "";
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
  return `${prefix}_${id}`;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; message: string; code?: string; param?: string },
    readonly headers: Record<string, string> = {},
  ) {
    super(error.message);
  }
  answer() {
    const { code } = this.error;
    const docUrl = code ? { doc_url: `https://stripe.com/docs/error-codes/${code.replace(/_/g, "-")}` } : {};
    return { status: this.status, body: { error: { ...this.error, ...docUrl } } };
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, {
    type: "invalid_request_error",
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });

export const missingParam = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, param, "parameter_missing");

export const noSuch = (kind: string, id: string, param = "id") =>
  new StripeApiError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    message: `No such ${kind}: '${id}'`,
    param,
  });

/** Ready-made failures for failNext(), as Stripe answers them. */
export const stripeErrors = {
  rateLimited: {
    status: 429,
    body: {
      error: {
        type: "invalid_request_error",
        code: "rate_limit",
        message:
          "Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.",
      },
    },
  },
  apiError: {
    status: 500,
    body: { error: { type: "api_error", message: "An unknown error occurred" } },
  },
  unavailable: {
    status: 503,
    body: { error: { type: "api_error", message: "Stripe is temporarily unavailable." } },
  },
  lockTimeout: {
    status: 409,
    body: {
      error: {
        type: "invalid_request_error",
        code: "lock_timeout",
        message: "This object cannot be accessed right now because another API request is using it.",
      },
    },
  },
};

/** A page of a list, newest first, as Stripe's list endpoints answer (limit, starting_after). */
export function listOf(
  items: StripeObject[],
  url: string,
  query?: { limit?: number; startingAfter?: string },
) {
  const limit = Math.min(Math.max(query?.limit ?? 10, 1), 100);
  let start = 0;
  if (query?.startingAfter) start = items.findIndex((item) => item.id === query.startingAfter) + 1;
  const data = items.slice(start, start + limit);
  return { object: "list", data, has_more: start + limit < items.length, url };
}

export function productObject(fields: {
  id?: string;
  name: string;
  description?: string | null;
  metadata: Record<string, string>;
  active: boolean;
}): StripeObject {
  const created = nowSeconds();
  return {
    id: fields.id ?? stripeId("prod", 14),
    object: "product",
    active: fields.active,
    created,
    default_price: null,
    description: fields.description ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: fields.metadata,
    name: fields.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: "service",
    unit_label: null,
    updated: created,
    url: null,
  };
}

export function priceObject(fields: {
  product: string;
  currency: string;
  unitAmount: number;
  recurring: { interval: string; interval_count: number; usage_type: string; meter: string | null } | null;
  lookupKey: string | null;
  nickname: string | null;
  metadata: Record<string, string>;
  active: boolean;
}): StripeObject {
  return {
    id: stripeId("price"),
    object: "price",
    active: fields.active,
    billing_scheme: "per_unit",
    created: nowSeconds(),
    currency: fields.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: fields.lookupKey,
    metadata: fields.metadata,
    nickname: fields.nickname,
    product: fields.product,
    recurring: fields.recurring ? { ...fields.recurring, trial_period_days: null } : null,
    tax_behavior: "unspecified",
    tiers_mode: null,
    transform_quantity: null,
    type: fields.recurring ? "recurring" : "one_time",
    unit_amount: fields.unitAmount,
    unit_amount_decimal: String(fields.unitAmount),
  };
}

export function meterObject(fields: {
  displayName: string;
  eventName: string;
  formula: string;
  customerKey: string;
  valueKey: string;
}): StripeObject {
  const created = nowSeconds();
  return {
    id: stripeId("mtr", 24),
    object: "billing.meter",
    created,
    customer_mapping: { event_payload_key: fields.customerKey, type: "by_id" },
    default_aggregation: { formula: fields.formula },
    display_name: fields.displayName,
    event_name: fields.eventName,
    event_time_window: null,
    livemode: false,
    status: "active",
    status_transitions: { deactivated_at: null },
    updated: created,
    value_settings: { event_payload_key: fields.valueKey },
  };
}

export function customerObject(fields: {
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
}): StripeObject {
  const id = stripeId("cus", 14);
  return {
    id,
    object: "customer",
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: null,
    email: fields.email,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: fields.metadata,
    name: fields.name,
    phone: null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: "none",
    test_clock: null,
  };
}

/** The end of one billing period from `start`: Stripe adds calendar months or years. */
export function periodEnd(start: number, interval: string, count = 1): number {
  const date = new Date(start * 1000);
  if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === "month") date.setUTCMonth(date.getUTCMonth() + count);
  else if (interval === "week") date.setUTCDate(date.getUTCDate() + 7 * count);
  else date.setUTCDate(date.getUTCDate() + count);
  return Math.floor(date.getTime() / 1000);
}

export function subscriptionItemObject(
  subscriptionId: string,
  price: StripeObject,
  quantity: number | undefined,
  periodStart: number,
): StripeObject {
  const metered = price.recurring?.usage_type === "metered";
  return {
    id: stripeId("si", 14),
    object: "subscription_item",
    billing_thresholds: null,
    created: nowSeconds(),
    current_period_end: periodEnd(
      periodStart,
      price.recurring?.interval ?? "month",
      price.recurring?.interval_count,
    ),
    current_period_start: periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price,
    // A metered item has no quantity: Stripe bills its meter.
    ...(metered ? {} : { quantity: quantity ?? 1 }),
    subscription: subscriptionId,
    tax_rates: [],
  };
}

/**
 * The legacy Plan Stripe still puts on every subscription item beside its price: the same recurring
 * price, in the Plans API's shape (same id).
 */
export function planOf(price: StripeObject): StripeObject {
  const recurring = price.recurring ?? {
    interval: "month",
    interval_count: 1,
    usage_type: "licensed",
    meter: null,
  };
  return {
    id: price.id,
    object: "plan",
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: price.billing_scheme,
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: recurring.meter,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: recurring.usage_type,
  };
}

/** Stripe's metadata update: keys merge in, an empty value removes a key, an empty hash clears all. */
export function mergeMetadata(object: StripeObject, changes: Record<string, string> | undefined) {
  if (!changes) return;
  if (Object.keys(changes).length === 0) object.metadata = {};
  for (const [key, value] of Object.entries(changes)) {
    if (value === "") delete object.metadata[key];
    else object.metadata[key] = value;
  }
}
