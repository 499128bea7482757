/**
 * The Shopify webhook topics the app subscribes to (shopify.app.toml declares the same list; a test
 * keeps them equal) and the address of each: /webhooks/shopify/{topic with "/" and "_" as "-"},
 * e.g. app_subscriptions/update → /webhooks/shopify/app-subscriptions-update. One address per topic,
 * so the route knows the topic before it reads the body, and a delivery whose signed topic header
 * names another topic is refused.
 */
export const SHOPIFY_WEBHOOK_TOPICS = [
  "app/uninstalled",
  "app/scopes_update",
  "shop/update",
  "app_subscriptions/update",
  // The store catalogue (product mapping) and orders and consent (commerce).
  "products/create",
  "products/update",
  "products/delete",
  "orders/create",
  "orders/updated",
  "customers/update",
  "customers_marketing_consent/update",
] as const;

/** The privacy topics every App Store app must answer (declared as compliance_topics). */
export const SHOPIFY_COMPLIANCE_TOPICS = [
  "customers/data_request",
  "customers/redact",
  "shop/redact",
] as const;

export type ShopifyWebhookTopic =
  | (typeof SHOPIFY_WEBHOOK_TOPICS)[number]
  | (typeof SHOPIFY_COMPLIANCE_TOPICS)[number];

export const ALL_SHOPIFY_TOPICS: readonly ShopifyWebhookTopic[] = [
  ...SHOPIFY_WEBHOOK_TOPICS,
  ...SHOPIFY_COMPLIANCE_TOPICS,
];

export const SHOPIFY_WEBHOOKS_PATH = "/webhooks/shopify";

/** The last segment of a topic's address: "customers/data_request" → "customers-data-request". */
export function webhookSegmentOf(topic: ShopifyWebhookTopic): string {
  return topic.replace(/[/_]/g, "-");
}

/** The path a topic is delivered to, as shopify.app.toml declares it. */
export function webhookPathOf(topic: ShopifyWebhookTopic): string {
  return `${SHOPIFY_WEBHOOKS_PATH}/${webhookSegmentOf(topic)}`;
}

/** The topic served at an address segment (the route's splat), or null for any other address. */
export function topicOfSegment(segment: string | undefined): ShopifyWebhookTopic | null {
  return ALL_SHOPIFY_TOPICS.find((topic) => webhookSegmentOf(topic) === segment) ?? null;
}

/**
 * The topic the library reports (X-Shopify-Topic in its storage form, "APP_UNINSTALLED",
 * "CUSTOMERS_DATA_REQUEST"), as Shopify names it; null for a topic we do not subscribe to.
 */
export function topicOfLibraryName(name: string): ShopifyWebhookTopic | null {
  const key = name.toUpperCase().replace(/[/.]/g, "_");
  return ALL_SHOPIFY_TOPICS.find((topic) => topic.toUpperCase().replace(/\//g, "_") === key) ?? null;
}

/**
 * The shop a payload names itself, where its topic has one: the HMAC covers the body but not the
 * X-Shopify-Shop-Domain header, so a signed body resent with another shop's header is caught here.
 * app/scopes_update and app_subscriptions/update name no shop domain (null).
 */
export function shopNamedByPayload(
  topic: ShopifyWebhookTopic,
  payload: Record<string, unknown>,
): string | null {
  const named =
    topic === "app/uninstalled" || topic === "shop/update"
      ? payload.myshopify_domain
      : topic === "customers/data_request" || topic === "customers/redact" || topic === "shop/redact"
        ? payload.shop_domain
        : null;
  return typeof named === "string" ? named.trim().toLowerCase() : null;
}
