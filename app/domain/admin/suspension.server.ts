import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, users } from "#db/schema";
import type { Viewer } from "~/domain/access/guard.server";
import { revokeAllSessionsOfUser } from "~/domain/auth/session.server";
import { publishEvent } from "~/services/events/events.server";
import { recordAudit } from "./audit.server";

export type SuspensionOutcome = "done" | "not_found" | "self";

/**
 * Suspends or restores a user (the spec's POST /admin/suspend). Suspending ends every session of
 * the user in the same transaction, so their next request finds no session (/signin); signing in
 * again shows only the 'Account Suspended' page. Their open pages hear an "account" event and
 * re-run their loaders, which sends them to /signin at once. An admin cannot suspend themselves.
 */
export async function setUserSuspended(
  actor: Viewer,
  userId: string,
  suspended: boolean,
): Promise<SuspensionOutcome> {
  if (suspended && userId === actor.user.id) return "self";
  return getDb().transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) return "not_found";
    if (suspended) await revokeAllSessionsOfUser(user.id, tx);
    if (Boolean(user.suspendedAt) === suspended) return "done";
    const now = new Date();
    const suspendedAt = suspended ? now : null;
    await tx.update(users).set({ suspendedAt, updatedAt: now }).where(eq(users.id, user.id));
    await recordAudit(tx, actor, {
      action: suspended ? "user.suspend" : "user.unsuspend",
      targetType: "user",
      targetId: user.id,
      before: { email: user.email, suspendedAt: user.suspendedAt?.toISOString() ?? null },
      after: { email: user.email, suspendedAt: suspendedAt?.toISOString() ?? null },
    });
    await publishEvent({ topic: "account", email: user.email }, tx);
    return "done";
  });
}

/**
 * Suspends or restores a company (the spec's account disabled=true). No session is revoked: every
 * member's next request is sent to the 'Account Suspended' page by requireMember, and their open
 * pages are told at once through an "account" event. Platform admins can still view the company.
 */
export async function setAccountDisabled(
  actor: Viewer,
  accountId: string,
  disabled: boolean,
): Promise<Exclude<SuspensionOutcome, "self">> {
  return getDb().transaction(async (tx) => {
    const [account] = await tx
      .select({ id: accounts.id, company: accounts.company, disabled: accounts.disabled })
      .from(accounts)
      .where(eq(accounts.id, accountId))
      .for("update");
    if (!account) return "not_found";
    if (account.disabled === disabled) return "done";
    await tx.update(accounts).set({ disabled, updatedAt: new Date() }).where(eq(accounts.id, account.id));
    await recordAudit(tx, actor, {
      action: disabled ? "account.disable" : "account.enable",
      targetType: "account",
      targetId: account.id,
      before: { company: account.company, disabled: account.disabled },
      after: { company: account.company, disabled },
    });
    await publishEvent({ topic: "account", accountId: account.id }, tx);
    return "done";
  });
}
