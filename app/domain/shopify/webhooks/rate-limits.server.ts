import { MemoryRateLimit } from "~/services/http/memory-rate-limit.server";

/**
 * Shopify delivers from many addresses: counted per address before the HMAC check (forged floods), per
 * shop only after it (anyone can write a shop header, only Shopify signs a body, so counting it earlier
 * would let anyone use up a real shop's allowance). Shopify retries a 429 later. In memory, not in the
 * database: a store's orders arrive by hundreds a second at peaks, and a database counter per shop
 * would make every one of them wait for the same row (see MemoryRateLimit).
 */
export const shopifyWebhookRateRules = {
  perIp: { limit: 12_000, windowMs: 60_000 },
  perShop: { limit: 3_000, windowMs: 60_000 },
};

export const shopifyWebhookLimits = {
  perIp: new MemoryRateLimit(() => shopifyWebhookRateRules.perIp),
  perShop: new MemoryRateLimit(() => shopifyWebhookRateRules.perShop),
};
