import { sql } from "drizzle-orm";
import { rowsOf } from "#db/rows";
import { isUuid } from "~/domain/kernel/ids";
import type { Queryable } from "~/domain/kernel/scope";

/**
 * Recomputes analytics rollups from raw rows (analytics_rebuild in migration 0030_analytics: the
 * triggers' own statements over the company's rows). One company per transaction, holding that
 * company's analytics lock, so events arriving meanwhile are counted once, before or after it.
 * Used by `npm run analytics:rebuild`, after a company's time zone changes, and by the tests.
 */
export async function rebuildAnalytics(db: Queryable, accountId: string): Promise<void> {
  if (!isUuid(accountId)) throw new Error(`Not a company id: ${accountId}`);
  await db.execute(sql`select analytics_rebuild(${accountId}::uuid)`);
}

/** Every company's rollups, one after the other; `onCompany` hears of each one done. */
export async function rebuildAllAnalytics(
  db: Queryable,
  onCompany: (done: number, total: number, accountId: string) => void = () => {},
): Promise<number> {
  const ids = rowsOf<{ id: string }>(await db.execute(sql`select id from accounts order by created_at, id`));
  for (const [index, { id }] of ids.entries()) {
    await rebuildAnalytics(db, id);
    onCompany(index + 1, ids.length, id);
  }
  return ids.length;
}
