import type { PlanLimits, PriceValue } from "./schema";

// Tiers, monthly prices and per-message costs from spec 2 section 9. Costs are kept in
// thousandths of a cent so 0.13 USD stays an integer (13_000).
type Tier = { touchpoints: number; priceDollars: number; associated: number; overage: number };

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
  { id: "lite-2500", name: "Lite", touchpoints: 2_500, priceDollars: 399, associated: 0.16, overage: 0.32 },
  { id: "lite-5000", name: "Lite", touchpoints: 5_000, priceDollars: 699, associated: 0.14, overage: 0.28 },
  {
    id: "standard-10000",
    name: "Standard",
    touchpoints: 10_000,
    priceDollars: 1_299,
    associated: 0.13,
    overage: 0.26,
  },
  {
    id: "standard-25000",
    name: "Standard",
    touchpoints: 25_000,
    priceDollars: 2_499,
    associated: 0.1,
    overage: 0.2,
  },
  { id: "pro-50000", name: "Pro", touchpoints: 50_000, priceDollars: 3_999, associated: 0.08, overage: 0.16 },
  {
    id: "enterprise-100000",
    name: "Enterprise",
    touchpoints: 100_000,
    priceDollars: 5_999,
    associated: 0.08,
    overage: 0.16,
  },
];

const toMillicents = (usd: number) => Math.round(usd * 100_000);

export const planCatalogue = tiers.map((tier, order) => {
  const monthlyPriceId = `price_${tier.id}_monthly`;
  const meteredPriceId = `price_${tier.id}_overage`;
  const limits: PlanLimits = {
    touchpoints: tier.touchpoints,
    associatedCostMillicents: toMillicents(tier.associated),
    overageCostMillicents: toMillicents(tier.overage),
  };
  const priceValues: Record<string, PriceValue> = {
    [monthlyPriceId]: { valueCents: tier.priceDollars * 100, billingPeriod: "month" },
    [meteredPriceId]: { valueCents: Math.round(tier.overage * 100), billingPeriod: "metered" },
  };
  return {
    id: tier.id,
    name: tier.name,
    description: `${tier.touchpoints.toLocaleString("en-US")} messages a month`,
    limits,
    stripePriceIds: [monthlyPriceId, meteredPriceId],
    priceValues,
    monthlyPriceCents: tier.priceDollars * 100,
    storePlatformOnly: tier.storePlatformOnly ?? false,
    listed: true,
    order,
  };
});
