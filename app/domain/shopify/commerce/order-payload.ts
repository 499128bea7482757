import { z } from "zod";
import type { CountryCode } from "~/domain/accounts/country";
import { normalizePhone } from "~/domain/contacts/phone";
import { toMinorUnits } from "~/domain/kernel/money";

/**
 * Shopify's order and customer webhook payloads (the REST shape: snake_case, ids as numbers, money as
 * decimal strings), read leniently: a field we do not need may be missing or null without the order
 * being refused. Pure functions, so the rules are tested without a database.
 */

const id = z.union([z.number(), z.string()]);
const text = z.string().nullish();
const money = z.union([z.string(), z.number()]).nullish();

const address = z.object({ first_name: text, last_name: text, phone: text }).partial().nullish();

/**
 * A customer's SMS marketing consent as customers_marketing_consent/update sends it. Since API
 * 2025-01 the customer of orders/* and customers/update no longer carries it (Shopify's "New
 * customer's webhook and changes to existing customer's webhooks payload"): an order's buyer takes
 * the consent kept from that topic, or the Admin API's (customer-consents.server.ts).
 */
export const smsConsentPayload = z
  .object({
    state: text,
    opt_in_level: text,
    consent_updated_at: text,
    consent_collected_from: text,
  })
  .partial()
  .nullish();

export const customerPayload = z.object({
  id: id.nullish(),
  admin_graphql_api_id: text,
  email: text,
  phone: text,
  first_name: text,
  last_name: text,
  default_address: address,
});

const lineItem = z.object({
  variant_id: id.nullish(),
  title: text,
  name: text,
  quantity: z.number().nullish(),
  price: money,
});

export const orderPayload = z.object({
  id,
  admin_graphql_api_id: text,
  name: text,
  email: text,
  contact_email: text,
  phone: text,
  currency: z.string().min(3).max(3),
  total_price: money,
  current_total_price: money,
  created_at: text,
  processed_at: text,
  cancelled_at: text,
  customer: customerPayload.nullish(),
  billing_address: address,
  shipping_address: address,
  line_items: z.array(lineItem).nullish(),
});

export type OrderPayload = z.infer<typeof orderPayload>;
export type CustomerPayload = z.infer<typeof customerPayload>;

/** Shopify's SMS marketing states; anything else (a state added later) is read as "not_subscribed". */
export type ShopifySmsState = "subscribed" | "not_subscribed" | "unsubscribed" | "pending" | "redacted";

export type ShopifySmsConsent = {
  state: ShopifySmsState;
  /** single_opt_in, confirmed_opt_in or unknown. */
  optInLevel: string | null;
  /** When the customer last changed it; null when they never did. */
  updatedAt: Date | null;
  /** shopify (checkout, customer account, the store's admin) or other (an app, an import), lowercased. */
  collectedFrom: string | null;
};

const STATES = new Set<ShopifySmsState>([
  "subscribed",
  "not_subscribed",
  "unsubscribed",
  "pending",
  "redacted",
]);

/** Shopify's consent in our words: states and levels lowercased, an unreadable time as none. */
function consentOf(raw: {
  state: string | null | undefined;
  optInLevel: string | null | undefined;
  updatedAt: string | null | undefined;
  collectedFrom: string | null | undefined;
}): ShopifySmsConsent | null {
  if (!raw.state?.trim()) return null;
  const state = raw.state.trim().toLowerCase() as ShopifySmsState;
  const updatedAt = raw.updatedAt ? new Date(raw.updatedAt) : null;
  return {
    // The Admin API's NEVER_SUBSCRIBED (CustomerMarketingConsentState) is the webhooks' not_subscribed.
    state: STATES.has(state) ? state : "not_subscribed",
    optInLevel: raw.optInLevel?.trim().toLowerCase() || null,
    updatedAt: updatedAt && !Number.isNaN(updatedAt.getTime()) ? updatedAt : null,
    collectedFrom: raw.collectedFrom?.trim().toLowerCase() || null,
  };
}

/** The consent of a customers_marketing_consent/update payload; null when it names no state. */
export function smsConsentOf(raw: z.infer<typeof smsConsentPayload>): ShopifySmsConsent | null {
  return consentOf({
    state: raw?.state,
    optInLevel: raw?.opt_in_level,
    updatedAt: raw?.consent_updated_at,
    collectedFrom: raw?.consent_collected_from,
  });
}

/** The consent of the Admin API's CustomerPhoneNumber (enum values in capitals). */
export function smsConsentOfAdmin(raw: Parameters<typeof consentOf>[0]): ShopifySmsConsent | null {
  return consentOf(raw);
}

/** A Shopify object's GraphQL id: the payload's admin_graphql_api_id, else built from its numeric id. */
export function shopifyGid(
  type: "Order" | "Customer" | "ProductVariant",
  numeric: string | number | null | undefined,
  gid?: string | null,
): string | null {
  if (gid?.startsWith(`gid://shopify/${type}/`)) return gid;
  if (numeric === null || numeric === undefined || numeric === "") return null;
  return `gid://shopify/${type}/${numeric}`;
}

/** The buyer as a contact would hold them: E.164 phone, lowercased email, names, Shopify's id. */
export type Buyer = {
  shopifyCustomerId: string | null;
  phone: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  smsConsent: ShopifySmsConsent | null;
};

const clean = (value: string | null | undefined) => value?.trim() || null;
// `country`: the company's, for a number the shopper wrote without "+country code".
const phoneOf = (country: CountryCode | undefined, ...candidates: (string | null | undefined)[]) => {
  for (const candidate of candidates) {
    const phone = candidate?.trim() ? normalizePhone(candidate, country) : null;
    if (phone) return phone;
  }
  return null;
};

/** The customer of a customers/* payload. */
export function buyerOfCustomer(customer: CustomerPayload, country?: CountryCode): Buyer {
  return {
    shopifyCustomerId: shopifyGid("Customer", customer.id, customer.admin_graphql_api_id),
    // The customer's own phone is the one their SMS consent is for; an address's is the fallback.
    phone: phoneOf(country, customer.phone, customer.default_address?.phone),
    email: clean(customer.email)?.toLowerCase() ?? null,
    firstName: clean(customer.first_name) ?? clean(customer.default_address?.first_name),
    lastName: clean(customer.last_name) ?? clean(customer.default_address?.last_name),
    // Not in the payload since API 2025-01: the caller sets the consent it knows of.
    smsConsent: null,
  };
}

/** The buyer of an order: its customer, completed from the order's own contact details and addresses. */
export function buyerOfOrder(order: OrderPayload, country?: CountryCode): Buyer {
  const customer = order.customer ? buyerOfCustomer(order.customer, country) : null;
  const billing = order.billing_address;
  const shipping = order.shipping_address;
  return {
    shopifyCustomerId: customer?.shopifyCustomerId ?? null,
    phone: customer?.phone ?? phoneOf(country, order.phone, billing?.phone, shipping?.phone),
    email: customer?.email ?? clean(order.email ?? order.contact_email)?.toLowerCase() ?? null,
    firstName: customer?.firstName ?? clean(billing?.first_name) ?? clean(shipping?.first_name),
    lastName: customer?.lastName ?? clean(billing?.last_name) ?? clean(shipping?.last_name),
    smsConsent: customer?.smsConsent ?? null,
  };
}

export type OrderLine = {
  variantId: string | null;
  title: string;
  quantity: number;
  priceMinor: number;
};

export function orderLines(order: OrderPayload): OrderLine[] {
  return (order.line_items ?? []).map((item) => ({
    variantId: shopifyGid("ProductVariant", item.variant_id),
    title: clean(item.title) ?? clean(item.name) ?? "",
    quantity: item.quantity ?? 1,
    priceMinor: toMinorUnits(item.price, order.currency) ?? 0,
  }));
}

/** When the order was placed: processed_at (imported orders keep their real date there), else created_at. */
export function placedAtOf(order: OrderPayload, fallback: Date): Date {
  for (const value of [order.processed_at, order.created_at]) {
    const date = value ? new Date(value) : null;
    if (date && !Number.isNaN(date.getTime())) return date;
  }
  return fallback;
}

/** The order's total now (after edits and refunds), else as placed. */
export function orderTotalMinor(order: OrderPayload): number {
  return (
    toMinorUnits(order.current_total_price, order.currency) ??
    toMinorUnits(order.total_price, order.currency) ??
    0
  );
}
