import { and, eq, gte, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { shopifyCatalogueSyncs, shopifyWebhooks } from "#db/schema";
import type { AccountScope } from "~/domain/kernel/scope";
import { sendJob } from "~/services/jobs/jobs.server";
import { ShopifyNotConfiguredError } from "../admin-api.server";
import { findEnabledStoreProfileForAccount } from "../store-profiles.server";
import { BulkOperationError } from "./catalogue-bulk.server";
import { type CatalogueSnapshot, type FetchOptions, fetchCatalogue } from "./catalogue-fetch.server";
import { productGid } from "./catalogue-rows";
import {
  deleteProducts,
  lockCatalogue,
  productVersions,
  replaceVariants,
  untouchedProducts,
  upsertProducts,
} from "./catalogue-store.server";
import { unmapVariants } from "./mapping-writes.server";

/**
 * Sync Now (spec 2 section 2): the linked store's products and variants, read through the Admin
 * API (catalogue-fetch.server.ts), replace the company's copy in one transaction. A bulk read of a
 * large store takes minutes, longer than a request may, so Sync Now queues a job and the page
 * follows its progress in shopify_catalogue_syncs (one row per company).
 */

export type SyncStatus = "queued" | "running" | "succeeded" | "failed";
export type CatalogueSync = typeof shopifyCatalogueSyncs.$inferSelect;

// A queued or running sync whose row has not moved for this long lost its job: a new one may start.
const STALE_MS = 10 * 60_000;
// Progress is written at most this often.
const PROGRESS_EVERY_MS = 1_000;

const busy = (sync: CatalogueSync | undefined, now = Date.now()) =>
  sync !== undefined &&
  (sync.status === "queued" || sync.status === "running") &&
  now - sync.updatedAt.getTime() < STALE_MS;

/** The company's last (or current) sync, or null before the first. */
export async function catalogueSyncOf(scope: AccountScope): Promise<CatalogueSync | null> {
  const [row] = await getDb()
    .select()
    .from(shopifyCatalogueSyncs)
    .where(eq(shopifyCatalogueSyncs.accountId, scope.account.id));
  return row ?? null;
}

export type SyncRequest =
  | { ok: true; runId: string; alreadyRunning: boolean }
  | { ok: false; reason: "not-connected" };

/** Sync Now: queues a sync of the company's store, or answers the one already under way. */
export async function requestCatalogueSync(scope: AccountScope): Promise<SyncRequest> {
  const profile = await findEnabledStoreProfileForAccount(scope);
  if (!profile) return { ok: false, reason: "not-connected" };
  const accountId = scope.account.id;
  const runId = crypto.randomUUID();
  const claimed = await getDb().transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(shopifyCatalogueSyncs)
      .where(eq(shopifyCatalogueSyncs.accountId, accountId))
      .for("update");
    if (current && busy(current) && current.shop === profile.shopDomain)
      return { runId: current.runId, fresh: false };
    const run = {
      shop: profile.shopDomain,
      runId,
      status: "queued",
      method: null,
      productsTotal: null,
      productsDone: 0,
      variantsDone: 0,
      bulkOperationId: null,
      error: null,
      requestedAt: new Date(),
      startedAt: null,
      finishedAt: null,
      updatedAt: new Date(),
    };
    await tx
      .insert(shopifyCatalogueSyncs)
      .values({ accountId, ...run })
      .onConflictDoUpdate({ target: shopifyCatalogueSyncs.accountId, set: run });
    return { runId, fresh: true };
  });
  if (claimed.fresh) await sendJob("shopify-catalogue-sync", { accountId, runId: claimed.runId });
  return { ok: true, runId: claimed.runId, alreadyRunning: !claimed.fresh };
}

const updateRun = (
  accountId: string,
  runId: string,
  values: Partial<typeof shopifyCatalogueSyncs.$inferInsert>,
) =>
  getDb()
    .update(shopifyCatalogueSyncs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(shopifyCatalogueSyncs.accountId, accountId), eq(shopifyCatalogueSyncs.runId, runId)))
    .returning({ startedAt: shopifyCatalogueSyncs.startedAt });

/** What the sync job runs. Failures Shopify will repeat end the run; others are retried by the job. */
export async function runCatalogueSync(
  accountId: string,
  runId: string,
  job: { signal?: AbortSignal; lastAttempt: boolean },
  fetchOptions: Omit<FetchOptions, "onProgress" | "signal" | "bulkOperationId"> = {},
): Promise<void> {
  const [sync] = await getDb()
    .select()
    .from(shopifyCatalogueSyncs)
    .where(eq(shopifyCatalogueSyncs.accountId, accountId));
  if (!sync || sync.runId !== runId || sync.status === "succeeded" || sync.status === "failed") return;
  const fail = (error: string) =>
    updateRun(accountId, runId, { status: "failed", error, finishedAt: new Date() });
  const profile = await findEnabledStoreProfileForAccount({ account: { id: accountId } });
  if (!profile || profile.shopDomain !== sync.shop) {
    await fail("The store is not connected anymore");
    return;
  }
  // The database's clock, as synced_at is: products written after it were read by this run or
  // changed by a webhook since, and are kept.
  const [{ startedAt }] = await getDb()
    .update(shopifyCatalogueSyncs)
    .set({ status: "running", startedAt: sql`now()`, updatedAt: new Date() })
    .where(and(eq(shopifyCatalogueSyncs.accountId, accountId), eq(shopifyCatalogueSyncs.runId, runId)))
    .returning({ startedAt: shopifyCatalogueSyncs.startedAt });
  let written = 0;
  try {
    const snapshot = await fetchCatalogue(sync.shop, {
      ...fetchOptions,
      signal: job.signal,
      bulkOperationId: sync.bulkOperationId,
      onProgress: async (progress) => {
        if (Date.now() - written < PROGRESS_EVERY_MS && !progress.bulkOperationId) return;
        written = Date.now();
        await updateRun(accountId, runId, progress);
      },
    });
    const saved = await applyCatalogueSnapshot(accountId, sync.shop, snapshot, startedAt as Date);
    await updateRun(accountId, runId, {
      status: "succeeded",
      currency: snapshot.currency,
      productsTotal: saved.products,
      productsDone: saved.products,
      variantsDone: saved.variants,
      bulkOperationId: null,
      finishedAt: new Date(),
      lastSucceededAt: new Date(),
    });
  } catch (error) {
    if (job.signal?.aborted) throw error;
    console.warn(`catalogue: the sync of ${sync.shop} failed`, error);
    const final = error instanceof BulkOperationError || error instanceof ShopifyNotConfiguredError;
    if (final || job.lastAttempt) await fail(error instanceof Error ? error.message : String(error));
    else throw error;
  }
}

/** Products a products/delete webhook removed after `since`: a sync that read them earlier leaves them out. */
async function deletedSince(shop: string, since: Date): Promise<Set<string>> {
  const rows = await getDb()
    .select({ payload: shopifyWebhooks.payload })
    .from(shopifyWebhooks)
    .where(
      and(
        eq(shopifyWebhooks.shop, shop),
        eq(shopifyWebhooks.topic, "products/delete"),
        gte(shopifyWebhooks.receivedAt, since),
      ),
    );
  return new Set(rows.map((r) => productGid(r.payload)).filter((id): id is string => id !== null));
}

/**
 * Replaces the company's catalogue by the store's, in one transaction: products and variants upserted,
 * the ones the store no longer has deleted (with their mappings). A product a webhook changed after
 * the store was read (its row is newer) keeps the webhook's version.
 */
export async function applyCatalogueSnapshot(
  accountId: string,
  shop: string,
  snapshot: CatalogueSnapshot,
  startedAt: Date,
): Promise<{ products: number; variants: number; removedProducts: number; unmappedMappings: number }> {
  const deleted = await deletedSince(shop, startedAt);
  return getDb().transaction(async (tx) => {
    await lockCatalogue(tx, accountId);
    const versions = await productVersions(tx, accountId);
    const newer = (id: string, at: Date | null) => {
      const ours = versions.get(id);
      return Boolean(ours && at && ours.getTime() > at.getTime());
    };
    const kept = snapshot.products.filter((p) => !deleted.has(p.id));
    const fresh = kept.filter((p) => !newer(p.id, p.updatedAt));
    await upsertProducts(tx, accountId, shop, fresh);
    const variants = fresh.flatMap((p) => p.variants);
    const removedVariants = await replaceVariants(
      tx,
      accountId,
      fresh.map((p) => p.id),
      variants,
    );
    const gone = await untouchedProducts(
      tx,
      accountId,
      startedAt,
      kept.map((p) => p.id),
    );
    const goneVariants = await deleteProducts(tx, accountId, gone);
    const unmappedMappings = await unmapVariants(tx, accountId, [...removedVariants, ...goneVariants]);
    return {
      products: kept.length,
      variants: variants.length,
      removedProducts: gone.length,
      unmappedMappings,
    };
  });
}
