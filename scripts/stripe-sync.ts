// `npm run stripe:sync`: creates or updates Stripe's products, prices and overage meter from the plan
// catalogue (db/seed-plans.ts), on the account of STRIPE_SECRET_KEY (STRIPE_API_URL for a stand-in).
// Safe to run again: what already matches is kept.
import { config } from "../app/config.server";
import { formatSyncChange, syncStripeCatalogue } from "../app/domain/billing/stripe-sync.server";
import { stripeClient } from "../app/services/billing/stripe-client.server";

const stripe = stripeClient();
if (!stripe) {
  console.error(
    "stripe:sync needs STRIPE_SECRET_KEY (a secret key, sk_test_... or sk_live_..., from the Stripe Dashboard). " +
      "Nothing was changed.",
  );
  process.exit(1);
}

const changes = await syncStripeCatalogue(stripe, { meterEventName: config().STRIPE_METER_EVENT_NAME });
for (const change of changes) console.log(formatSyncChange(change));
const count = (action: string) => changes.filter((c) => c.action === action).length;
console.log(`stripe:sync: ${count("created")} created, ${count("updated")} updated, ${count("kept")} kept`);
