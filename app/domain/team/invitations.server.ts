import { and, desc, eq, gt, ilike, inArray, sql } from "drizzle-orm";
import { type Db, getDb } from "#db/client.server";
import { preparedStatement } from "#db/prepared.server";
import { accounts, inviteHistory, memberships, users } from "#db/schema";
import type { MemberContext, Viewer } from "~/domain/access/guard.server";
import { EMAIL_PATTERN } from "~/domain/auth/schemas";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope } from "~/domain/kernel/scope";
import { escapeLike } from "~/domain/kernel/sql-text";
import type { Language } from "~/i18n/resources";
import { publishEvent } from "~/services/events/events.server";
import { sendInvitationEmail } from "./emails.server";
import { clearRemoval } from "./removals.server";

export const INVITATION_LIFETIME_DAYS = 7;

/** Splits the comma-separated entry: lowercased, de-duplicated, invalid entries set aside. */
export function parseInviteEmails(input: string) {
  const entries = [
    ...new Set(
      input
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  return {
    valid: entries.filter((e) => EMAIL_PATTERN.test(e)),
    invalid: entries.filter((e) => !EMAIL_PATTERN.test(e)),
  };
}

export type InviteOutcome = {
  sent: string[];
  alreadyInvited: string[];
  alreadyMembers: string[];
  invalid: string[];
};

export async function sendInvitations(
  context: MemberContext,
  input: string,
  language: Language,
): Promise<InviteOutcome> {
  const { valid, invalid } = parseInviteEmails(input);
  const db = getDb();
  const accountId = context.account.id;
  const members = valid.length
    ? await db
        .select({ email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.accountId, accountId), inArray(users.email, valid)))
    : [];
  const pending = valid.length
    ? await db
        .select({ email: inviteHistory.email })
        .from(inviteHistory)
        .where(
          and(
            eq(inviteHistory.accountId, accountId),
            inArray(inviteHistory.email, valid),
            gt(inviteHistory.expiresAt, new Date()),
          ),
        )
    : [];
  const memberSet = new Set(members.map((m) => m.email));
  const pendingSet = new Set(pending.map((p) => p.email));
  const toSend = valid.filter((e) => !memberSet.has(e) && !pendingSet.has(e));

  const inviterName = `${context.user.givenName} ${context.user.familyName}`;
  const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_DAYS * 86_400_000);
  const created = toSend.length
    ? await db
        .insert(inviteHistory)
        .values(
          toSend.map((email) => ({
            email,
            accountId,
            invitedByUserId: context.user.id,
            invitedByName: inviterName,
            company: context.account.company,
            expiresAt,
          })),
        )
        .returning()
    : [];
  for (const invite of created) {
    await sendInvitationEmail({
      to: invite.email,
      inviteId: invite.id,
      inviterName,
      company: invite.company,
      expiresAt,
      language,
    });
    await publishEvent({ topic: "invites", email: invite.email, accountId });
  }
  return {
    sent: created.map((c) => c.email),
    alreadyInvited: valid.filter((e) => pendingSet.has(e) && !memberSet.has(e)),
    alreadyMembers: valid.filter((e) => memberSet.has(e)),
    invalid,
  };
}

/** The company's invitations that are still open, optionally searched by email. */
export async function listPendingInvitations(context: AccountScope, search = "") {
  return getDb()
    .select({
      id: inviteHistory.id,
      email: inviteHistory.email,
      createdAt: inviteHistory.createdAt,
      expiresAt: inviteHistory.expiresAt,
    })
    .from(inviteHistory)
    .where(
      and(
        eq(inviteHistory.accountId, context.account.id),
        gt(inviteHistory.expiresAt, new Date()),
        search.trim() ? ilike(inviteHistory.email, `%${escapeLike(search.trim())}%`) : undefined,
      ),
    )
    .orderBy(desc(inviteHistory.createdAt));
}

export async function cancelInvitation(context: AccountScope, inviteId: string): Promise<boolean> {
  if (!isUuid(inviteId)) return false;
  const deleted = await getDb()
    .delete(inviteHistory)
    .where(and(eq(inviteHistory.id, inviteId), eq(inviteHistory.accountId, context.account.id)))
    .returning({ email: inviteHistory.email });
  if (deleted[0])
    await publishEvent({ topic: "invites", email: deleted[0].email, accountId: context.account.id });
  return deleted.length > 0;
}

/** Invitations addressed to the user, newest first (the newest is the one the menu shows). */
export async function listMyInvitations(viewer: Viewer) {
  return preparedStatement(getDb(), "my_invitations", myInvitationsQuery).execute({
    email: viewer.user.email,
    // As Drizzle passes a timestamp column's value (a placeholder skips the column's mapping).
    now: new Date().toISOString(),
  });
}

// Read by the shell on every signed-in page.
const myInvitationsQuery = (db: Db, name: string) =>
  db
    .select({
      id: inviteHistory.id,
      company: inviteHistory.company,
      invitedBy: inviteHistory.invitedByName,
      accountId: inviteHistory.accountId,
      createdAt: inviteHistory.createdAt,
    })
    .from(inviteHistory)
    .where(
      and(
        eq(inviteHistory.email, sql.placeholder("email")),
        gt(inviteHistory.expiresAt, sql.placeholder("now")),
      ),
    )
    .orderBy(desc(inviteHistory.createdAt))
    .prepare(name);

export type AcceptOutcome = "joined" | "not_found" | "ineligible" | "expired";

/** Joins the company when the invitation is addressed to this user; the invitation is used up. */
export async function acceptInvitation(viewer: Viewer, inviteId: string): Promise<AcceptOutcome> {
  if (!isUuid(inviteId)) return "not_found";
  const db = getDb();
  const [invite] = await db.select().from(inviteHistory).where(eq(inviteHistory.id, inviteId));
  if (!invite) return "not_found";
  if (invite.email !== viewer.user.email) return "ineligible";
  if (invite.expiresAt.getTime() <= Date.now()) return "expired";
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.id, invite.accountId));
  if (!account) return "not_found";
  await db.transaction(async (tx) => {
    await tx
      .insert(memberships)
      .values({
        userId: viewer.user.id,
        accountId: invite.accountId,
        isCompanyAdmin: false,
        activatedAt: new Date(),
      })
      .onConflictDoUpdate({
        target: [memberships.userId, memberships.accountId],
        set: { activatedAt: new Date() },
      });
    await tx.delete(inviteHistory).where(eq(inviteHistory.id, invite.id));
    await clearRemoval(tx, { userId: viewer.user.id, accountId: invite.accountId });
    await publishEvent({ topic: "members", accountId: invite.accountId, email: invite.email }, tx);
  });
  return "joined";
}

export async function declineInvitation(viewer: Viewer, inviteId: string): Promise<boolean> {
  if (!isUuid(inviteId)) return false;
  const deleted = await getDb()
    .delete(inviteHistory)
    .where(and(eq(inviteHistory.id, inviteId), eq(inviteHistory.email, viewer.user.email)))
    .returning({ accountId: inviteHistory.accountId });
  if (deleted[0])
    await publishEvent({ topic: "invites", accountId: deleted[0].accountId, email: viewer.user.email });
  return deleted.length > 0;
}
