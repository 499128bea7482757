import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from "vitest";
import { planCatalogue, priceLookupKey } from "#db/seed-plans";
import { resetConfigForTests } from "~/config.server";
import { type Stripe, stripeClient } from "~/services/billing/stripe-client.server";
import { type StripeStandIn, startStripeStandIn } from "../../../tests/support/stand-ins/stripe";
import { syncStripeCatalogue } from "./stripe-sync.server";

/** The sync against the local Stripe stand-in, through the official SDK. */

const KEY = "sk_test_stripe_sync_0000000000";
const METER = "blusteam_overage_messages";
const root = path.resolve(import.meta.dirname, "../../..");
let stand: StripeStandIn;
let stripe: Stripe;
const saved = { key: process.env.STRIPE_SECRET_KEY, url: process.env.STRIPE_API_URL };

beforeAll(async () => {
  stand = await startStripeStandIn({ apiKey: KEY });
});
afterAll(async () => {
  await stand.close();
});
beforeEach(() => {
  stand.reset();
  process.env.STRIPE_SECRET_KEY = KEY;
  process.env.STRIPE_API_URL = stand.url;
  resetConfigForTests();
  stripe = stripeClient()!;
});
afterEach(() => {
  for (const [name, value] of [
    ["STRIPE_SECRET_KEY", saved.key],
    ["STRIPE_API_URL", saved.url],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetConfigForTests();
});

const billed = planCatalogue.filter((plan) => Object.keys(plan.priceValues).length > 0);
const priceCount = billed.reduce((n, plan) => n + Object.keys(plan.priceValues).length, 0);

test("the first run creates the meter, a product per billed plan and a price per lookup key", async () => {
  const changes = await syncStripeCatalogue(stripe, { meterEventName: METER });

  expect(changes.every((c) => c.action === "created")).toBe(true);
  const [meter] = stand.meters();
  expect(stand.meters()).toHaveLength(1);
  expect(meter).toMatchObject({
    event_name: METER,
    default_aggregation: { formula: "sum" },
    customer_mapping: { event_payload_key: "stripe_customer_id", type: "by_id" },
  });
  // No product for the free plan nor for the store platform's $25 plan.
  expect(stand.products().map((p) => p.metadata.planId)).toEqual(billed.map((p) => p.id));
  expect(stand.prices()).toHaveLength(priceCount);

  const byKey = new Map(stand.prices().map((p) => [p.lookup_key, p]));
  const lite = stand.products().find((p) => p.metadata.planId === "lite-2500")!;
  expect(byKey.get(priceLookupKey("lite-2500", "month"))).toMatchObject({
    product: lite.id,
    unit_amount: 39_900,
    currency: "usd",
    recurring: { interval: "month", usage_type: "licensed", meter: null },
  });
  expect(byKey.get(priceLookupKey("lite-2500", "year"))).toMatchObject({
    unit_amount: 383_000,
    recurring: { interval: "year", usage_type: "licensed" },
  });
  expect(byKey.get(priceLookupKey("lite-2500", "overage"))).toMatchObject({
    unit_amount: 32,
    recurring: { interval: "month", usage_type: "metered", meter: meter!.id },
  });
  // Lite 1,000 has no yearly price.
  expect(byKey.has(priceLookupKey("lite-1000", "year"))).toBe(false);
});

test("a second run creates nothing and changes nothing", async () => {
  await syncStripeCatalogue(stripe, { meterEventName: METER });
  const before = stand.requests.length;

  const changes = await syncStripeCatalogue(stripe, { meterEventName: METER });

  expect(changes.filter((c) => c.action !== "kept")).toEqual([]);
  expect(changes).toHaveLength(1 + billed.length + priceCount);
  expect(stand.requests.slice(before).filter((r) => r.method !== "GET")).toEqual([]);
  expect(stand.meters()).toHaveLength(1);
  expect(stand.prices()).toHaveLength(priceCount);
});

test("a changed amount makes a new price, moves the lookup key to it and archives the old one", async () => {
  await syncStripeCatalogue(stripe, { meterEventName: METER });
  const key = priceLookupKey("pro-100000", "month");
  const old = stand.prices().find((p) => p.lookup_key === key)!;
  const plans = billed.map((plan) =>
    plan.id === "pro-100000"
      ? {
          ...plan,
          priceValues: {
            ...plan.priceValues,
            [key]: { valueCents: 6_499_00, billingPeriod: "month" as const },
          },
        }
      : plan,
  );

  const changes = await syncStripeCatalogue(stripe, { meterEventName: METER, plans });

  expect(changes.filter((c) => c.action !== "kept")).toEqual([
    expect.objectContaining({ action: "created", kind: "price", name: key }),
  ]);
  const current = await stripe.prices.list({ lookup_keys: [key], active: true });
  expect(current.data).toHaveLength(1);
  expect(current.data[0]).toMatchObject({ unit_amount: 649_900, lookup_key: key });
  expect(current.data[0]!.id).not.toBe(old.id);
  expect(await stripe.prices.retrieve(old.id)).toMatchObject({ active: false, lookup_key: null });
  expect(stand.prices()).toHaveLength(priceCount + 1);
});

test("a meter of the same event name that does not sum by customer is refused, not worked around", async () => {
  await stripe.billing.meters.create({
    display_name: "Wrong",
    event_name: METER,
    default_aggregation: { formula: "count" },
  });
  await expect(syncStripeCatalogue(stripe, { meterEventName: METER })).rejects.toThrow(
    /cannot be changed.*STRIPE_METER_EVENT_NAME/,
  );
  expect(stand.products()).toEqual([]);
});

const run = promisify(execFile);
const script = (env: NodeJS.ProcessEnv) =>
  run(process.execPath, ["--import", "tsx", "scripts/stripe-sync.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "test", ...env },
  });

test("npm run stripe:sync prints what it did, and refuses without STRIPE_SECRET_KEY", async () => {
  const first = await script({ STRIPE_SECRET_KEY: KEY, STRIPE_API_URL: stand.url });
  expect(first.stdout).toMatch(/^created meter\s+blusteam_overage_messages \(mtr_/m);
  expect(first.stdout).toContain(`stripe:sync: ${1 + billed.length + priceCount} created, 0 updated, 0 kept`);
  const again = await script({ STRIPE_SECRET_KEY: KEY, STRIPE_API_URL: stand.url });
  expect(again.stdout).toContain(`0 created, 0 updated, ${1 + billed.length + priceCount} kept`);

  const env: NodeJS.ProcessEnv = { ...process.env, STRIPE_API_URL: stand.url };
  delete env.STRIPE_SECRET_KEY;
  const refused = await run(process.execPath, ["--import", "tsx", "scripts/stripe-sync.ts"], {
    cwd: root,
    env,
  }).then(
    () => null,
    (error: { code: number; stderr: string }) => error,
  );
  expect(refused?.code).toBe(1);
  expect(refused?.stderr).toContain("stripe:sync needs STRIPE_SECRET_KEY");
}, 120_000);
