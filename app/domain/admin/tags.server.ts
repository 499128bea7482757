import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { getDb, type Tx } from "#db/client.server";
import { accounts, accountTags, tags } from "#db/schema";
import type { Viewer } from "~/domain/access/guard.server";
import { recordAudit } from "./audit.server";

/** Company tags (spec 1 sections 3 and 5): a tag is shared by name, linked to many companies. */

export type AccountTag = { id: string; name: string };

/** The tags of the given companies only (one page of the list), by company id, sorted by name. */
export async function tagsOfAccounts(accountIds: string[]): Promise<Map<string, AccountTag[]>> {
  const byAccount = new Map<string, AccountTag[]>();
  if (accountIds.length === 0) return byAccount;
  const rows = await getDb()
    .select({ accountId: accountTags.accountId, id: tags.id, name: tags.name })
    .from(accountTags)
    .innerJoin(tags, eq(tags.id, accountTags.tagId))
    .where(inArray(accountTags.accountId, accountIds))
    .orderBy(asc(sql`lower(${tags.name})`));
  for (const row of rows) {
    const list = byAccount.get(row.accountId) ?? [];
    list.push({ id: row.id, name: row.name });
    byAccount.set(row.accountId, list);
  }
  return byAccount;
}

/** Finds each name's tag ignoring case, creating the missing ones; returns them in the given order. */
async function findOrCreateTags(tx: Tx, names: string[]): Promise<AccountTag[]> {
  if (names.length === 0) return [];
  const lowered = names.map((n) => n.toLowerCase());
  const find = () =>
    tx
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(inArray(sql`lower(${tags.name})`, lowered))
      .orderBy(asc(tags.createdAt));
  const existing = await find();
  const known = new Set(existing.map((t) => t.name.toLowerCase()));
  const missing = names.filter((n) => !known.has(n.toLowerCase()));
  // A concurrent save may create the same name first: the unique name decides, and we read it back.
  if (missing.length > 0)
    await tx
      .insert(tags)
      .values(missing.map((name) => ({ name })))
      .onConflictDoNothing();
  const all = missing.length > 0 ? await find() : existing;
  const byName = new Map<string, AccountTag>();
  for (const tag of all) if (!byName.has(tag.name.toLowerCase())) byName.set(tag.name.toLowerCase(), tag);
  return lowered.map((n) => byName.get(n)).filter((t): t is AccountTag => t !== undefined);
}

/**
 * Update Account Tags: the company ends up linked to exactly these names. Existing tags are linked
 * (matched ignoring case) rather than duplicated; tags no longer listed are unlinked, never deleted.
 */
export async function setAccountTags(
  actor: Viewer,
  accountId: string,
  names: string[],
): Promise<{ outcome: "done"; tags: AccountTag[] } | { outcome: "not_found" }> {
  return getDb().transaction(async (tx) => {
    const [account] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for("update");
    if (!account) return { outcome: "not_found" };
    const before = await tx
      .select({ name: tags.name })
      .from(accountTags)
      .innerJoin(tags, eq(tags.id, accountTags.tagId))
      .where(eq(accountTags.accountId, accountId))
      .orderBy(asc(tags.name));
    const wanted = await findOrCreateTags(tx, names);
    const wantedIds = wanted.map((t) => t.id);
    await tx
      .delete(accountTags)
      .where(
        wantedIds.length > 0
          ? and(eq(accountTags.accountId, accountId), notInArray(accountTags.tagId, wantedIds))
          : eq(accountTags.accountId, accountId),
      );
    if (wantedIds.length > 0)
      await tx
        .insert(accountTags)
        .values(wantedIds.map((tagId) => ({ accountId, tagId })))
        .onConflictDoNothing();
    await recordAudit(tx, actor, {
      action: "company.tags",
      targetType: "account",
      targetId: accountId,
      before: { tags: before.map((t) => t.name) },
      after: { tags: wanted.map((t) => t.name) },
    });
    return { outcome: "done", tags: wanted };
  });
}
