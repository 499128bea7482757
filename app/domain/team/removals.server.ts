import { and, eq, gt } from "drizzle-orm";
import type { Tx } from "#db/client.server";
import { inviteHistory, membershipRemovals, memberships } from "#db/schema";
import { publishEvent } from "~/services/events/events.server";

type Pair = { userId: string; accountId: string };

/**
 * A member removed from the team (or who left) stays out: the embedded app, which makes every staff
 * member of the shop a member at their first open, does not add them back at the next.
 */
export async function recordRemoval(tx: Tx, pair: Pair, removedByUserId: string | null) {
  await tx
    .insert(membershipRemovals)
    .values({ ...pair, removedByUserId })
    .onConflictDoUpdate({
      target: [membershipRemovals.userId, membershipRemovals.accountId],
      set: { removedByUserId, removedAt: new Date() },
    });
}

export async function wasRemoved(tx: Tx, pair: Pair): Promise<boolean> {
  const [row] = await tx
    .select({ userId: membershipRemovals.userId })
    .from(membershipRemovals)
    .where(and(eq(membershipRemovals.userId, pair.userId), eq(membershipRemovals.accountId, pair.accountId)));
  return Boolean(row);
}

/** The company took them back on purpose (an invitation, an approved request): the removal is over. */
export async function clearRemoval(tx: Tx, pair: Pair) {
  await tx
    .delete(membershipRemovals)
    .where(and(eq(membershipRemovals.userId, pair.userId), eq(membershipRemovals.accountId, pair.accountId)));
}

/**
 * A staff member joining the company of their store by opening the embedded app: an open invitation
 * of theirs to it is used up by that (true when there was one). For someone removed from the team,
 * that invitation is what lets them back in (embedded-staff.server.ts).
 */
export async function takeOpenInvitation(tx: Tx, email: string, accountId: string): Promise<boolean> {
  const taken = await tx
    .delete(inviteHistory)
    .where(
      and(
        eq(inviteHistory.email, email),
        eq(inviteHistory.accountId, accountId),
        gt(inviteHistory.expiresAt, new Date()),
      ),
    )
    .returning({ id: inviteHistory.id });
  if (taken.length > 0) await publishEvent({ topic: "invites", email, accountId }, tx);
  return taken.length > 0;
}

/**
 * The user just proved owning their address (a confirmation or reset code reached its inbox): the
 * memberships made for that address before anyone proved owning it were chosen by someone else, who
 * would otherwise have the real owner working in their company. They are dropped, not recorded as
 * removals: a store's staff member with a verified address is made a member again at the next open.
 */
export async function dropMembershipsOwnerNeverConfirmed(tx: Tx, userId: string) {
  const dropped = await tx
    .delete(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.ownerConfirmed, false)))
    .returning({ accountId: memberships.accountId });
  for (const { accountId } of dropped) await publishEvent({ topic: "members", accountId }, tx);
}
