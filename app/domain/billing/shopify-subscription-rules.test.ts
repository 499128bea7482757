import { describe, expect, test } from "vitest";
import {
  accountStatusForSubscription,
  type StoreBillingState,
  type SubscriptionObservation,
  subscriptionChangeFor,
} from "./shopify-subscription-rules";

const S1 = "gid://shopify/AppSubscription/1";
const S2 = "gid://shopify/AppSubscription/2";
const lite = { id: "lite-1000", name: "Lite" };

const state = (overrides: Partial<StoreBillingState> = {}): StoreBillingState => ({
  accountStatus: "CREATED",
  manualBilling: false,
  shopifyPlanId: null,
  planId: null,
  plan: null,
  planDetails: null,
  testBilling: true,
  ...overrides,
});

const seen = (overrides: Partial<SubscriptionObservation> = {}): SubscriptionObservation => ({
  subscriptionId: S1,
  name: "Lite-1000-$199",
  status: "ACTIVE",
  at: new Date("2025-06-01T10:00:00Z"),
  ...overrides,
});

describe("a Shopify subscription's status for the company", () => {
  test.each([
    ["ACTIVE", "ACTIVE"],
    ["FROZEN", "PENDING_PAYMENT"],
    ["CANCELLED", "CANCELLED"],
    ["EXPIRED", "CANCELLED"],
    ["DECLINED", "CANCELLED"],
    ["PENDING", null],
    ["ACCEPTED", null],
  ])("%s → %s", (status, expected) => {
    expect(accountStatusForSubscription(status)).toBe(expected);
  });
});

describe("subscriptionChangeFor", () => {
  test("ACTIVE: the company is ACTIVE on the plan, with the subscription as its Shopify plan", () => {
    const pending = {
      subscriptionId: S1,
      planId: "lite-1000",
      usageLineItemId: "gid://li/9",
      confirmationUrl: "u",
    };
    const change = subscriptionChangeFor(state({ planDetails: { pending } }), seen(), lite);
    expect(change).toMatchObject({
      account: { accountStatus: "ACTIVE", shopifyPlanId: S1, planId: "lite-1000", plan: "Lite" },
      planDetails: {
        subscriptionId: S1,
        status: "ACTIVE",
        usageLineItemId: "gid://li/9",
        eventAt: "2025-06-01T10:00:00.000Z",
      },
    });
    expect("planDetails" in change && change.planDetails.pending).toBeUndefined();
  });

  test("manual billing is never moved", () => {
    expect(subscriptionChangeFor(state({ manualBilling: true }), seen(), lite)).toEqual({
      ignored: "manual billing: not changed",
    });
  });

  test("an update older than the last one applied changes nothing", () => {
    const current = state({
      accountStatus: "CANCELLED",
      planDetails: { subscriptionId: S2, status: "CANCELLED", eventAt: "2025-06-02T00:00:00.000Z" },
    });
    expect(subscriptionChangeFor(current, seen(), lite)).toEqual({
      ignored: "older than the last applied update",
    });
  });

  test("a subscription that ended never becomes active again, even read from the API without a time", () => {
    const current = state({
      accountStatus: "CANCELLED",
      planDetails: { subscriptionId: S1, status: "CANCELLED" },
    });
    expect(subscriptionChangeFor(current, seen({ at: null }), lite)).toMatchObject({
      ignored: expect.any(String),
    });
  });

  test("CANCELLED of the current subscription: CANCELLED, and Select Plan starts a new one", () => {
    const current = state({
      accountStatus: "ACTIVE",
      shopifyPlanId: S1,
      planId: "lite-1000",
      planDetails: { subscriptionId: S1, status: "ACTIVE" },
    });
    expect(subscriptionChangeFor(current, seen({ status: "CANCELLED" }), lite)).toMatchObject({
      account: { accountStatus: "CANCELLED", shopifyPlanId: null },
      planDetails: { subscriptionId: S1, status: "CANCELLED" },
    });
  });

  test("FROZEN of the current subscription: PENDING_PAYMENT; ACTIVE again thaws it", () => {
    const current = state({
      accountStatus: "ACTIVE",
      shopifyPlanId: S1,
      planDetails: { subscriptionId: S1, status: "ACTIVE" },
    });
    const frozen = subscriptionChangeFor(current, seen({ status: "FROZEN" }), lite);
    expect(frozen).toMatchObject({ account: { accountStatus: "PENDING_PAYMENT" } });
    if (!("planDetails" in frozen)) throw new Error("expected a change");
    const thawed = subscriptionChangeFor(
      { ...current, accountStatus: "PENDING_PAYMENT", planDetails: frozen.planDetails },
      seen({ status: "ACTIVE", at: new Date("2025-06-03T00:00:00Z") }),
      lite,
    );
    expect(thawed).toMatchObject({ account: { accountStatus: "ACTIVE", shopifyPlanId: S1 } });
  });

  test("DECLINED before approval: the company keeps its plan; the request is forgotten", () => {
    const current = state({
      accountStatus: "ACTIVE",
      shopifyPlanId: S1,
      planDetails: {
        subscriptionId: S1,
        status: "ACTIVE",
        pending: { subscriptionId: S2, planId: "lite-2500" },
      },
    });
    const change = subscriptionChangeFor(current, seen({ subscriptionId: S2, status: "DECLINED" }), null);
    expect(change).toMatchObject({ account: {}, planDetails: { subscriptionId: S1, status: "ACTIVE" } });
    expect("planDetails" in change && change.planDetails.pending).toBeUndefined();
  });

  test("the old subscription's CANCELLED after a replacement became active changes nothing", () => {
    const current = state({
      accountStatus: "ACTIVE",
      shopifyPlanId: S2,
      planDetails: { subscriptionId: S2, status: "ACTIVE", eventAt: "2025-06-01T10:00:00.000Z" },
    });
    expect(subscriptionChangeFor(current, seen({ subscriptionId: S1, status: "CANCELLED" }), lite)).toEqual({
      ignored: "not the current subscription",
    });
  });

  test("test billing off: only a subscription known to be a real charge activates a plan", () => {
    const off = (pending: { test?: boolean }) =>
      state({ testBilling: false, planDetails: { pending: { subscriptionId: S1, ...pending } } });
    // Shopify's answer decides; without it (a webhook Shopify could not be asked about), what we asked for.
    expect(subscriptionChangeFor(off({}), seen({ test: true }), lite)).toEqual({
      ignored: "a test subscription while test billing is off",
    });
    expect(subscriptionChangeFor(off({ test: true }), seen(), lite)).toEqual({
      ignored: "a test subscription while test billing is off",
    });
    expect(subscriptionChangeFor(off({}), seen(), lite)).toEqual({
      ignored: "not known to be a real charge while test billing is off",
    });
    expect(subscriptionChangeFor(off({ test: false }), seen(), lite)).toMatchObject({
      account: { accountStatus: "ACTIVE", shopifyPlanId: S1 },
    });
    expect(subscriptionChangeFor(off({ test: true }), seen({ test: false }), lite)).toMatchObject({
      account: { accountStatus: "ACTIVE" },
    });
    // With test billing on (the local trial), a test charge activates as before.
    expect(subscriptionChangeFor(state(), seen({ test: true }), lite)).toMatchObject({
      account: { accountStatus: "ACTIVE" },
    });
  });

  test("PENDING of a new request is remembered, the company unchanged", () => {
    const change = subscriptionChangeFor(state(), seen({ status: "PENDING" }), lite);
    expect(change).toMatchObject({
      account: {},
      planDetails: { pending: { subscriptionId: S1, status: "PENDING" } },
    });
  });
});
