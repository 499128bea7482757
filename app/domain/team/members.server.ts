import { and, asc, count, eq, ilike, ne } from "drizzle-orm";
import { getDb, type Tx } from "#db/client.server";
import { memberships, users } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope } from "~/domain/kernel/scope";
import { escapeLike } from "~/domain/kernel/sql-text";
import { publishEvent } from "~/services/events/events.server";
import { recordRemoval } from "./removals.server";

export async function listMembers(context: AccountScope, search = "") {
  return getDb()
    .select({
      userId: users.id,
      email: users.email,
      givenName: users.givenName,
      familyName: users.familyName,
      isCompanyAdmin: memberships.isCompanyAdmin,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.accountId, context.account.id),
        search.trim() ? ilike(users.email, `%${escapeLike(search.trim().toLowerCase())}%`) : undefined,
      ),
    )
    .orderBy(asc(users.email));
}

export type MembershipChange = "done" | "not_found" | "last_admin";

/** Would this leave the company without a company admin? */
async function isLastAdmin(tx: Tx, accountId: string, userId: string) {
  const [membership] = await tx
    .select({ isCompanyAdmin: memberships.isCompanyAdmin })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
  if (!membership?.isCompanyAdmin) return false;
  const [others] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.isCompanyAdmin, true),
        ne(memberships.userId, userId),
      ),
    );
  return (others?.n ?? 0) === 0;
}

/**
 * Removes a member (or the user themself, when leaving). The last company admin stays until
 * another is named. Removed users lose access on their next request: memberships are read each time.
 * The removal is recorded, so the embedded app does not make them a member again (removals.server.ts).
 */
export async function removeMember(
  context: AccountScope & { user?: { id: string } },
  userId: string,
): Promise<MembershipChange> {
  if (!isUuid(userId)) return "not_found";
  const accountId = context.account.id;
  const outcome = await getDb().transaction(async (tx) => {
    // Lock the company's memberships so two admins removing each other cannot both succeed.
    await tx.select().from(memberships).where(eq(memberships.accountId, accountId)).for("update");
    if (await isLastAdmin(tx, accountId, userId)) return "last_admin" as const;
    const deleted = await tx
      .delete(memberships)
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
      .returning({ userId: memberships.userId });
    if (deleted.length === 0) return "not_found" as const;
    await recordRemoval(tx, { userId, accountId }, context.user?.id ?? null);
    await publishEvent({ topic: "members", accountId }, tx);
    return "done" as const;
  });
  return outcome;
}

export async function setCompanyAdmin(
  context: AccountScope,
  userId: string,
  isAdmin: boolean,
): Promise<MembershipChange> {
  if (!isUuid(userId)) return "not_found";
  const accountId = context.account.id;
  return getDb().transaction(async (tx) => {
    await tx.select().from(memberships).where(eq(memberships.accountId, accountId)).for("update");
    if (!isAdmin && (await isLastAdmin(tx, accountId, userId))) return "last_admin" as const;
    const updated = await tx
      .update(memberships)
      .set({ isCompanyAdmin: isAdmin })
      .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
      .returning({ userId: memberships.userId });
    if (updated.length === 0) return "not_found" as const;
    await publishEvent({ topic: "members", accountId }, tx);
    return "done" as const;
  });
}
