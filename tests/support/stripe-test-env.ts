import { syncStripeCatalogue } from "~/domain/billing/stripe-sync.server";
import { stripeClient } from "~/services/billing/stripe-client.server";
import { setUpStandIn } from "./stand-in-env";
import { type StripeStandIn, startStripeStandIn } from "./stand-ins/stripe";

/**
 * For a test file that talks to Stripe: one stand-in for the file, the app's Stripe settings pointed
 * at it before each test (and put back after), and the plan catalogue synced into it as
 * `npm run stripe:sync` would. Read the stand-in through the returned getter.
 */
export const STRIPE_TEST_KEY = "sk_test_blusteam_tests_000000000000";
export const STRIPE_TEST_WEBHOOK_SECRET = "whsec_blusteam_tests_0000000000000";
export const STRIPE_TEST_METER = "blusteam_overage_messages";
export function setUpStripeStandIn(options: { webhookUrl?: string } = {}): () => StripeStandIn {
  return setUpStandIn({
    name: "Stripe",
    start: () =>
      startStripeStandIn({
        apiKey: STRIPE_TEST_KEY,
        webhookUrl: options.webhookUrl,
        webhookSecret: STRIPE_TEST_WEBHOOK_SECRET,
      }),
    close: (stand) => stand.close(),
    reset: (stand) => stand.reset(),
    env: (stand) => ({
      STRIPE_SECRET_KEY: STRIPE_TEST_KEY,
      STRIPE_API_URL: stand.url,
      STRIPE_METER_EVENT_NAME: STRIPE_TEST_METER,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
    }),
    afterSettings: async (stand) => {
      await syncStripeCatalogue(stripeClient()!, { meterEventName: STRIPE_TEST_METER });
      stand.requests.length = 0;
    },
  });
}
