import type Stripe from "stripe";

/**
 * The Stripe SDK's own types for each object the stand-in answers, by the object's `object` value:
 * tests/unit/stripe-contract.test.ts checks every stand-in answer against the type of its kind.
 * The SDK's types are generated from Stripe's OpenAPI for the SDK's pinned API version.
 */
export type StripeObjectTypes = {
  product: Stripe.Product;
  price: Stripe.Price;
  "billing.meter": Stripe.Billing.Meter;
  "billing.meter_event": Stripe.Billing.MeterEvent;
  customer: Stripe.Customer;
  subscription: Stripe.Subscription;
  subscription_item: Stripe.SubscriptionItem;
  "checkout.session": Stripe.Checkout.Session;
  "billing_portal.session": Stripe.BillingPortal.Session;
  item: Stripe.LineItem;
  invoice: Stripe.Invoice;
  event: Stripe.Event;
  list: Stripe.ApiList<{ object: string }>;
};
