import { eq } from "drizzle-orm";
import {
  loadViewer,
  type MemberContext,
  resolveWorkspace,
  type Viewer,
} from "../../app/domain/access/guard.server";
import { getDb } from "../../db/client.server";
import { accountRequests, inviteHistory } from "../../db/schema";
import { addMembership, createAccount, createUser, type UserOptions } from "./factories";

/**
 * Companies, invitations and access requests for the team-domain database tests. Builds on
 * factories.ts (users, accounts, memberships) and adds the contexts the domain functions take.
 */

export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);

export async function viewerOf(userId: string): Promise<Viewer> {
  const viewer = await loadViewer(userId);
  if (!viewer) throw new Error(`no user ${userId}`);
  return viewer;
}

/** What requireMember returns for the user (no view-as): their most recently activated company. */
export async function memberContext(userId: string): Promise<MemberContext> {
  const viewer = await viewerOf(userId);
  const workspace = await resolveWorkspace(new Request("http://localhost:3000/"), viewer);
  if (!workspace) throw new Error(`user ${userId} belongs to no company`);
  return { ...viewer, ...workspace };
}

/** A company with one company admin, and that admin's context. */
export async function companyWithAdmin(company?: string, admin: UserOptions = {}) {
  const account = await createAccount(company ? { company } : {});
  const user = await createUser(admin);
  await addMembership(user.id, account.id, { isCompanyAdmin: true });
  return { account, admin: user, context: await memberContext(user.id) };
}

/** A plain (non-admin) member of the account. */
export async function createMember(accountId: string, options: UserOptions = {}) {
  const user = await createUser(options);
  await addMembership(user.id, accountId);
  return user;
}

export async function createInvite(input: {
  accountId: string;
  email: string;
  expiresAt?: Date;
  createdAt?: Date;
  company?: string;
}) {
  const [invite] = await getDb()
    .insert(inviteHistory)
    .values({
      accountId: input.accountId,
      email: input.email,
      invitedByName: "Inviting Admin",
      company: input.company ?? "Inviting Co",
      expiresAt: input.expiresAt ?? daysFromNow(7),
      createdAt: input.createdAt,
    })
    .returning();
  return invite;
}

export async function inviteRow(id: string) {
  const [row] = await getDb().select().from(inviteHistory).where(eq(inviteHistory.id, id));
  return row;
}

export async function createAccessRequest(input: {
  accountId: string;
  email: string;
  userId?: string;
  status?: "PENDING" | "APPROVED" | "DENIED";
  createdAt?: Date;
}) {
  const [request] = await getDb()
    .insert(accountRequests)
    .values({
      accountId: input.accountId,
      ownerEmail: input.email,
      userId: input.userId,
      status: input.status,
      createdAt: input.createdAt,
    })
    .returning();
  return request;
}

export async function accessRequestRow(id: string) {
  const [row] = await getDb().select().from(accountRequests).where(eq(accountRequests.id, id));
  return row;
}
