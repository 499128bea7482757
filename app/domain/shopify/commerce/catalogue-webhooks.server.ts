import type { Tx } from "#db/client.server";
import type { StoredWebhook } from "../webhooks/stored-webhook.server";

// The store catalogue kept current by products/create, products/update and products/delete
// (issue 14: the product-mapping work fills these in).

export async function applyProductUpsert(_tx: Tx, webhook: StoredWebhook): Promise<string> {
  return `ignored: ${webhook.topic} is not applied yet`;
}

export async function applyProductDelete(_tx: Tx, webhook: StoredWebhook): Promise<string> {
  return `ignored: ${webhook.topic} is not applied yet`;
}
