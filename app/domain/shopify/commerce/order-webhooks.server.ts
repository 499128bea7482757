import type { Tx } from "#db/client.server";
import type { StoredWebhook } from "../webhooks/stored-webhook.server";

// Orders that enroll buyers, and consent kept in step with Shopify (issue 14: the orders work
// fills these in).

export async function applyOrder(_tx: Tx, webhook: StoredWebhook): Promise<string> {
  return `ignored: ${webhook.topic} is not applied yet`;
}

export async function applyCustomerUpdate(_tx: Tx, webhook: StoredWebhook): Promise<string> {
  return `ignored: ${webhook.topic} is not applied yet`;
}

export async function applyCustomerMarketingConsent(_tx: Tx, webhook: StoredWebhook): Promise<string> {
  return `ignored: ${webhook.topic} is not applied yet`;
}
