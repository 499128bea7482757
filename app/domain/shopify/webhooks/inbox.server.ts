import { and, asc, eq, gt, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { shopifyWebhooks } from "#db/schema";
import { GroupCommit } from "~/domain/kernel/group-commit";
import { sendJobs } from "~/services/jobs/jobs.server";
import { handlerFor } from "./handlers.server";
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
  | "replay";

/** Stores a verified webhook once by its id (a replay changes nothing). Does not queue. */
export async function storeShopifyWebhook(webhook: AcceptedWebhook): Promise<AcceptOutcome> {
  const db = getDb();
  const inserted = await db
    .insert(shopifyWebhooks)
    .values(webhook)
    .onConflictDoNothing({ target: shopifyWebhooks.webhookId })
    .returning({ id: shopifyWebhooks.webhookId });
  if (inserted.length > 0) return "stored";
  const [stored] = await db
    .select({ processedAt: shopifyWebhooks.processedAt })
    .from(shopifyWebhooks)
    .where(eq(shopifyWebhooks.webhookId, webhook.webhookId));
  return stored?.processedAt ? "replay" : "pending";
}

/**
 * Stores a batch of verified webhooks in one statement, and queues the jobs of those not applied yet in
 * another: one outcome per webhook, in order. The same id twice in a batch is stored once and queued
 * once (the later copy is "pending", as it would be a moment later).
 */
export async function acceptShopifyWebhooks(webhooks: AcceptedWebhook[]): Promise<AcceptOutcome[]> {
  const db = getDb();
  const firstOfId = new Map<string, AcceptedWebhook>();
  for (const webhook of webhooks)
    if (!firstOfId.has(webhook.webhookId)) firstOfId.set(webhook.webhookId, webhook);
  const inserted = new Set(
    (
      await db
        .insert(shopifyWebhooks)
        .values([...firstOfId.values()])
        .onConflictDoNothing({ target: shopifyWebhooks.webhookId })
        .returning({ id: shopifyWebhooks.webhookId })
    ).map((row) => row.id),
  );
  const storedBefore = [...firstOfId.keys()].filter((id) => !inserted.has(id));
  const applied = new Set(
    storedBefore.length === 0
      ? []
      : (
          await db
            .select({ id: shopifyWebhooks.webhookId })
            .from(shopifyWebhooks)
            .where(
              and(inArray(shopifyWebhooks.webhookId, storedBefore), isNotNull(shopifyWebhooks.processedAt)),
            )
        ).map((row) => row.id),
  );
  const toQueue = [...firstOfId.keys()].filter((id) => !applied.has(id));
  await sendJobs(
    "shopify-webhook",
    toQueue.map((webhookId) => ({ webhookId })),
  );
  const seen = new Set<string>();
  return webhooks.map(({ webhookId }) => {
    const first = !seen.has(webhookId);
    seen.add(webhookId);
    if (applied.has(webhookId)) return "replay";
    return first && inserted.has(webhookId) ? "stored" : "pending";
  });
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
 * Applies one stored webhook exactly once and returns its outcome (null for an unknown id). Most
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
    const outcome = clip(await handler.outsideTransaction(row));
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

  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(shopifyWebhooks)
      .where(eq(shopifyWebhooks.webhookId, webhookId))
      .for("update");
    if (!locked) return null;
    if (locked.processedAt) return locked.outcome;
    const outcome = clip(await handler.inTransaction(tx, locked, now));
    await tx
      .update(shopifyWebhooks)
      .set({ processedAt: now, outcome })
      .where(eq(shopifyWebhooks.webhookId, webhookId));
    return outcome;
  });
}

const clip = (outcome: string) => outcome.slice(0, 500);

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
