import { documentedSample, objectWith, sampleWith } from "./shopify-webhook-samples";

/**
 * Order, customer and marketing-consent webhook payloads for the orders tests, the e2e specs and the
 * Shopify stand-in: Shopify's documented samples (shopify-webhook-samples.ts) with a few explicit
 * overrides each (ids, contact details, amounts, line items). Since API 2025-01 an order's customer
 * and customers/update carry no SMS consent: a test that wants a buyer to have consented sends
 * customers_marketing_consent/update (marketingConsentJson) or seeds the stand-in's customer, whom
 * the app then asks through the Admin API. Pure data: Playwright workers import it too.
 */

export type TestSmsConsent = {
  state: "subscribed" | "not_subscribed" | "unsubscribed" | "pending" | "redacted";
  optInLevel?: "single_opt_in" | "confirmed_opt_in" | "unknown";
  /** ISO time; null when the customer never changed it. Omitted: 2025-06-01T10:00:00-04:00. */
  updatedAt?: string | null;
  /** Shopify's consent_collected_from: SHOPIFY (checkout, customer account, admin) or OTHER. */
  collectedFrom?: "SHOPIFY" | "OTHER";
};

export type TestBuyer = {
  customerId?: number | null;
  email?: string | null;
  phone?: string | null;
  firstName?: string | null;
  lastName?: string | null;
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

/** The customer's own fields, on the sample's customer object of the given topic. */
function customerOverrides(buyer: TestBuyer) {
  const id = buyer.customerId ?? null;
  return {
    id,
    admin_graphql_api_id: id === null ? null : `gid://shopify/Customer/${id}`,
    email: buyer.email ?? null,
    phone: buyer.phone ?? null,
    first_name: buyer.firstName ?? null,
    last_name: buyer.lastName ?? null,
  };
}

/** The sample's default address, holding the buyer's names and phone (the sample's are someone else's). */
function defaultAddressOf(template: unknown, buyer: TestBuyer) {
  return objectWith(
    template,
    {
      customer_id: buyer.customerId ?? null,
      first_name: buyer.firstName ?? null,
      last_name: buyer.lastName ?? null,
      name: [buyer.firstName, buyer.lastName].filter(Boolean).join(" "),
      phone: buyer.phone ?? null,
    },
    "default_address",
  );
}

/** A customers/update payload: Shopify's sample with the buyer's id and contact details. */
export function customerJson(buyer: TestBuyer) {
  const sample = documentedSample("customers/update");
  return sampleWith("customers/update", {
    ...customerOverrides(buyer),
    default_address: defaultAddressOf(sample.default_address, buyer),
  });
}

/** An orders/create (or orders/updated) payload: Shopify's sample with the test's order. */
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
  const sample = documentedSample("orders/create");
  const currency = input.currency ?? "USD";
  const total =
    input.totalPrice ??
    input.lines.reduce((sum, l) => sum + Number(l.price ?? "25.00") * (l.quantity ?? 1), 0).toFixed(2);
  const money = (amount: string) => ({
    shop_money: { amount, currency_code: currency },
    presentment_money: { amount, currency_code: currency },
  });
  const createdAt = input.createdAt ?? new Date().toISOString();
  const [lineTemplate] = sample.line_items as unknown[];
  const sampleCustomer = sample.customer as Record<string, unknown>;
  const first = input.billingName?.first ?? input.buyer?.firstName ?? null;
  const last = input.billingName?.last ?? input.buyer?.lastName ?? null;
  const addressOf = (template: unknown, what: string) =>
    objectWith(
      template,
      {
        first_name: first,
        last_name: last,
        name: [first, last].filter(Boolean).join(" "),
        phone: input.buyer?.phone ?? "",
      },
      what,
    );
  return sampleWith("orders/create", {
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
    total_price_set: money(total),
    current_total_price_set: money(total),
    created_at: createdAt,
    processed_at: createdAt,
    updated_at: createdAt,
    // The sample's order is cancelled; ours is not unless the test says so.
    cancelled_at: input.cancelledAt ?? null,
    cancel_reason: input.cancelledAt ? "customer" : null,
    customer: input.buyer
      ? objectWith(
          sampleCustomer,
          {
            ...customerOverrides(input.buyer),
            default_address: defaultAddressOf(sampleCustomer.default_address, input.buyer),
          },
          "order customer",
        )
      : null,
    // The sample's addresses belong to someone else: they hold the billing name the test gives (else
    // the buyer's) and the buyer's phone, or "" (the package's schema, inferred from Shopify's samples,
    // types an address's phone as a string).
    billing_address: addressOf(sample.billing_address, "billing_address"),
    shipping_address: addressOf(sample.shipping_address, "shipping_address"),
    line_items: input.lines.map((line, index) => {
      const price = line.price ?? "25.00";
      return objectWith(
        lineTemplate,
        {
          id: input.id * 10 + index,
          admin_graphql_api_id: `gid://shopify/LineItem/${input.id * 10 + index}`,
          variant_id: line.variantId === null ? null : legacyIdOf(line.variantId),
          product_id: null,
          title: line.title ?? "Item",
          name: line.title ?? "Item",
          quantity: line.quantity ?? 1,
          current_quantity: line.quantity ?? 1,
          price,
          price_set: money(price),
        },
        "line item",
      );
    }),
  });
}

/** customers_marketing_consent/update: Shopify's sample with the customer's id, phone and consent. */
export function marketingConsentJson(customerId: number, phone: string | null, sms: TestSmsConsent) {
  const sample = documentedSample("customers_marketing_consent/update");
  return sampleWith("customers_marketing_consent/update", {
    id: customerId,
    phone,
    sms_marketing_consent: objectWith(
      sample.sms_marketing_consent,
      {
        state: sms.state,
        opt_in_level: sms.optInLevel ?? "single_opt_in",
        consent_updated_at: sms.updatedAt === undefined ? "2025-06-01T10:00:00-04:00" : sms.updatedAt,
        consent_collected_from: sms.collectedFrom ?? "SHOPIFY",
      },
      "sms_marketing_consent",
    ),
  });
}
