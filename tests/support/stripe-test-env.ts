import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { resetConfigForTests } from "~/config.server";
import { syncStripeCatalogue } from "~/domain/billing/stripe-sync.server";
import { stripeClient } from "~/services/billing/stripe-client.server";
import { type StripeStandIn, startStripeStandIn } from "./stand-ins/stripe";

/**
 * For a test file that talks to Stripe: one stand-in for the file, the app's Stripe settings pointed
 * at it before each test (and put back after), and the plan catalogue synced into it as
 * `npm run stripe:sync` would. Read the stand-in through the returned getter.
 */
export const STRIPE_TEST_KEY = "sk_test_blusteam_tests_000000000000";
export const STRIPE_TEST_WEBHOOK_SECRET = "whsec_blusteam_tests_0000000000000";
export const STRIPE_TEST_METER = "blusteam_overage_messages";
const ENV = [
  "STRIPE_SECRET_KEY",
  "STRIPE_API_URL",
  "STRIPE_METER_EVENT_NAME",
  "STRIPE_WEBHOOK_SECRET",
] as const;

export function setUpStripeStandIn(options: { webhookUrl?: string } = {}): () => StripeStandIn {
  let stand: StripeStandIn | undefined;
  let saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    stand = await startStripeStandIn({
      apiKey: STRIPE_TEST_KEY,
      webhookUrl: options.webhookUrl,
      webhookSecret: STRIPE_TEST_WEBHOOK_SECRET,
    });
  });
  afterAll(async () => {
    await stand?.close();
  });
  beforeEach(async () => {
    saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
    stand?.reset();
    process.env.STRIPE_SECRET_KEY = STRIPE_TEST_KEY;
    process.env.STRIPE_API_URL = stand?.url;
    process.env.STRIPE_METER_EVENT_NAME = STRIPE_TEST_METER;
    process.env.STRIPE_WEBHOOK_SECRET = STRIPE_TEST_WEBHOOK_SECRET;
    resetConfigForTests();
    await syncStripeCatalogue(stripeClient()!, { meterEventName: STRIPE_TEST_METER });
    if (stand) stand.requests.length = 0;
  });
  afterEach(() => {
    for (const key of ENV) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    resetConfigForTests();
  });
  return () => {
    if (!stand) throw new Error("the Stripe stand-in starts in beforeAll");
    return stand;
  };
}
