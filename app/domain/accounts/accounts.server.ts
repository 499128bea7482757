import { and, desc, eq, or, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import {
  type AccountMetadata,
  accountRequests,
  accounts,
  DEFAULT_DASHBOARD_ID,
  legalDocuments,
  memberships,
  users,
} from "#db/schema";
import type { MemberContext, Viewer } from "~/domain/access/guard.server";
import type { AccountScope, Queryable } from "~/domain/kernel/scope";
import { isCountryCode } from "./country";

export async function isActiveAccountDisabled(accountId: string | undefined) {
  if (!accountId) return false;
  const [row] = await getDb()
    .select({ disabled: accounts.disabled })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.disabled ?? false;
}

export type NewCompany = {
  company: string;
  url: string;
  linkShortenerSubdomain: string;
  chatstreamSubdomain: string;
  /** ISO 3166-1 alpha-2: how the company's phone numbers without "+country code" are read. */
  country: string;
};
export type CreateCompanyResult =
  | { ok: true; accountId: string }
  | { ok: false; fieldErrors: Partial<Record<keyof NewCompany, string[]>> };

/** Creates a company with the creator as its company admin, and makes it their active company. */
export async function createCompany(viewer: Viewer, input: NewCompany): Promise<CreateCompanyResult> {
  const db = getDb();
  const taken = await db
    .select({ link: accounts.linkShortenerSubdomain, chat: accounts.chatstreamSubdomain })
    .from(accounts)
    .where(
      or(
        eq(accounts.linkShortenerSubdomain, input.linkShortenerSubdomain),
        eq(accounts.chatstreamSubdomain, input.chatstreamSubdomain),
      ),
    );
  const fieldErrors: Partial<Record<keyof NewCompany, string[]>> = {};
  if (!isCountryCode(input.country)) fieldErrors.country = ["firstRun.validation.countryRequired"];
  if (taken.some((t) => t.link === input.linkShortenerSubdomain))
    fieldErrors.linkShortenerSubdomain = ["validation.subdomainTaken"];
  if (taken.some((t) => t.chat === input.chatstreamSubdomain))
    fieldErrors.chatstreamSubdomain = ["validation.subdomainTaken"];
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  try {
    const metadata = await termsAcceptedAtSignUp(viewer.user.id);
    const accountId = await db.transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          company: input.company,
          companyLowercased: input.company.toLowerCase(),
          url: input.url,
          accountStatus: "CREATED",
          dashboardId: DEFAULT_DASHBOARD_ID,
          ownerUserId: viewer.user.id,
          linkShortenerSubdomain: input.linkShortenerSubdomain,
          chatstreamSubdomain: input.chatstreamSubdomain,
          country: input.country,
          metadata,
        })
        .returning({ id: accounts.id });
      await tx.insert(memberships).values({
        userId: viewer.user.id,
        accountId: account.id,
        isCompanyAdmin: true,
        activatedAt: new Date(),
      });
      return account.id;
    });
    return { ok: true, accountId };
  } catch (error) {
    // Two people racing for the same subdomain: the unique index decides.
    if ([error, (error as Error).cause].some((e) => (e as { code?: string } | undefined)?.code === "23505")) {
      return { ok: false, fieldErrors: { linkShortenerSubdomain: ["validation.subdomainTaken"] } };
    }
    throw error;
  }
}

/**
 * The terms the creator accepted with the sign-up checkbox count for the company they create: it
 * starts with them accepted at that time, so no acceptance dialog follows setup (a version published
 * since still asks, as termsAcceptanceNeeded compares the times). Invited users never ticked it.
 */
export async function termsAcceptedAtSignUp(
  userId: string,
  db: Queryable = getDb(),
): Promise<AccountMetadata> {
  const [user] = await db
    .select({ termsAcceptedAt: users.termsAcceptedAt })
    .from(users)
    .where(eq(users.id, userId));
  return user?.termsAcceptedAt ? { TnCAcceptedAt: user.termsAcceptedAt.toISOString() } : {};
}

/** Makes one of the user's companies the active one; refuses companies they do not belong to. */
export async function switchActiveAccount(userId: string, accountId: string): Promise<boolean> {
  const updated = await getDb()
    .update(memberships)
    .set({ activatedAt: new Date() })
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)))
    .returning({ accountId: memberships.accountId });
  return updated.length > 0;
}

export type RequestAccessResult = "requested" | "not_found" | "already_member" | "already_requested";

export async function requestAccess(viewer: Viewer, accountId: string): Promise<RequestAccessResult> {
  const db = getDb();
  const [account] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) return "not_found";
  if (viewer.memberships.some((m) => m.accountId === accountId)) return "already_member";
  const [pending] = await db
    .select({ id: accountRequests.id })
    .from(accountRequests)
    .where(
      and(
        eq(accountRequests.accountId, accountId),
        eq(accountRequests.ownerEmail, viewer.user.email),
        eq(accountRequests.status, "PENDING"),
      ),
    );
  if (pending) return "already_requested";
  await db
    .insert(accountRequests)
    .values({ accountId, ownerEmail: viewer.user.email, userId: viewer.user.id });
  return "requested";
}

/** The user's most recent access request and how it ended, for the pending page. */
export async function latestAccessRequest(viewer: Viewer) {
  const [row] = await getDb()
    .select({
      id: accountRequests.id,
      accountId: accountRequests.accountId,
      company: accounts.company,
      status: accountRequests.status,
      decidedAt: accountRequests.decidedAt,
    })
    .from(accountRequests)
    .innerJoin(accounts, eq(accounts.id, accountRequests.accountId))
    .where(eq(accountRequests.ownerEmail, viewer.user.email))
    .orderBy(desc(accountRequests.createdAt))
    .limit(1);
  return row ?? null;
}

/** Spec 1 section 4: non-admins accept when the company never did, or did before the terms changed. */
export async function termsAcceptanceNeeded(
  context: MemberContext,
  /** The terms document when the caller has read the legal documents already (the shell has). */
  loadedTerms?: { updatedAt: Date } | null,
): Promise<boolean> {
  if (context.roles.includes("admin") || context.roles.includes("roadmin")) return false;
  const terms =
    loadedTerms !== undefined
      ? loadedTerms
      : (await getDb().select().from(legalDocuments).where(eq(legalDocuments.kind, "terms")))[0];
  if (!terms) return false;
  const acceptedAt = context.account.metadata.TnCAcceptedAt;
  return !acceptedAt || new Date(acceptedAt).getTime() < terms.updatedAt.getTime();
}

export async function acceptTerms(context: AccountScope) {
  // Merged in the database, so metadata written since this request loaded the company is kept.
  const acceptedAt = new Date().toISOString();
  await getDb()
    .update(accounts)
    .set({
      metadata: sql`${accounts.metadata} || jsonb_build_object('TnCAcceptedAt', ${acceptedAt}::text)`,
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, context.account.id));
  return true;
}

/** The edit-company drawer: name, URL and country of the active company only. */
export async function updateCompany(
  context: AccountScope,
  input: { company: string; url: string; country?: string },
): Promise<boolean> {
  if (input.country !== undefined && !isCountryCode(input.country)) return false;
  await getDb()
    .update(accounts)
    .set({
      company: input.company,
      companyLowercased: input.company.toLowerCase(),
      url: input.url,
      ...(input.country ? { country: input.country } : {}),
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, context.account.id));
  return true;
}
