import Stripe from "stripe";
import { config } from "~/config.server";

/**
 * The one Stripe client of the process, or null when STRIPE_SECRET_KEY is unset (the local default:
 * plans and usage still show, Select Plan explains that card billing is not configured).
 * STRIPE_API_URL points the official SDK at another host (the tests' local stand-in that answers
 * like Stripe); the SDK's own retries stay on, each with an idempotency key the SDK adds.
 */
let cached: { key: string; apiUrl: string; client: Stripe } | undefined;

export function stripeClient(): Stripe | null {
  const { STRIPE_SECRET_KEY: key, STRIPE_API_URL: apiUrl } = config();
  if (!key) return null;
  if (cached?.key === key && cached.apiUrl === apiUrl) return cached.client;
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  const client = new Stripe(key, {
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Blusteam" },
  });
  cached = { key, apiUrl, client };
  return client;
}

/** Checks a webhook's signature against the raw body; throws Stripe's own error when it fails. */
export function verifyStripeWebhook(
  rawBody: string | Buffer,
  signature: string,
  secret: string,
): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}

export type { Stripe };
