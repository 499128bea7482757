import { eq, inArray } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { storeProfiles } from "#db/schema";
import type { Viewer } from "~/domain/access/guard.server";
import { recordAudit } from "~/domain/admin/audit.server";
import { isUuid } from "~/domain/kernel/ids";
import { publishEvent } from "~/services/events/events.server";

/**
 * Admin store mode (spec 1 section 2, the Companies tab's Id column): which companies have a store and
 * whether its profile is locked, and the lock change behind the admin's confirmation.
 */

/** accountId → whether its store profile is locked, for the companies of one admin page. */
export async function storeLocksOf(accountIds: string[]): Promise<Map<string, boolean>> {
  const locks = new Map<string, boolean>();
  const ids = accountIds.filter(isUuid);
  if (ids.length === 0) return locks;
  const rows = await getDb()
    .select({ accountId: storeProfiles.accountId, locked: storeProfiles.isProfileLock })
    .from(storeProfiles)
    .where(inArray(storeProfiles.accountId, ids));
  for (const row of rows) if (row.accountId) locks.set(row.accountId, row.locked);
  return locks;
}

export type LockOutcome = "done" | "unchanged" | "not_found";

/**
 * Locks or unlocks the company's store profile, audited in the same transaction. The company's members
 * hear of it (their onboarding screen re-reads the lock and lets them in once unlocked).
 */
export async function setStoreLock(actor: Viewer, accountId: string, locked: boolean): Promise<LockOutcome> {
  if (!isUuid(accountId)) return "not_found";
  return getDb().transaction(async (tx) => {
    const [profile] = await tx
      .select({ id: storeProfiles.id, locked: storeProfiles.isProfileLock, shop: storeProfiles.shopDomain })
      .from(storeProfiles)
      .where(eq(storeProfiles.accountId, accountId))
      .for("update");
    if (!profile) return "not_found";
    if (profile.locked === locked) return "unchanged";
    await tx
      .update(storeProfiles)
      .set({ isProfileLock: locked, updatedAt: new Date() })
      .where(eq(storeProfiles.id, profile.id));
    await recordAudit(tx, actor, {
      action: locked ? "store.lock" : "store.unlock",
      targetType: "account",
      targetId: accountId,
      before: { shop: profile.shop, isProfileLock: profile.locked },
      after: { shop: profile.shop, isProfileLock: locked },
    });
    await publishEvent({ topic: "account", accountId }, tx);
    return "done";
  });
}
