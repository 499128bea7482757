import type { Db, Tx } from "#db/client.server";
import type { StoredWebhook } from "../webhooks/stored-webhook.server";
import { applyCustomerWebhook, applyMarketingConsentWebhook } from "./customers.server";
import { applyOrderWebhook, type OrderPreparation, prepareOrderWebhook } from "./orders.server";

// Orders that enroll buyers, and consent kept in step with Shopify (issue 14 item 2): each runs in
// the webhook job's transaction; the rules are in orders.server.ts and customers.server.ts.

/** Before the order's transaction: the Admin API's consent of a buyer we know none of. */
export async function prepareOrder(db: Db, webhook: StoredWebhook): Promise<OrderPreparation> {
  return prepareOrderWebhook(db, webhook);
}

export async function applyOrder(
  tx: Tx,
  webhook: StoredWebhook,
  now: Date = new Date(),
  prepared?: OrderPreparation,
): Promise<string> {
  return applyOrderWebhook(tx, webhook, now, prepared);
}

export async function applyCustomerUpdate(
  tx: Tx,
  webhook: StoredWebhook,
  now: Date = new Date(),
): Promise<string> {
  return applyCustomerWebhook(tx, webhook, now);
}

export async function applyCustomerMarketingConsent(
  tx: Tx,
  webhook: StoredWebhook,
  now: Date = new Date(),
): Promise<string> {
  return applyMarketingConsentWebhook(tx, webhook, now);
}
