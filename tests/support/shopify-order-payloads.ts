/**
 * Order and customer webhook payloads as Shopify sends them (REST JSON: snake_case, numeric ids,
 * decimal strings for money), for the orders tests, the e2e spec and the orders benchmark. Pure data:
 * Playwright workers import it too.
 */

export type TestSmsConsent = {
  state: "subscribed" | "not_subscribed" | "unsubscribed" | "pending" | "redacted";
  optInLevel?: "single_opt_in" | "confirmed_opt_in" | "unknown";
  /** ISO time; null when the customer never changed it. */
  updatedAt?: string | null;
};

export type TestBuyer = {
  customerId?: number | null;
  email?: string | null;
  phone?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  sms?: TestSmsConsent | null;
};

export type TestOrderLine = {
  variantId: number | string | null;
  price?: string;
  quantity?: number;
  title?: string;
};

/** The numeric id of a gid ("gid://shopify/ProductVariant/42" → 42), as webhooks carry them. */
export function legacyIdOf(id: number | string): number {
  return typeof id === "number" ? id : Number(String(id).split("/").pop());
}

export function smsConsentJson(sms: TestSmsConsent | null | undefined) {
  if (!sms) return null;
  return {
    state: sms.state,
    opt_in_level: sms.optInLevel ?? "single_opt_in",
    consent_updated_at: sms.updatedAt === undefined ? "2025-06-01T10:00:00-04:00" : sms.updatedAt,
    consent_collected_from: "SHOPIFY",
  };
}

export function customerJson(buyer: TestBuyer) {
  const id = buyer.customerId ?? null;
  return {
    id,
    admin_graphql_api_id: id === null ? null : `gid://shopify/Customer/${id}`,
    email: buyer.email ?? null,
    phone: buyer.phone ?? null,
    first_name: buyer.firstName ?? null,
    last_name: buyer.lastName ?? null,
    state: "enabled",
    currency: "USD",
    email_marketing_consent: {
      state: "not_subscribed",
      opt_in_level: "single_opt_in",
      consent_updated_at: null,
    },
    sms_marketing_consent: smsConsentJson(buyer.sms),
    default_address: null,
  };
}

/** An orders/create (or orders/updated) payload. */
export function orderJson(input: {
  id: number;
  name?: string;
  currency?: string;
  lines: TestOrderLine[];
  buyer?: TestBuyer | null;
  /** Order-level contact details (a guest checkout), besides or instead of the customer. */
  email?: string | null;
  phone?: string | null;
  billingName?: { first: string; last: string } | null;
  createdAt?: string;
  totalPrice?: string;
  cancelledAt?: string | null;
}) {
  const currency = input.currency ?? "USD";
  const total =
    input.totalPrice ??
    input.lines.reduce((sum, l) => sum + Number(l.price ?? "25.00") * (l.quantity ?? 1), 0).toFixed(2);
  const createdAt = input.createdAt ?? new Date().toISOString();
  return {
    id: input.id,
    admin_graphql_api_id: `gid://shopify/Order/${input.id}`,
    name: input.name ?? `#${1000 + (input.id % 100000)}`,
    email: input.email ?? input.buyer?.email ?? null,
    contact_email: input.email ?? input.buyer?.email ?? null,
    phone: input.phone ?? null,
    currency,
    presentment_currency: currency,
    total_price: total,
    current_total_price: total,
    subtotal_price: total,
    total_price_set: {
      shop_money: { amount: total, currency_code: currency },
      presentment_money: { amount: total, currency_code: currency },
    },
    financial_status: "paid",
    created_at: createdAt,
    processed_at: createdAt,
    updated_at: createdAt,
    cancelled_at: input.cancelledAt ?? null,
    buyer_accepts_marketing: false,
    customer: input.buyer ? customerJson(input.buyer) : null,
    billing_address: input.billingName
      ? { first_name: input.billingName.first, last_name: input.billingName.last, phone: null }
      : null,
    shipping_address: null,
    line_items: input.lines.map((line, index) => ({
      id: input.id * 10 + index,
      admin_graphql_api_id: `gid://shopify/LineItem/${input.id * 10 + index}`,
      variant_id: line.variantId === null ? null : legacyIdOf(line.variantId),
      product_id: null,
      title: line.title ?? "Item",
      name: line.title ?? "Item",
      quantity: line.quantity ?? 1,
      price: line.price ?? "25.00",
      price_set: {
        shop_money: { amount: line.price ?? "25.00", currency_code: currency },
        presentment_money: { amount: line.price ?? "25.00", currency_code: currency },
      },
    })),
  };
}

/** customers_marketing_consent/update, as Shopify sends it. */
export function marketingConsentJson(customerId: number, phone: string | null, sms: TestSmsConsent) {
  return { id: customerId, phone, sms_marketing_consent: smsConsentJson(sms) };
}
