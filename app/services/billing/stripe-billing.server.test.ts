import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "vitest";
import { priceLookupKey } from "#db/seed-plans";
import { resetConfigForTests } from "~/config.server";
import { syncStripeCatalogue } from "~/domain/billing/stripe-sync.server";
import {
  type StripeStandIn,
  startStripeStandIn,
  stripeErrors,
} from "../../../tests/support/stand-ins/stripe";
import { type CheckoutRequest, stripeBilling } from "./stripe-billing.server";
import { stripeClient } from "./stripe-client.server";

/** The adapter's contract: every method, through the official SDK, against the local Stripe stand-in. */

const KEY = "sk_test_adapter_0000000000000000";
const METER = "blusteam_overage_messages";
const HOUR = 60 * 60 * 1000;
const ENV = ["STRIPE_SECRET_KEY", "STRIPE_API_URL", "STRIPE_METER_EVENT_NAME"] as const;

let stand: StripeStandIn;
let saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  stand = await startStripeStandIn({ apiKey: KEY });
});
afterAll(async () => {
  await stand.close();
});
beforeEach(async () => {
  saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
  stand.reset();
  process.env.STRIPE_SECRET_KEY = KEY;
  process.env.STRIPE_API_URL = stand.url;
  process.env.STRIPE_METER_EVENT_NAME = METER;
  resetConfigForTests();
  await syncStripeCatalogue(stripeClient()!, { meterEventName: METER });
  stand.requests.length = 0;
});
afterEach(() => {
  for (const key of ENV) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetConfigForTests();
});

const keys = (planId: string) => [priceLookupKey(planId, "month"), priceLookupKey(planId, "overage")];
const priceOf = (lookupKey: string) => stand.prices().find((p) => p.lookup_key === lookupKey)!;

const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  accountId: "2b7f3f0e-8f1c-4c55-9d0e-0d3c1a7f6a11",
  planId: "lite-2500",
  lookupKeys: keys("lite-2500"),
  customerId: null,
  customerEmail: "owner@acme.test",
  successUrl: "https://app.blusteam.test/billing/return?session_id={CHECKOUT_SESSION_ID}",
  cancelUrl: "https://app.blusteam.test/billing",
  ...overrides,
});

async function paidSubscription(planId = "lite-2500") {
  const billing = stripeBilling()!;
  const { id } = await billing.createCheckoutSession(checkout({ planId, lookupKeys: keys(planId) }));
  await stand.pay(id);
  return { billing, state: await billing.retrieveCheckoutSession(id) };
}

test("without STRIPE_SECRET_KEY there is no adapter", () => {
  delete process.env.STRIPE_SECRET_KEY;
  resetConfigForTests();
  expect(stripeBilling()).toBeNull();
});

test("a checkout session buys the monthly price once and the metered overage price without a quantity", async () => {
  const session = await stripeBilling()!.createCheckoutSession(checkout());

  expect(session.url).toBe(`${stand.url}/checkout/${session.id}`);
  expect(session.id).toMatch(/^cs_test_/);
  const sent = stand.requests.find((r) => r.method === "POST" && r.path === "/v1/checkout/sessions")!.form;
  expect(sent).toMatchObject({
    mode: "subscription",
    line_items: [
      { price: priceOf(priceLookupKey("lite-2500", "month")).id, quantity: "1" },
      { price: priceOf(priceLookupKey("lite-2500", "overage")).id },
    ],
    client_reference_id: "2b7f3f0e-8f1c-4c55-9d0e-0d3c1a7f6a11",
    metadata: { accountId: "2b7f3f0e-8f1c-4c55-9d0e-0d3c1a7f6a11", planId: "lite-2500" },
    subscription_data: {
      metadata: { accountId: "2b7f3f0e-8f1c-4c55-9d0e-0d3c1a7f6a11", planId: "lite-2500" },
    },
    customer_email: "owner@acme.test",
  });
  expect((sent.line_items as object[])[1]).not.toHaveProperty("quantity");
  // The yearly price exists in Stripe but is not bought: the caller passes month and overage keys only.
  expect(JSON.stringify(sent)).not.toContain(priceOf(priceLookupKey("lite-2500", "year")).id);
  expect(sent).not.toHaveProperty("subscription_data.trial_end");
});

test("a known customer is reused instead of an email", async () => {
  const { state } = await paidSubscription();
  await stripeBilling()!.createCheckoutSession(checkout({ customerId: state.customerId }));
  const sent = stand.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.form;
  expect(sent.customer).toBe(state.customerId);
  expect(sent).not.toHaveProperty("customer_email");
});

test("a late start two days or more ahead is a trial: nothing is charged before it", async () => {
  const now = new Date();
  const startAt = new Date(now.getTime() + 72 * HOUR);
  const billing = stripeBilling()!;
  const { id } = await billing.createCheckoutSession(checkout({ startAt, now }));

  const sent = stand.requests.find((r) => r.path === "/v1/checkout/sessions")!.form;
  expect(sent.subscription_data).toMatchObject({ trial_end: String(Math.floor(startAt.getTime() / 1000)) });
  await stand.pay(id);
  expect(await billing.retrieveCheckoutSession(id)).toMatchObject({
    status: "complete",
    paymentStatus: "no_payment_required",
  });
  expect(stand.subscriptions()[0]).toMatchObject({
    status: "trialing",
    trial_end: Math.floor(startAt.getTime() / 1000),
  });
});

test("a late start less than two days ahead anchors the first period there, without proration", async () => {
  const now = new Date();
  const startAt = new Date(now.getTime() + 30 * HOUR);
  await stripeBilling()!.createCheckoutSession(checkout({ startAt, now }));
  const sent = stand.requests.find((r) => r.path === "/v1/checkout/sessions")!.form;
  expect(sent.subscription_data).toMatchObject({
    billing_cycle_anchor: String(Math.floor(startAt.getTime() / 1000)),
    proration_behavior: "none",
  });
  expect(sent).not.toHaveProperty("subscription_data.trial_end");
});

test("a lookup key Stripe does not have says to run stripe:sync", async () => {
  await expect(
    stripeBilling()!.createCheckoutSession(checkout({ lookupKeys: ["blusteam_nope_month"] })),
  ).rejects.toThrow(
    "Stripe has no active price with lookup key blusteam_nope_month: run npm run stripe:sync",
  );
  expect(stand.sessions()).toEqual([]);
});

test("a paid checkout session reads back complete, with its customer, subscription and plan", async () => {
  const { state } = await paidSubscription();
  const [subscription] = stand.subscriptions();
  expect(state).toEqual({
    id: stand.sessions()[0]!.id,
    clientReferenceId: "2b7f3f0e-8f1c-4c55-9d0e-0d3c1a7f6a11",
    status: "complete",
    paymentStatus: "paid",
    customerId: subscription!.customer,
    subscriptionId: subscription!.id,
    planId: "lite-2500",
  });
  expect(stand.customers()[0]!.email).toBe("owner@acme.test");
});

test("changing plan swaps both the licensed and the metered item, prorated", async () => {
  const { billing, state } = await paidSubscription("lite-2500");
  const before = stand.subscriptions()[0]!.items.data.map((i: { id: string }) => i.id);

  const result = await billing.changeSubscriptionPlan({
    subscriptionId: state.subscriptionId!,
    planId: "standard-25000",
    lookupKeys: keys("standard-25000"),
  });

  const month = priceOf(priceLookupKey("standard-25000", "month"));
  const overage = priceOf(priceLookupKey("standard-25000", "overage"));
  expect(result).toEqual({ priceId: month.id, status: "active" });
  const subscription = stand.subscriptions()[0]!;
  expect(
    subscription.items.data.map((i: { id: string; price: { id: string } }) => [i.id, i.price.id]),
  ).toEqual([
    [before[0], month.id],
    [before[1], overage.id],
  ]);
  expect(subscription.items.data[0].quantity).toBe(1);
  expect(subscription.items.data[1]).not.toHaveProperty("quantity");
  expect(subscription.metadata).toMatchObject({ planId: "standard-25000" });
  expect(stand.subscriptionUpdates()).toEqual([
    expect.objectContaining({ subscriptionId: state.subscriptionId, prorationBehavior: "create_prorations" }),
  ]);
});

test("the billing portal session sends the customer back to the return URL", async () => {
  const { billing, state } = await paidSubscription();
  const portal = await billing.createPortalSession(state.customerId!, "https://app.blusteam.test/billing");
  expect(portal.url).toMatch(new RegExp(`^${stand.url}/portal/bps_`));
  expect(stand.portalSessions()[0]).toMatchObject({
    customer: state.customerId,
    return_url: "https://app.blusteam.test/billing",
  });
  const page = await (await fetch(portal.url)).text();
  expect(page).toContain("Stand-in Billing Portal");
  expect(page).toContain('href="https://app.blusteam.test/billing"');
});

test("a meter event is recorded once; the same identifier again is answered duplicate", async () => {
  const { billing, state } = await paidSubscription();
  const event = {
    eventName: METER,
    customerId: state.customerId!,
    identifier: "message-6f1c0b1e",
    occurredAt: new Date(),
    value: 1,
  };

  expect(await billing.reportMeterEvent(event)).toBe("recorded");
  expect(await billing.reportMeterEvent(event)).toBe("duplicate");
  expect(await billing.reportMeterEvent({ ...event, identifier: "message-77aa" })).toBe("recorded");

  expect(stand.meterTotal(state.customerId!, METER)).toBe(2);
  expect(stand.meterEvents().map((e) => e.identifier)).toEqual(["message-6f1c0b1e", "message-77aa"]);
});

test("a meter event retried by the SDK after a server error is counted once", async () => {
  const { billing, state } = await paidSubscription();
  stand.failNext(stripeErrors.apiError);
  const event = {
    eventName: METER,
    customerId: state.customerId!,
    identifier: "m-1",
    occurredAt: new Date(),
    value: 3,
  };
  expect(await billing.reportMeterEvent(event)).toBe("recorded");
  const posts = stand.requests.filter((r) => r.path === "/v1/billing/meter_events");
  expect(posts).toHaveLength(2);
  expect(posts[0]!.headers["idempotency-key"]).toBe(posts[1]!.headers["idempotency-key"]);
  expect(stand.meterTotal(state.customerId!)).toBe(3);
});

test("another refusal of a meter event is thrown, not taken for a duplicate", async () => {
  const { billing, state } = await paidSubscription();
  const event = {
    eventName: METER,
    customerId: state.customerId!,
    identifier: "m-old",
    occurredAt: new Date(Date.now() - 40 * 24 * HOUR),
    value: 1,
  };
  await expect(billing.reportMeterEvent(event)).rejects.toThrow("35 days in the past");
});
