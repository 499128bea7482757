import { and, asc, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { shopifyWebhooks } from "#db/schema";
import { GroupCommit } from "~/domain/kernel/group-commit";
import { sendJobs } from "~/services/jobs/jobs.server";
import { deliveryHash } from "./delivery-checks.server";
import { handlerFor } from "./handlers.server";
import { foreignPayloadReason } from "./payload-shop.server";
import { keepOnlyIdentifiers, privacyRequestIdentifiers } from "./stored-webhook.server";
import type { ShopifyWebhookTopic } from "./topics";

/**
 * Shopify webhooks (issue 13 item 5). The route verifies a delivery and hands it to
 * acceptShopifyWebhook, which stores it by its X-Shopify-Webhook-Id and queues a "shopify-webhook"
 * job; Shopify gets its 200 at once (it waits 5 seconds at most). The job applies the webhook to
 * our data exactly once and writes what it did, in words, as the row's outcome.
 */

export type AcceptedWebhook = {
  webhookId: string;
  shop: string;
  topic: ShopifyWebhookTopic;
  apiVersion: string | null;
  payload: Record<string, unknown>;
  /** X-Shopify-Triggered-At, when Shopify sent it. */
  triggeredAt: Date | null;
};

export type AcceptOutcome =
  /** Stored now and queued. */
  | "stored"
  /** Stored before and not applied yet (its job was lost, or is still waiting): queued again. */
  | "pending"
  /** Stored and applied before: nothing to do. */
  | "replay"
  /**
   * The same body for the same shop and topic was stored before under another webhook id (Shopify
   * delivering one event to two subscriptions, or someone resending a signed body): nothing stored.
   */
  | "duplicate";

type Row = typeof shopifyWebhooks.$inferInsert;
const rowOf = (webhook: AcceptedWebhook): Row => ({
  ...webhook,
  bodyHash: deliveryHash(webhook.topic, webhook.payload, webhook.triggeredAt),
});
const bodyKey = (row: Row) => `${row.shop}\n${row.topic}\n${row.bodyHash}`;

/** Stores a verified webhook once by its id and once by its body (a replay changes nothing). Does not queue. */
export async function storeShopifyWebhook(webhook: AcceptedWebhook): Promise<AcceptOutcome> {
  const [row] = await storeRows([rowOf(webhook)]);
  return row.outcome;
}

/**
 * Stores the rows in one statement: a row whose webhook id, or whose shop, topic and body, is stored
 * already (or earlier in the batch) is not inserted. One outcome per row, in order, with the id of
 * the stored row that stands for it (its own, or the earlier one of a duplicate).
 */
async function storeRows(rows: Row[]): Promise<{ webhookId: string; outcome: AcceptOutcome }[]> {
  const db = getDb();
  const firstOfId = new Map<string, Row>();
  const firstOfBody = new Map<string, Row>();
  for (const row of rows) {
    if (firstOfId.has(row.webhookId) || firstOfBody.has(bodyKey(row))) continue;
    firstOfId.set(row.webhookId, row);
    firstOfBody.set(bodyKey(row), row);
  }
  // No conflict target: the webhook id (primary key) and the body (shopify_webhooks_body_uq) both count.
  const inserted = new Set(
    (
      await db
        .insert(shopifyWebhooks)
        .values([...firstOfId.values()])
        .onConflictDoNothing()
        .returning({ id: shopifyWebhooks.webhookId })
    ).map((r) => r.id),
  );
  const notInserted = rows.filter((row) => !inserted.has(row.webhookId));
  const before =
    notInserted.length === 0
      ? []
      : await db
          .select({ id: shopifyWebhooks.webhookId, processedAt: shopifyWebhooks.processedAt })
          .from(shopifyWebhooks)
          .where(inArray(shopifyWebhooks.webhookId, [...new Set(notInserted.map((r) => r.webhookId))]));
  const appliedById = new Map(before.map((r) => [r.id, r.processedAt !== null]));
  const seen = new Set<string>();
  return rows.map((row) => {
    const first = !seen.has(row.webhookId);
    seen.add(row.webhookId);
    const applied = appliedById.get(row.webhookId);
    if (applied === true) return { webhookId: row.webhookId, outcome: "replay" };
    if (applied === false || (inserted.has(row.webhookId) && !first))
      return { webhookId: row.webhookId, outcome: "pending" };
    if (inserted.has(row.webhookId)) return { webhookId: row.webhookId, outcome: "stored" };
    return { webhookId: row.webhookId, outcome: "duplicate" };
  });
}

/**
 * Stores a batch of verified webhooks in one statement, and queues the jobs of those not applied yet in
 * another: one outcome per webhook, in order. The same id twice in a batch is stored once and queued
 * once (the later copy is "pending", as it would be a moment later); the same body under another id is
 * a "duplicate", neither stored nor queued (the first copy is).
 */
export async function acceptShopifyWebhooks(webhooks: AcceptedWebhook[]): Promise<AcceptOutcome[]> {
  const stored = await storeRows(webhooks.map(rowOf));
  const toQueue = [
    ...new Set(
      stored.filter((s) => s.outcome === "stored" || s.outcome === "pending").map((s) => s.webhookId),
    ),
  ];
  await sendJobs(
    "shopify-webhook",
    toQueue.map((webhookId) => ({ webhookId })),
  );
  return stored.map((s) => s.outcome);
}

/**
 * What the route calls: the webhook stored, and its job queued unless it was applied already. The
 * deliveries that arrive while one batch is written go together in the next (GroupCommit), so a burst
 * of a store's orders costs a few commits instead of two per order.
 */
const intake = new GroupCommit(acceptShopifyWebhooks, 200);

export function acceptShopifyWebhook(webhook: AcceptedWebhook): Promise<AcceptOutcome> {
  return intake.submit(webhook);
}

/**
 * Applies one stored webhook exactly once and returns its outcome (null for an unknown id). A payload
 * that belongs to another shop than the one the delivery named is refused instead. Most
 * topics change only our database: the row is locked and the change, its audit entry, any email's
 * outbox copy and processedAt are written in one transaction, so a second worker finds it done. The
 * subscription update is the billing module's (it writes on its own, and applying the same status
 * twice is harmless): it runs first, then the row is marked.
 */
export async function applyShopifyWebhook(webhookId: string, now: Date = new Date()): Promise<string | null> {
  const db = getDb();
  const [row] = await db.select().from(shopifyWebhooks).where(eq(shopifyWebhooks.webhookId, webhookId));
  if (!row) return null;
  if (row.processedAt) return row.outcome;
  const handler = handlerFor(row.topic);

  if ("outsideTransaction" in handler) {
    const foreign = await foreignPayloadReason(db, row);
    const outcome = clip(foreign ? refused(foreign) : await handler.outsideTransaction(row));
    const [marked] = await db
      .update(shopifyWebhooks)
      .set({ processedAt: now, outcome })
      .where(and(eq(shopifyWebhooks.webhookId, webhookId), isNull(shopifyWebhooks.processedAt)))
      .returning({ outcome: shopifyWebhooks.outcome });
    if (marked) return outcome;
    const [done] = await db
      .select({ outcome: shopifyWebhooks.outcome })
      .from(shopifyWebhooks)
      .where(eq(shopifyWebhooks.webhookId, webhookId));
    return done?.outcome ?? outcome;
  }

  const prepared = handler.prepare ? await handler.prepare(db, row) : undefined;
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(shopifyWebhooks)
      .where(eq(shopifyWebhooks.webhookId, webhookId))
      .for("update");
    if (!locked) return null;
    if (locked.processedAt) return locked.outcome;
    const foreign = await foreignPayloadReason(tx, locked);
    if (foreign && isPrivacyRequest(locked.topic))
      await keepOnlyIdentifiers(tx, locked, privacyRequestIdentifiers(locked.payload));
    const outcome = clip(foreign ? refused(foreign) : await handler.inTransaction(tx, locked, now, prepared));
    await tx
      .update(shopifyWebhooks)
      .set({ processedAt: now, outcome })
      .where(eq(shopifyWebhooks.webhookId, webhookId));
    return outcome;
  });
}

const clip = (outcome: string) => outcome.slice(0, 500);

// A payload that is not the header's shop's is marked done, not applied (payload-shop.server.ts); a
// refused privacy request keeps only Shopify's ids, as an applied one does.
const refused = (reason: string) => `refused: ${reason}`;
const isPrivacyRequest = (topic: string) =>
  topic === "customers/data_request" || topic === "customers/redact";

/**
 * The "shopify-webhook" job. When the last retry fails, the error is written on the webhook (still
 * unprocessed) for an admin to read; the sweep queues it again later.
 */
export async function runShopifyWebhookJob(webhookId: string, job: { lastAttempt: boolean }): Promise<void> {
  try {
    await applyShopifyWebhook(webhookId);
  } catch (error) {
    if (job.lastAttempt) {
      const message = error instanceof Error ? error.message : String(error);
      await getDb()
        .update(shopifyWebhooks)
        .set({ outcome: clip(`failed: ${message}`) })
        .where(and(eq(shopifyWebhooks.webhookId, webhookId), isNull(shopifyWebhooks.processedAt)))
        .catch(() => {});
    }
    throw error;
  }
}

// Compliance requests must be answered within 30 days; a week of retries is ample for anything that
// can succeed at all. Older rows stay as they are, for an admin to read.
const SWEEP_WINDOW_MS = 7 * 24 * 60 * 60_000;

/**
 * Queues again the stored webhooks still unapplied `olderThanMs` after they arrived (a job lost with
 * a dead worker, or one whose retries ran out): applying is idempotent, so a second job is harmless.
 */
export async function requeueUnappliedShopifyWebhooks(
  now: Date = new Date(),
  olderThanMs = 5 * 60_000,
): Promise<number> {
  const rows = await getDb()
    .select({ webhookId: shopifyWebhooks.webhookId })
    .from(shopifyWebhooks)
    .where(
      and(
        isNull(shopifyWebhooks.processedAt),
        lt(shopifyWebhooks.receivedAt, new Date(now.getTime() - olderThanMs)),
        gt(shopifyWebhooks.receivedAt, new Date(now.getTime() - SWEEP_WINDOW_MS)),
      ),
    )
    .orderBy(asc(shopifyWebhooks.receivedAt))
    .limit(1000);
  await sendJobs(
    "shopify-webhook",
    rows.map((row) => ({ webhookId: row.webhookId })),
  );
  return rows.length;
}
