import { config } from "~/config.server";
import { clientIpContext } from "~/context.server";
import { normaliseShopDomain } from "~/domain/shopify/store-profiles.server";
import { triggeredAtOf } from "~/domain/shopify/webhooks/delivery-checks.server";
import { acceptShopifyWebhook } from "~/domain/shopify/webhooks/inbox.server";
import { shopifyWebhookLimits } from "~/domain/shopify/webhooks/rate-limits.server";
import {
  BodyTooLargeError,
  readBodyWithin,
  WEBHOOK_BODY_LIMIT_BYTES,
} from "~/domain/shopify/webhooks/request-body.server";
import { shopNamedByPayload, topicOfLibraryName, topicOfSegment } from "~/domain/shopify/webhooks/topics";
import { verifyShopifyWebhook } from "~/domain/shopify/webhooks/verify.server";
import { shopifyAppOrNull } from "~/services/shopify/shopify.server";
import type { Route } from "./+types/shopify";

/**
 * Shopify's webhooks, one address per topic (/webhooks/shopify/app-uninstalled, ...; see
 * shopify.app.toml and app/domain/shopify/webhooks/topics.ts). The body is capped at 1 MB before it
 * is read whole; its HMAC is checked as Shopify's library does (verify.server.ts: 401 on a bad or missing
 * one, 400 on missing headers); a delivery triggered too long ago is refused (400,
 * delivery-checks.server.ts); the webhook is stored by its X-Shopify-Webhook-Id and queued, and
 * Shopify gets its 200 at once. A replay, or the same body under another webhook id, answers 200 and
 * changes nothing. Without Shopify configured the addresses do not exist (404).
 */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

const text = (body: string, status: number, headers: HeadersInit = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return text("Method Not Allowed", 405, { Allow: "POST" });
  const topic = topicOfSegment(params["*"]);
  const shopify = shopifyAppOrNull();
  if (!topic || !shopify) return text("Not Found", 404);

  if (!shopifyWebhookLimits.perIp.allow(context.get(clientIpContext) ?? "unknown"))
    return text("Too Many Requests", 429, { "Retry-After": "60" });

  let body: string;
  try {
    body = await readBodyWithin(request, WEBHOOK_BODY_LIMIT_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return text("Payload Too Large", 413);
    return text("Unreadable body", 400);
  }

  // A shop header that is not a shop's domain is refused before any HMAC is computed for it.
  const shopHeader = request.headers.get("X-Shopify-Shop-Domain");
  if (shopHeader && !normaliseShopDomain(shopHeader)) return text("Invalid shop domain", 400);
  const verified = verifyShopifyWebhook(request.headers, body, config().SHOPIFY_API_SECRET ?? "");
  if (!verified.ok) return text(verified.reason, verified.status);
  const webhook = verified.delivery;

  // Signed by Shopify, but addressed and shaped as we expect before it is stored.
  if (topicOfLibraryName(webhook.topic) !== topic) return text("The topic does not match this address", 400);
  const shop = normaliseShopDomain(webhook.shop);
  const payload = webhook.payload as unknown;
  if (!shop) return text("Invalid shop domain", 400);
  if (typeof payload !== "object" || payload === null || Array.isArray(payload))
    return text("Malformed payload", 400);
  const named = shopNamedByPayload(topic, payload as Record<string, unknown>);
  if (named && named !== shop) return text("The payload names another shop", 400);
  if (!webhook.webhookId || webhook.webhookId.length > 255) return text("Invalid webhook id", 400);
  // The header is not signed: a body recorded days ago and sent again as it was is refused here.
  const time = triggeredAtOf(webhook.triggeredAt);
  if (!time.ok) return text(time.reason, 400);

  if (!shopifyWebhookLimits.perShop.allow(shop))
    return text("Too Many Requests", 429, { "Retry-After": "60" });

  const outcome = await acceptShopifyWebhook({
    webhookId: webhook.webhookId,
    shop,
    topic,
    apiVersion: webhook.apiVersion || null,
    payload: payload as Record<string, unknown>,
    triggeredAt: time.triggeredAt,
  });
  return Response.json({ received: true, outcome });
}
