import { sql } from "drizzle-orm";
import { isUuid } from "~/domain/kernel/ids";
import type { Queryable } from "~/domain/kernel/scope";
import { sendJob } from "~/services/jobs/jobs.server";

/**
 * Recomputes analytics rollups from raw rows (analytics_rebuild in migration 0030_analytics: the
 * triggers' own statements over the company's rows), holding that company's analytics lock, so its
 * events arriving meanwhile are counted once, before or after it.
 * Used by `npm run analytics:rebuild`, after a company's time zone changes, and by the tests.
 */
export async function rebuildAnalytics(db: Queryable, accountId: string): Promise<void> {
  if (!isUuid(accountId)) throw new Error(`Not a company id: ${accountId}`);
  await db.execute(sql`select analytics_rebuild(${accountId}::uuid)`);
}

/**
 * Every company's rollups in one pass over the raw tables (a company at a time would read the whole
 * messages table once per company). The rollup tables are locked meanwhile: events wait for it.
 */
export async function rebuildAllAnalytics(db: Queryable): Promise<void> {
  await db.execute(sql`select analytics_rebuild_all()`);
}

/** Queues a company's rebuild (its time zone changed: its days move). */
export async function queueAnalyticsRebuild(accountId: string): Promise<void> {
  await sendJob("analytics-rebuild", { accountId });
}
