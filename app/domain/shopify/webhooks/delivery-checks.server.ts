import { createHash } from "node:crypto";
import type { ShopifyWebhookTopic } from "./topics";

/**
 * What the route checks of a signed delivery beyond its signature (issue 32 item 8). Shopify's HMAC
 * covers the body only: the shop, topic, webhook id and X-Shopify-Triggered-At headers are not signed,
 * so a body Shopify once signed can be sent again with any of them changed. Three defences:
 * - the time: a delivery Shopify says was triggered too long ago is refused (triggeredAtOf);
 * - the body: the same body for the same shop and topic is one delivery, whatever its webhook id
 *   (deliveryHash; the unique index on shopify_webhooks), and the same body seen for another shop
 *   was not Shopify's for this one (payload-shop.server.ts, before it is applied);
 * - the ids in the payload: an order, customer, product or subscription we hold for another shop is
 *   not this shop's (payload-shop.server.ts).
 */

/**
 * A delivery triggered longer ago than this is refused. Shopify retries a failed delivery with its
 * original payload and X-Shopify-Triggered-At: 8 times over 4 hours since September 2024 (its
 * changelog, "Updates to webhook retry mechanism", which also tells apps to judge staleness by this
 * header), 19 times over 48 hours before. shop/redact comes 48 hours after the uninstall; should Shopify
 * stamp it with the uninstall's time, its retries would still arrive within 52 hours. 72 hours is above
 * every one of these with a day to spare for clock drift and our own outages, so no genuine delivery or
 * retry is refused, while a delivery recorded days ago and sent again as it was is.
 */
export const STALE_AFTER_MS = 72 * 60 * 60_000;

/** Clocks differ a little; a time further ahead than this is not Shopify's (it would outrun a reinstall). */
export const FUTURE_TOLERANCE_MS = 15 * 60_000;

export type TriggeredAtCheck = { ok: true; triggeredAt: Date | null } | { ok: false; reason: string };

/**
 * X-Shopify-Triggered-At, read and judged. Missing is accepted, as Shopify's own library accepts it
 * (it lists the header as optional): the header is not signed, so refusing its absence would stop no
 * one who can write it, and a forger who writes a fresh time is left to the body and id checks.
 */
export function triggeredAtOf(raw: string | null, now: Date = new Date()): TriggeredAtCheck {
  if (!raw) return { ok: true, triggeredAt: null };
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) return { ok: false, reason: "Invalid X-Shopify-Triggered-At" };
  if (now.getTime() - at.getTime() > STALE_AFTER_MS) return { ok: false, reason: "Stale delivery" };
  if (at.getTime() - now.getTime() > FUTURE_TOLERANCE_MS)
    return { ok: false, reason: "X-Shopify-Triggered-At is in the future" };
  return { ok: true, triggeredAt: at };
}

/**
 * Topics whose body names the shop or customer and nothing of the event, so that a later event can
 * repeat it byte for byte: a second uninstall months later (the shop's record unchanged), a second
 * shop/redact after a reinstall and uninstall, a second redaction of the same customer. Their hash
 * also covers the triggered time: Shopify's retries and duplicate deliveries of one event share it, a
 * new event has its own. Every other topic's body carries the object's own update time or a request
 * id, so the body alone is the event.
 */
const REPEATABLE_BODY_TOPICS: ReadonlySet<ShopifyWebhookTopic> = new Set([
  "app/uninstalled",
  "shop/redact",
  "customers/redact",
]);

/**
 * The delivery's identity apart from its webhook id: SHA-256 of the parsed payload (the signature
 * pins the raw body, so one signed body always parses to the same JSON), with the triggered time for
 * the topics above.
 */
export function deliveryHash(
  topic: ShopifyWebhookTopic,
  payload: Record<string, unknown>,
  triggeredAt: Date | null,
): string {
  const hash = createHash("sha256").update(JSON.stringify(payload));
  if (REPEATABLE_BODY_TOPICS.has(topic)) hash.update(`\n${triggeredAt?.toISOString() ?? ""}`);
  return hash.digest("hex");
}
