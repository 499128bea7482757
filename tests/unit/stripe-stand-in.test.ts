import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import {
  postStripeEvent,
  type StripeStandIn,
  signedStripeEvent,
  startStripeStandIn,
  stripeErrors,
} from "../support/stand-ins/stripe";
import { parseStripeForm } from "../support/stand-ins/stripe-form";

/** The Stripe stand-in answers the official SDK as Stripe does, and its webhooks verify with the SDK. */

const KEY = "sk_test_stand_in_000000000000";
const SECRET = "whsec_stand_in_test_secret";
let stand: StripeStandIn;
let stripe: Stripe;
let app: Server;
const received: Array<{ body: string; signature: string }> = [];

beforeAll(async () => {
  // The app's webhook endpoint: keeps the raw body and signature of each delivery.
  app = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ body, signature: String(req.headers["stripe-signature"]) });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhooks/stripe`;
  stand = await startStripeStandIn({ apiKey: KEY, webhookUrl: appUrl, webhookSecret: SECRET });
  const { hostname, port } = new URL(stand.url);
  stripe = new Stripe(KEY, { host: hostname, port, protocol: "http", maxNetworkRetries: 0 });
});
afterAll(async () => {
  await stand.close();
  await new Promise((resolve) => app.close(resolve));
});
beforeEach(() => {
  stand.reset();
  received.length = 0;
});

async function catalogue() {
  const meter = await stripe.billing.meters.create({
    display_name: "Overage",
    event_name: "overage",
    default_aggregation: { formula: "sum" },
  });
  const product = await stripe.products.create({ name: "Lite", metadata: { planId: "lite" } });
  const month = await stripe.prices.create({
    product: product.id,
    currency: "usd",
    unit_amount: 19_900,
    recurring: { interval: "month" },
    lookup_key: "lite_month",
  });
  const overage = await stripe.prices.create({
    product: product.id,
    currency: "usd",
    unit_amount: 60,
    recurring: { interval: "month", usage_type: "metered", meter: meter.id },
    lookup_key: "lite_overage",
  });
  return { meter, product, month, overage };
}

const sessionParams = (month: Stripe.Price, overage: Stripe.Price): Stripe.Checkout.SessionCreateParams => ({
  mode: "subscription",
  line_items: [{ price: month.id, quantity: 1 }, { price: overage.id }],
  client_reference_id: "account-1",
  customer_email: "owner@example.com",
  metadata: { planId: "lite" },
  subscription_data: { metadata: { accountId: "account-1", planId: "lite" } },
  success_url: "https://app.test/billing/return?session_id={CHECKOUT_SESSION_ID}",
  cancel_url: "https://app.test/billing",
});

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Stripe.errors.StripeError;
  }
  throw new Error("expected Stripe to refuse");
}

test("bracket notation reads back into objects and arrays", () => {
  expect(
    parseStripeForm(
      "line_items[0][price]=p1&line_items[0][quantity]=1&line_items[1][price]=p2&expand[]=a&expand[]=b&metadata[k]=v",
    ),
  ).toEqual({
    line_items: [{ price: "p1", quantity: "1" }, { price: "p2" }],
    expand: ["a", "b"],
    metadata: { k: "v" },
  });
});

test("a wrong secret key is answered 401, as Stripe does", async () => {
  const { hostname, port } = new URL(stand.url);
  const other = new Stripe("sk_test_wrong_key_123456", { host: hostname, port, protocol: "http" });
  const error = await refusal(other.products.list());
  expect(error.type).toBe("StripeAuthenticationError");
  expect(error.statusCode).toBe(401);
});

test("the same Idempotency-Key replays the first answer and makes nothing twice; other parameters are refused", async () => {
  const first = await stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: "key-1" });
  const again = await stripe.customers.create({ email: "a@example.com" }, { idempotencyKey: "key-1" });
  expect(again.id).toBe(first.id);
  expect(stand.customers()).toHaveLength(1);
  const error = await refusal(
    stripe.customers.create({ email: "b@example.com" }, { idempotencyKey: "key-1" }),
  );
  expect(error.type).toBe("StripeIdempotencyError");
});

test("a lookup key is one price's: taken without transfer_lookup_key is refused, with it the key moves", async () => {
  const { product, month } = await catalogue();
  const params = {
    product: product.id,
    currency: "usd",
    unit_amount: 20_900,
    recurring: { interval: "month" as const },
    lookup_key: "lite_month",
  };
  const error = await refusal(stripe.prices.create(params));
  expect(error.message).toContain(`A price (\`${month.id}\`) already uses that lookup key.`);
  const moved = await stripe.prices.create({ ...params, transfer_lookup_key: true });
  const found = await stripe.prices.list({ lookup_keys: ["lite_month"] });
  expect(found.data.map((p) => p.id)).toEqual([moved.id]);
  expect((await stripe.prices.retrieve(month.id)).lookup_key).toBeNull();
});

test("a metered price needs a meter, and a price's amount cannot change", async () => {
  const { product, month } = await catalogue();
  const error = await refusal(
    stripe.prices.create({
      product: product.id,
      currency: "usd",
      unit_amount: 5,
      recurring: { interval: "month", usage_type: "metered" },
    }),
  );
  expect(error.param).toBe("recurring[meter]");
  const immutable = await refusal(
    stripe.prices.update(month.id, { unit_amount: 1 } as Stripe.PriceUpdateParams),
  );
  expect(immutable.message).toContain("unknown parameter: unit_amount");
});

test.each([
  [
    "a metered line item with a quantity",
    { line_items: [{ price: "OVERAGE", quantity: 1 }] },
    /Quantity should not be specified/,
  ],
  ["a licensed line item without a quantity", { line_items: [{ price: "MONTH" }] }, /Quantity is required/],
  ["no client_reference_id", { client_reference_id: undefined }, /Stand-in: client_reference_id/],
  [
    "a success_url without {CHECKOUT_SESSION_ID}",
    { success_url: "https://app.test/ok" },
    /CHECKOUT_SESSION_ID/,
  ],
  [
    "a trial ending in less than two days",
    { subscription_data: { trial_end: Math.floor(Date.now() / 1000) + 3600 } },
    /at least 2 days/,
  ],
  [
    "a price that does not exist",
    { line_items: [{ price: "price_nope", quantity: 1 }] },
    /No such price: 'price_nope'/,
  ],
])("a checkout session with %s is refused", async (_, overrides, message) => {
  const { month, overage } = await catalogue();
  const params = JSON.parse(
    JSON.stringify({ ...sessionParams(month, overage), ...overrides })
      .replaceAll('"OVERAGE"', JSON.stringify(overage.id))
      .replaceAll('"MONTH"', JSON.stringify(month.id)),
  );
  const error = await refusal(stripe.checkout.sessions.create(params));
  expect(error.type).toBe("StripeInvalidRequestError");
  expect(error.message).toMatch(message);
  expect(stand.sessions()).toEqual([]);
});

test("Pay completes the session, makes the subscription and sends the app two signed webhooks", async () => {
  const { month, overage } = await catalogue();
  const session = await stripe.checkout.sessions.create(sessionParams(month, overage));
  const page = await fetch(session.url!);
  const html = await page.text();
  expect(html).toContain("<title>Stand-in Checkout</title>");
  expect(html).toContain('<button type="submit">Pay</button>');

  const paid = await fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  expect(paid.headers.get("location")).toBe(`https://app.test/billing/return?session_id=${session.id}`);

  const done = await stripe.checkout.sessions.retrieve(session.id, {
    expand: ["subscription", "line_items"],
  });
  expect(done).toMatchObject({
    status: "complete",
    payment_status: "paid",
    client_reference_id: "account-1",
  });
  const subscription = done.subscription as Stripe.Subscription;
  expect(subscription).toMatchObject({
    status: "active",
    metadata: { accountId: "account-1", planId: "lite" },
  });
  expect(subscription.items.data.map((i) => [i.price.id, i.quantity])).toEqual([
    [month.id, 1],
    [overage.id, undefined],
  ]);
  expect(done.line_items?.data).toHaveLength(2);

  // Signed over the exact body delivered: the SDK's own verification accepts each.
  const events = received.map((r) => Stripe.webhooks.constructEvent(r.body, r.signature, SECRET));
  expect(events.map((e) => e.type)).toEqual(["checkout.session.completed", "customer.subscription.created"]);
  expect(events[0]!.data.object).toMatchObject({
    id: session.id,
    status: "complete",
    subscription: subscription.id,
  });
  expect(events[1]!).toMatchObject({ object: "event", livemode: false, api_version: Stripe.API_VERSION });
  expect(events[1]!.id).toMatch(/^evt_/);

  const again = await fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" });
  expect(again.status).toBe(400);
});

test("a trial subscription is trialing and nothing is paid", async () => {
  const { month, overage } = await catalogue();
  const trialEnd = Math.floor(Date.now() / 1000) + 3 * 24 * 3600;
  const params = sessionParams(month, overage);
  const session = await stripe.checkout.sessions.create({
    ...params,
    subscription_data: { ...params.subscription_data, trial_end: trialEnd },
  });
  await stand.pay(session.id);
  expect(stand.sessions()[0]).toMatchObject({ payment_status: "no_payment_required" });
  expect(stand.subscriptions()[0]).toMatchObject({ status: "trialing", trial_end: trialEnd });
});

test("updating and cancelling a subscription sends updated and deleted events", async () => {
  const { month, overage } = await catalogue();
  const session = await stripe.checkout.sessions.create(sessionParams(month, overage));
  const { deliveries } = await stand.pay(session.id);
  expect(deliveries.map((d) => d.status)).toEqual([200, 200]);
  const subscriptionId = stand.subscriptions()[0]!.id;
  await stripe.subscriptions.update(subscriptionId, {
    metadata: { planId: "other" },
    proration_behavior: "none",
  });
  await stripe.subscriptions.cancel(subscriptionId);
  await stand.deliveriesSettled();
  expect(stand.deliveries.map((d) => d.event.type)).toEqual([
    "checkout.session.completed",
    "customer.subscription.created",
    "customer.subscription.updated",
    "customer.subscription.deleted",
  ]);
  expect(stand.deliveries[2]!.event.data.previous_attributes).toEqual({
    metadata: { accountId: "account-1", planId: "lite" },
  });
  expect(stand.subscriptions()[0]).toMatchObject({ status: "canceled" });
});

test("failNext answers instead and does nothing; delayNext answers late", async () => {
  stand.failNext(stripeErrors.rateLimited);
  const error = await refusal(stripe.customers.create({ email: "a@example.com" }));
  expect(error.type).toBe("StripeRateLimitError");
  expect(stand.customers()).toEqual([]);
  stand.delayNext(300);
  const started = Date.now();
  await stripe.customers.create({ email: "a@example.com" });
  expect(Date.now() - started).toBeGreaterThanOrEqual(290);
});

test("signedStripeEvent and postStripeEvent sign what the SDK verifies; a wrong secret does not verify", async () => {
  const { event, payload, signature } = signedStripeEvent(
    { type: "invoice.paid", object: { id: "in_1", object: "invoice" } },
    SECRET,
  );
  expect(Stripe.webhooks.constructEvent(payload, signature, SECRET).id).toBe(event.id);
  expect(() => Stripe.webhooks.constructEvent(payload, signature, "whsec_other")).toThrow();
  const url = `http://127.0.0.1:${(app.address() as AddressInfo).port}/`;
  const delivery = await postStripeEvent(url, SECRET, event);
  expect(delivery.status).toBe(200);
  expect(received.at(-1)!.body).toBe(payload);
});

test("specs' controls: state, the API without the key (not recorded), and events about an object", async () => {
  const { month, overage } = await catalogue();
  const created = await fetch(`${stand.url}/__stand-in/api/v1/customers`, {
    method: "POST",
    body: "email=spec%40example.com",
  });
  expect(created.status).toBe(200);
  const customer = (await created.json()) as Stripe.Customer;
  const before = stand.requests.length;
  const session = await stripe.checkout.sessions.create(sessionParams(month, overage));
  await fetch(`${stand.url}/__stand-in/checkout/${session.id}/pay`, { method: "POST" });
  const subscriptionId = stand.subscriptions()[0]!.id;
  const sent = await fetch(`${stand.url}/__stand-in/events`, {
    method: "POST",
    body: JSON.stringify({
      type: "customer.subscription.updated",
      id: subscriptionId,
      set: { status: "past_due" },
    }),
  });
  expect(((await sent.json()) as { status: number }).status).toBe(200);
  const state = (await (await fetch(`${stand.url}/__stand-in/state`)).json()) as {
    customers: Array<{ id: string }>;
    subscriptions: Array<{ status: string }>;
    events: Array<{ type: string; data: { previous_attributes?: object } }>;
  };
  expect(state.customers.map((c) => c.id)).toContain(customer.id);
  expect(state.subscriptions[0]!.status).toBe("past_due");
  expect(state.events.at(-1)).toMatchObject({
    type: "customer.subscription.updated",
    data: { previous_attributes: { status: "active" } },
  });
  expect(stand.requests.length).toBe(before + 1);
});
