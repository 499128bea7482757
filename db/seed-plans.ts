import type { PlanLimits, PriceValue } from "./schema";

// Tiers, monthly and yearly prices and per-message costs from spec 2 section 9 and spec 3 section 9
// (names as spec 3's catalogue: Lite up to 10,000, Standard 25,000 and 50,000, Pro 100,000). Costs
// are kept in thousandths of a cent so 0.13 USD stays an integer (13_000). The free plan and the
// $25 store plan have no Stripe prices: the first is free, the second billed by the store platform.
type Tier = {
  touchpoints: number;
  priceDollars: number;
  yearDollars?: number;
  associated: number;
  overage: number;
};

const tiers: Array<Tier & { id: string; name: string; storePlatformOnly?: boolean }> = [
  { id: "0", name: "Lite", touchpoints: 250, priceDollars: 0, associated: 0, overage: 0.6 },
  {
    id: "lite-250",
    name: "Lite",
    touchpoints: 250,
    priceDollars: 25,
    associated: 0,
    overage: 0.6,
    storePlatformOnly: true,
  },
  { id: "lite-1000", name: "Lite", touchpoints: 1_000, priceDollars: 199, associated: 0.2, overage: 0.6 },
  {
    id: "lite-2500",
    name: "Lite",
    touchpoints: 2_500,
    priceDollars: 399,
    yearDollars: 3_830,
    associated: 0.16,
    overage: 0.32,
  },
  {
    id: "lite-5000",
    name: "Lite",
    touchpoints: 5_000,
    priceDollars: 699,
    yearDollars: 6_710,
    associated: 0.14,
    overage: 0.28,
  },
  {
    id: "lite-10000",
    name: "Lite",
    touchpoints: 10_000,
    priceDollars: 1_299,
    yearDollars: 12_470,
    associated: 0.13,
    overage: 0.26,
  },
  {
    id: "standard-25000",
    name: "Standard",
    touchpoints: 25_000,
    priceDollars: 2_499,
    yearDollars: 23_990,
    associated: 0.1,
    overage: 0.2,
  },
  {
    id: "standard-50000",
    name: "Standard",
    touchpoints: 50_000,
    priceDollars: 3_999,
    yearDollars: 38_390,
    associated: 0.08,
    overage: 0.16,
  },
  {
    id: "pro-100000",
    name: "Pro",
    touchpoints: 100_000,
    priceDollars: 5_999,
    yearDollars: 57_590,
    associated: 0.08,
    overage: 0.16,
  },
];

/** Stripe finds our prices again by these lookup keys (`npm run stripe:sync` creates them). */
export const priceLookupKey = (planId: string, period: "month" | "year" | "overage") =>
  `blusteam_${planId}_${period}`;

const toMillicents = (usd: number) => Math.round(usd * 100_000);

export const planCatalogue = tiers.map((tier, order) => {
  const billedByStripe = tier.priceDollars > 0 && !tier.storePlatformOnly;
  const limits: PlanLimits = {
    touchpoints: tier.touchpoints,
    associatedCostMillicents: toMillicents(tier.associated),
    overageCostMillicents: toMillicents(tier.overage),
  };
  // Keyed by lookup key; metered values are cents per overage message (0.60 USD is 60).
  const priceValues: Record<string, PriceValue> = billedByStripe
    ? {
        [priceLookupKey(tier.id, "month")]: { valueCents: tier.priceDollars * 100, billingPeriod: "month" },
        ...(tier.yearDollars
          ? {
              [priceLookupKey(tier.id, "year")]: {
                valueCents: tier.yearDollars * 100,
                billingPeriod: "year",
              },
            }
          : {}),
        [priceLookupKey(tier.id, "overage")]: {
          valueCents: Math.round(tier.overage * 100),
          billingPeriod: "metered",
        },
      }
    : {};
  return {
    id: tier.id,
    name: tier.name,
    description: `${tier.touchpoints.toLocaleString("en-US")} messages a month`,
    limits,
    stripePriceIds: Object.keys(priceValues),
    priceValues,
    monthlyPriceCents: tier.priceDollars * 100,
    storePlatformOnly: tier.storePlatformOnly ?? false,
    listed: true,
    order,
  };
});
