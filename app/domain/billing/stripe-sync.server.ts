import type { PriceValue } from "#db/schema";
import { planCatalogue } from "#db/seed-plans";
import type { Stripe } from "~/services/billing/stripe-client.server";

/**
 * `npm run stripe:sync`: makes Stripe's catalogue match db/seed-plans.ts. One Billing Meter for
 * overage messages (found again by its event name), one product per billed plan (found again by
 * metadata.planId), one price per lookup key (found again by the key). Running it again creates
 * nothing; a changed amount makes a new price and moves the lookup key to it (Stripe prices are
 * immutable), and archives the old one so no new checkout uses it (subscriptions on it keep it).
 */

export type SyncPlan = {
  id: string;
  name: string;
  description: string;
  priceValues: Record<string, PriceValue>;
};

export type SyncChange = {
  action: "created" | "updated" | "kept";
  kind: "meter" | "product" | "price";
  name: string;
  id: string;
  detail: string;
};

const CURRENCY = "usd";
// Stripe filters prices by at most 10 lookup keys per request.
const LOOKUP_KEYS_PER_REQUEST = 10;

export async function syncStripeCatalogue(
  stripe: Stripe,
  options: { meterEventName: string; plans?: SyncPlan[] },
): Promise<SyncChange[]> {
  const plans = (options.plans ?? planCatalogue).filter((plan) => Object.keys(plan.priceValues).length > 0);
  const changes: SyncChange[] = [];
  const meter = await syncMeter(stripe, options.meterEventName, changes);

  const products = new Map<string, Stripe.Product>();
  for await (const product of stripe.products.list({ limit: 100 })) {
    const planId = product.metadata.planId;
    if (planId && !products.has(planId)) products.set(planId, product);
  }

  for (const plan of plans) {
    const product = await syncProduct(stripe, plan, products.get(plan.id), changes);
    const keys = Object.keys(plan.priceValues);
    const existing = new Map<string, Stripe.Price>();
    for (let i = 0; i < keys.length; i += LOOKUP_KEYS_PER_REQUEST) {
      const page = keys.slice(i, i + LOOKUP_KEYS_PER_REQUEST);
      for await (const price of stripe.prices.list({ lookup_keys: page, limit: 100 }))
        if (price.lookup_key) existing.set(price.lookup_key, price);
    }
    for (const [lookupKey, value] of Object.entries(plan.priceValues))
      await syncPrice(
        stripe,
        { lookupKey, value, product, meter, existing: existing.get(lookupKey) },
        changes,
      );
  }
  return changes;
}

async function syncMeter(stripe: Stripe, eventName: string, changes: SyncChange[]) {
  for await (const meter of stripe.billing.meters.list({ status: "active", limit: 100 })) {
    if (meter.event_name !== eventName) continue;
    // A meter cannot change after it is made: say so rather than bill overage some other way.
    if (
      meter.default_aggregation.formula !== "sum" ||
      meter.customer_mapping.event_payload_key !== "stripe_customer_id"
    )
      throw new Error(
        `Stripe meter ${meter.id} (${eventName}) does not sum values by stripe_customer_id, and meters ` +
          "cannot be changed: deactivate it in the Stripe Dashboard or set STRIPE_METER_EVENT_NAME to a new name.",
      );
    changes.push({ action: "kept", kind: "meter", name: eventName, id: meter.id, detail: "sum by customer" });
    return meter;
  }
  const meter = await stripe.billing.meters.create({
    display_name: "Overage messages",
    event_name: eventName,
    default_aggregation: { formula: "sum" },
    customer_mapping: { event_payload_key: "stripe_customer_id", type: "by_id" },
    value_settings: { event_payload_key: "value" },
  });
  changes.push({
    action: "created",
    kind: "meter",
    name: eventName,
    id: meter.id,
    detail: "sum by customer",
  });
  return meter;
}

async function syncProduct(
  stripe: Stripe,
  plan: SyncPlan,
  found: Stripe.Product | undefined,
  changes: SyncChange[],
): Promise<Stripe.Product> {
  const name = `${plan.name}, ${plan.description}`;
  if (!found) {
    const product = await stripe.products.create({
      name,
      description: plan.description,
      metadata: { planId: plan.id },
    });
    changes.push({ action: "created", kind: "product", name: plan.id, id: product.id, detail: name });
    return product;
  }
  if (found.name === name && found.description === plan.description && found.active) {
    changes.push({ action: "kept", kind: "product", name: plan.id, id: found.id, detail: name });
    return found;
  }
  const product = await stripe.products.update(found.id, {
    name,
    description: plan.description,
    active: true,
  });
  changes.push({ action: "updated", kind: "product", name: plan.id, id: product.id, detail: name });
  return product;
}

const describe = (value: PriceValue) =>
  value.billingPeriod === "metered"
    ? `${value.valueCents} cents per overage message`
    : `${(value.valueCents / 100).toFixed(2)} USD a ${value.billingPeriod}`;

async function syncPrice(
  stripe: Stripe,
  wanted: {
    lookupKey: string;
    value: PriceValue;
    product: Stripe.Product;
    meter: Stripe.Billing.Meter;
    existing: Stripe.Price | undefined;
  },
  changes: SyncChange[],
) {
  const { lookupKey, value, product, meter, existing } = wanted;
  const metered = value.billingPeriod === "metered";
  const interval = value.billingPeriod === "year" ? "year" : "month";
  const detail = describe(value);
  const matches =
    existing &&
    existing.product === product.id &&
    existing.currency === CURRENCY &&
    existing.unit_amount === value.valueCents &&
    existing.recurring?.interval === interval &&
    existing.recurring.interval_count === 1 &&
    existing.recurring.usage_type === (metered ? "metered" : "licensed") &&
    (!metered || existing.recurring.meter === meter.id);
  if (existing && matches) {
    if (existing.active) {
      changes.push({ action: "kept", kind: "price", name: lookupKey, id: existing.id, detail });
      return;
    }
    await stripe.prices.update(existing.id, { active: true });
    changes.push({
      action: "updated",
      kind: "price",
      name: lookupKey,
      id: existing.id,
      detail: `${detail}, active again`,
    });
    return;
  }
  const price = await stripe.prices.create({
    product: product.id,
    currency: CURRENCY,
    unit_amount: value.valueCents,
    recurring: metered
      ? { interval, usage_type: "metered", meter: meter.id }
      : { interval, usage_type: "licensed" },
    lookup_key: lookupKey,
    // The key moves from the old price to this one in the same request.
    transfer_lookup_key: true,
    metadata: { planId: product.metadata.planId ?? "" },
  });
  if (existing) {
    await stripe.prices.update(existing.id, { active: false });
    changes.push({
      action: "created",
      kind: "price",
      name: lookupKey,
      id: price.id,
      detail: `${detail}, replaces ${existing.id} (archived)`,
    });
  } else changes.push({ action: "created", kind: "price", name: lookupKey, id: price.id, detail });
}

/** One line per change, as the script prints them. */
export const formatSyncChange = (change: SyncChange) =>
  `${change.action.padEnd(7)} ${change.kind.padEnd(7)} ${change.name} (${change.id}): ${change.detail}`;
