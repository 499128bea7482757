import { eq } from "drizzle-orm";
import type { Db, Tx } from "#db/client.server";
import { shopifyWebhooks } from "#db/schema";

export type StoredWebhook = typeof shopifyWebhooks.$inferSelect;

/**
 * What applies one topic, returning its outcome in words. `inTransaction` runs with the webhook's
 * row locked, in the transaction that marks it processed; `prepare`, when given, runs before that
 * transaction (a call to Shopify must not hold the lock) and hands it what it learned; it must be
 * harmless to repeat. `outsideTransaction` is for a change made by another module on its own
 * connection, which must be harmless to repeat too.
 */
export type WebhookHandler =
  | {
      // Method signatures: a handler takes its own preparation's type (parameters are bivariant).
      prepare?(db: Db, webhook: StoredWebhook): Promise<unknown>;
      inTransaction(tx: Tx, webhook: StoredWebhook, now: Date, prepared?: unknown): Promise<string>;
    }
  | { outsideTransaction: (webhook: StoredWebhook) => Promise<string> };

/** When the event happened: Shopify's X-Shopify-Triggered-At, else when we received it. */
export function happenedAt(webhook: StoredWebhook): Date {
  return webhook.triggeredAt ?? webhook.receivedAt;
}

/**
 * Replaces a stored payload by what identifies the request (a privacy request holds the customer's
 * email and phone): the row stays, so a replay is still recognised, without keeping what we erased.
 */
export async function keepOnlyIdentifiers(
  tx: Tx,
  webhook: StoredWebhook,
  identifiers: Record<string, unknown>,
) {
  await tx
    .update(shopifyWebhooks)
    .set({ payload: identifiers })
    .where(eq(shopifyWebhooks.webhookId, webhook.webhookId));
}

/** What a privacy request keeps once applied: Shopify's ids, never the customer's email or phone. */
export function privacyRequestIdentifiers(payload: Record<string, unknown>): Record<string, unknown> {
  const customer = payload.customer as { id?: unknown } | null | undefined;
  const request = payload.data_request as { id?: unknown } | null | undefined;
  const kept: Record<string, unknown> = {
    shop_id: payload.shop_id ?? null,
    shop_domain: payload.shop_domain ?? null,
    customer: { id: customer?.id ?? null },
  };
  if (request) kept.data_request = { id: request.id ?? null };
  if ("orders_requested" in payload) kept.orders_requested = payload.orders_requested;
  if ("orders_to_redact" in payload) kept.orders_to_redact = payload.orders_to_redact;
  return kept;
}
