import { describe, expect, it } from "vitest";
import { planCatalogue } from "#db/seed-plans";
import {
  choosablePlans,
  costTablePlans,
  customersFor,
  initialPlanIndex,
  isContactSalesPlan,
  mustContactSupport,
  planChoice,
  planDisplayName,
  planIndexAtPosition,
  showsPlanAndUsage,
  sliderPositions,
  splitPlans,
  steppedPlanIndex,
  toBillingPlan,
  touchpointsLabel,
} from "./plans";

const catalogue = planCatalogue.map(toBillingPlan);
const web = choosablePlans(catalogue, false);
const store = choosablePlans(catalogue, true);
const byId = (id: string) => catalogue.find((p) => p.id === id)!;

describe("the catalogue as the Billing tab shows it", () => {
  it("offers 7 tiers to a web account and 8 (with the $25 one) to a store account, cheapest first", () => {
    expect(web.map(planDisplayName)).toEqual([
      "Lite-1000-$199",
      "Lite-2500-$399",
      "Lite-5000-$699",
      "Lite-10000-$1,299",
      "Standard-25000-$2,499",
      "Standard-50000-$3,999",
      "Pro-100000-$5,999",
    ]);
    expect(store.map((p) => p.id)).toEqual(["lite-250", ...web.map((p) => p.id)]);
    // One slider position per tier (spec 2 section 9).
    expect(sliderPositions(false)).toHaveLength(web.length);
    expect(sliderPositions(true)).toHaveLength(store.length);
  });

  it("keeps spec 3's yearly prices, with none for Lite 1,000", () => {
    expect(byId("lite-1000").yearlyPriceCents).toBeNull();
    expect(byId("lite-2500").yearlyPriceCents).toBe(383_000);
    expect(byId("pro-100000").yearlyPriceCents).toBe(5_759_000);
  });

  it("labels the marks 1k ... 100k+ and shows customers as touchpoints / 5", () => {
    expect(web.map((p, i) => touchpointsLabel(p.touchpoints, i === web.length - 1))).toEqual([
      "1k",
      "2.5k",
      "5k",
      "10k",
      "25k",
      "50k",
      "100k+",
    ]);
    expect(customersFor(5_000)).toBe(1_000);
    expect(customersFor(250)).toBe(50);
  });

  it("splits the cards: Lite the first 4 (5 for a store), Standard the next 2, Pro the rest", () => {
    const split = splitPlans(web, false);
    expect(split.Lite.map((p) => p.touchpoints)).toEqual([1_000, 2_500, 5_000, 10_000]);
    expect(split.Standard.map((p) => p.touchpoints)).toEqual([25_000, 50_000]);
    expect(split.Pro.map((p) => p.touchpoints)).toEqual([100_000]);
    expect(splitPlans(store, true).Lite.map((p) => p.touchpoints)).toEqual([
      250, 1_000, 2_500, 5_000, 10_000,
    ]);
    expect(isContactSalesPlan(byId("pro-100000"), web)).toBe(true);
    expect(isContactSalesPlan(byId("standard-50000"), web)).toBe(false);
  });

  it("lists the per-message costs up to 50,000, one row per tier", () => {
    const rows = costTablePlans(store);
    expect(rows.map((p) => [p.touchpoints, p.associatedCostMillicents, p.overageCostMillicents])).toEqual([
      [250, 0, 60_000],
      [1_000, 20_000, 60_000],
      [2_500, 16_000, 32_000],
      [5_000, 14_000, 28_000],
      [10_000, 13_000, 26_000],
      [25_000, 10_000, 20_000],
      [50_000, 8_000, 16_000],
    ]);
    expect(costTablePlans(web)[0].touchpoints).toBe(1_000);
  });
});

describe("the slider", () => {
  it("snaps a dragged position to the nearest tier, clamped to 2..85", () => {
    expect(planIndexAtPosition(0, false)).toBe(0);
    expect(planIndexAtPosition(17, false)).toBe(2);
    expect(planIndexAtPosition(33, false)).toBe(3);
    expect(planIndexAtPosition(100, false)).toBe(6);
    expect(planIndexAtPosition(9, true)).toBe(1);
    expect(planIndexAtPosition(85, true)).toBe(7);
  });

  it("moves one tier per arrow key, though the marks are several steps apart", () => {
    expect(steppedPlanIndex(3, 0, false)).toBe(1);
    expect(steppedPlanIndex(11, 1, false)).toBe(2);
    expect(steppedPlanIndex(9, 1, false)).toBe(0);
    expect(steppedPlanIndex(84, 6, false)).toBe(5);
    // A jump (Home, End, a click) lands where it points.
    expect(steppedPlanIndex(85, 0, false)).toBe(6);
    expect(steppedPlanIndex(2, 4, false)).toBe(0);
  });

  it("starts on the current plan when it can be chosen", () => {
    expect(initialPlanIndex(web, "lite-5000")).toBe(2);
    expect(initialPlanIndex(web, null)).toBe(0);
    expect(initialPlanIndex(web, "lite-250")).toBe(0);
  });
});

describe("who may select which plan (spec 2 sections 4 and 6)", () => {
  const member = { isPlatformAdmin: false, isStoreAccount: false, currentPriceCents: 69_900 };

  it("sends a member outside the admin group to support for a plan at or below the current one", () => {
    expect(mustContactSupport(member, byId("lite-2500"))).toBe(true);
    expect(mustContactSupport(member, byId("lite-5000"))).toBe(true);
    expect(mustContactSupport(member, byId("lite-10000"))).toBe(false);
    expect(mustContactSupport({ ...member, isPlatformAdmin: true }, byId("lite-2500"))).toBe(false);
    expect(mustContactSupport({ ...member, isStoreAccount: true }, byId("lite-2500"))).toBe(false);
  });

  it("marks the subscribed plan as current, and leaves a plan without a subscription selectable", () => {
    const admin = { ...member, isPlatformAdmin: true };
    const subscribed = { planId: "lite-5000", subscribed: true };
    expect(planChoice(admin, byId("lite-5000"), subscribed)).toBe("current");
    expect(planChoice(admin, byId("lite-2500"), subscribed)).toBe("select");
    expect(planChoice(member, byId("lite-5000"), subscribed)).toBe("support");
    expect(planChoice(admin, byId("lite-5000"), { ...subscribed, subscribed: false })).toBe("select");
  });

  it("shows the plan and usage only for ACTIVE or LATE_START with a known plan", () => {
    const plan = byId("lite-5000");
    expect(showsPlanAndUsage("ACTIVE", plan)).toBe(true);
    expect(showsPlanAndUsage("LATE_START", plan)).toBe(true);
    expect(showsPlanAndUsage("CREATED", plan)).toBe(false);
    expect(showsPlanAndUsage("ACTIVE", null)).toBe(false);
  });
});
