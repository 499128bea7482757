import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { priceLookupKey } from "#db/seed-plans";
import { resetConfigForTests } from "~/config.server";
import { syncStripeCatalogue } from "~/domain/billing/stripe-sync.server";
import { stripeBilling } from "~/services/billing/stripe-billing.server";
import { stripeClient } from "~/services/billing/stripe-client.server";
import { type Kind, knownKinds, stripeTypeErrors } from "../contracts/stripe/sdk-type-check";
import {
  type StripeRecordedRequest,
  type StripeStandIn,
  startStripeStandIn,
  stripeEvent,
} from "../support/stand-ins/stripe";
import { customerObject } from "../support/stand-ins/stripe-objects";
import * as fixtures from "../support/stripe-events";

/**
 * The Stripe stand-in's answers, held against Stripe's published contract at the API version the app
 * speaks: the stripe SDK's own types (stripe 23.1.0, pinned to API 2026-10-28.endive, generated from
 * Stripe's OpenAPI v2596), read by the TypeScript checker at run time (tests/contracts/stripe). An
 * answer with a field Stripe's object does not have, without one it requires, or with a value outside
 * its type fails. The app's own calls already typecheck against the same types (`npm run typecheck`).
 */

const KEY = "sk_test_contract_000000000000";
const SECRET = "whsec_contract_000000000000";
const METER = "blusteam_overage_messages";
const keys = (planId: string) => [priceLookupKey(planId, "month"), priceLookupKey(planId, "overage")];
let stand: StripeStandIn;
let stripe: Stripe;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  stand = await startStripeStandIn({ apiKey: KEY, webhookSecret: SECRET });
  const env = { STRIPE_SECRET_KEY: KEY, STRIPE_API_URL: stand.url, STRIPE_METER_EVENT_NAME: METER };
  for (const [name, value] of Object.entries(env)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  resetConfigForTests();
  stripe = stripeClient()!;
});
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
  await stand.close();
});

/** The kind of a Stripe object by its `object` value, deleted objects apart. */
function kindOf(value: unknown): Kind {
  const object = (value as { object?: unknown }).object;
  if (typeof object !== "string" || !knownKinds().includes(object))
    throw new Error(`no SDK type is named for a Stripe object "${String(object)}" (stripe-types.ts)`);
  return object as Kind;
}

/** Every difference between one answer and the SDK's types; a list's items each by their own kind. */
function answerErrors(body: unknown): string[] {
  const kind = kindOf(body);
  if (kind !== "list") return stripeTypeErrors(kind, body);
  const { data, ...list } = body as { data: unknown[] };
  return [...stripeTypeErrors("list", { ...list, data: [] }), ...data.flatMap((item) => answerErrors(item))];
}

const answered = (requests: StripeRecordedRequest[]) =>
  requests
    .filter((r) => r.answer && r.answer.status === 200)
    .map((r) => `${r.method} ${r.path.split("?")[0]}`);

describe("Stripe's contract (the SDK's types at its pinned API version)", () => {
  test("the SDK is pinned to the API version the stand-in's events name", () => {
    expect(Stripe.API_VERSION).toBe("2026-10-28.endive");
    expect(
      stripeEvent({ type: "customer.updated", object: { id: "cus_1", object: "customer" } }).api_version,
    ).toBe(Stripe.API_VERSION);
  });

  test("every stand-in answer to the app's billing flow, and every event it makes, is a Stripe object of the SDK's type", async () => {
    const billing = stripeBilling()!;
    await syncStripeCatalogue(stripe, { meterEventName: METER });
    const session = await billing.createCheckoutSession({
      accountId: "account-1",
      planId: "lite-2500",
      lookupKeys: keys("lite-2500"),
      customerId: null,
      customerEmail: "owner@example.com",
      successUrl: "https://app.test/billing/return?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://app.test/billing",
    });
    await stand.pay(session.id);
    const state = await billing.retrieveCheckoutSession(session.id);
    await stripe.checkout.sessions.retrieve(session.id, { expand: ["line_items"] });
    await stripe.checkout.sessions.listLineItems(session.id);
    await billing.changeSubscriptionPlan({
      subscriptionId: state.subscriptionId!,
      planId: "standard-25000",
      lookupKeys: keys("standard-25000"),
    });
    await billing.createPortalSession(state.customerId!, "https://app.test/billing");
    await billing.reportMeterEvent({
      eventName: METER,
      identifier: "contract-1",
      occurredAt: new Date(),
      customerId: state.customerId!,
      value: 3,
    });
    await stripe.customers.retrieve(state.customerId!);
    await stripe.customers.update(state.customerId!, { metadata: { accountId: "account-1" } });
    await stripe.customers.create({ email: "other@example.com", name: "Other" });
    await stripe.subscriptions.list({ customer: state.customerId!, status: "all" });
    await stripe.products.list({ limit: 100 });
    await stripe.billing.meters.list();
    const other = await billing.createCheckoutSession({
      accountId: "account-2",
      planId: "lite-2500",
      lookupKeys: keys("lite-2500"),
      customerId: null,
      customerEmail: null,
      successUrl: "https://app.test/billing/return?session_id={CHECKOUT_SESSION_ID}",
      cancelUrl: "https://app.test/billing",
    });
    await stripe.checkout.sessions.expire(other.id);
    await billing.cancelSubscription(state.subscriptionId!);
    const events = await stripe.events.list({ limit: 100 });
    await stripe.events.retrieve(events.data[0]!.id);

    const errors = stand.requests.flatMap((r) =>
      r.answer?.status === 200 ? answerErrors(r.answer.body).map((e) => `${r.method} ${r.path}: ${e}`) : [],
    );
    expect(errors).toEqual([]);
    // The flow reached every kind of answer the stand-in gives.
    expect(new Set(answered(stand.requests))).toEqual(
      new Set([
        "GET /v1/products",
        "POST /v1/products",
        "GET /v1/prices",
        "POST /v1/prices",
        "GET /v1/billing/meters",
        "POST /v1/billing/meters",
        "POST /v1/checkout/sessions",
        expect.stringMatching(/^GET \/v1\/checkout\/sessions\/cs_test_\w+$/),
        expect.stringMatching(/^GET \/v1\/checkout\/sessions\/cs_test_\w+\/line_items$/),
        expect.stringMatching(/^POST \/v1\/checkout\/sessions\/cs_test_\w+\/expire$/),
        expect.stringMatching(/^GET \/v1\/subscriptions\/sub_\w+$/),
        expect.stringMatching(/^POST \/v1\/subscriptions\/sub_\w+$/),
        expect.stringMatching(/^DELETE \/v1\/subscriptions\/sub_\w+$/),
        "GET /v1/subscriptions",
        "POST /v1/billing_portal/sessions",
        "POST /v1/billing/meter_events",
        "POST /v1/customers",
        expect.stringMatching(/^GET \/v1\/customers\/cus_\w+$/),
        expect.stringMatching(/^POST \/v1\/customers\/cus_\w+$/),
        "GET /v1/events",
        expect.stringMatching(/^GET \/v1\/events\/evt_\w+$/),
      ]),
    );
    expect(stand.events().map((e) => e.type)).toEqual(
      expect.arrayContaining([
        "checkout.session.completed",
        "customer.subscription.created",
        "customer.subscription.updated",
        "customer.subscription.deleted",
      ]),
    );
    expect(
      stand.events().flatMap((event) => stripeTypeErrors("event", event).map((e) => `${event.type}: ${e}`)),
    ).toEqual([]);
  });

  test("the webhook fixtures of the billing tests are Stripe events of the SDK's types", () => {
    const customer = "cus_fixture";
    const sub = fixtures.subscription({ customer, accountId: "account-1", planId: "lite" });
    const events = [
      fixtures.stripeEvent(
        "checkout.session.completed",
        fixtures.checkoutSession({ accountId: "account-1" }),
      ),
      fixtures.stripeEvent("customer.subscription.updated", sub),
      fixtures.stripeEvent("customer.subscription.deleted", { ...sub, status: "canceled" }),
      fixtures.stripeEvent(
        "invoice.paid",
        fixtures.invoice({ customer, subscription: sub.id, accountId: "a" }),
      ),
    ];
    expect(
      events.flatMap((event) => stripeTypeErrors("event", event).map((e) => `${event.type}: ${e}`)),
    ).toEqual([]);
  });

  test("the check fails on a field Stripe does not have, a missing one, and a value outside its type", () => {
    const customer = customerObject({ email: "owner@example.com", name: "Owner", metadata: {} });
    expect(stripeTypeErrors("customer", customer)).toEqual([]);
    expect(stripeTypeErrors("customer", { ...customer, loyalty_points: 3 })).toEqual([
      "customer.loyalty_points: a field Stripe's Customer does not have",
    ]);
    const { email: _email, ...withoutEmail } = customer;
    expect(stripeTypeErrors("customer", withoutEmail)).toEqual([
      "customer.email: missing (Stripe's type requires it)",
    ]);
    expect(stripeTypeErrors("customer", { ...customer, tax_exempt: "sometimes" })).not.toEqual([]);
  });
});
