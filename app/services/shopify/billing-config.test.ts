import { BillingInterval, BillingReplacementBehavior } from "@shopify/shopify-api";
import { describe, expect, test } from "vitest";
import { planCatalogue } from "#db/seed-plans";
import {
  shopifyBillingConfig,
  storePlanName,
  storePriceForPlan,
  storePriceList,
  storePriceNamed,
} from "./billing-config";

describe("the store price list", () => {
  test("every priced plan, cheapest first, from the $25 store plan (spec 2 §9: store pricing starts at 25)", () => {
    const list = storePriceList();
    expect(list.map((p) => [p.planId, p.priceCents])).toEqual([
      ["lite-250", 2_500],
      ["lite-1000", 19_900],
      ["lite-2500", 39_900],
      ["lite-5000", 69_900],
      ["lite-10000", 129_900],
      ["standard-25000", 249_900],
      ["standard-50000", 399_900],
      ["pro-100000", 599_900],
    ]);
    // The free plan is never requested from Shopify.
    expect(storePriceForPlan("0")).toBeNull();
  });

  test("each plan's overage is the tier's overage price of spec 2 §9, in cents", () => {
    const overage = Object.fromEntries(storePriceList().map((p) => [p.planId, p.overageCents]));
    expect(overage).toEqual({
      "lite-250": 60,
      "lite-1000": 60,
      "lite-2500": 32,
      "lite-5000": 28,
      "lite-10000": 26,
      "standard-25000": 20,
      "standard-50000": 16,
      "pro-100000": 16,
    });
  });

  test("plans are keyed by the spec's display name, which names them back from a webhook", () => {
    expect(storePriceForPlan("lite-250")?.name).toBe("Lite-250-$25");
    expect(storePriceForPlan("standard-25000")?.name).toBe("Standard-25000-$2,499");
    expect(storePriceNamed("Lite-1000-$199")?.planId).toBe("lite-1000");
    expect(storePriceNamed("Something else")).toBeNull();
    const names = storePriceList().map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const plan of planCatalogue.filter((p) => p.monthlyPriceCents > 0))
      expect(names).toContain(
        storePlanName({
          name: plan.name,
          touchpoints: plan.limits.touchpoints,
          monthlyPriceCents: plan.monthlyPriceCents,
        }),
      );
  });

  test("as the library's settings: a recurring price every 30 days and a capped usage line item with terms", () => {
    const config = shopifyBillingConfig();
    expect(Object.keys(config)).toHaveLength(8);
    expect(config["Lite-250-$25"]).toEqual({
      replacementBehavior: BillingReplacementBehavior.ApplyImmediately,
      lineItems: [
        { interval: BillingInterval.Every30Days, amount: 25, currencyCode: "USD" },
        {
          interval: BillingInterval.Usage,
          amount: 150,
          currencyCode: "USD",
          terms: "$0.60 per message beyond 250 messages a month, at most $150.00 every 30 days",
        },
      ],
    });
    const standard = config["Standard-50000-$3,999"].lineItems;
    expect(standard[0]).toMatchObject({ interval: BillingInterval.Every30Days, amount: 3999 });
    // The cap: the plan's own message count again as overage in one cycle (50,000 × $0.16).
    expect(standard[1]).toMatchObject({ interval: BillingInterval.Usage, amount: 8000 });
  });
});
