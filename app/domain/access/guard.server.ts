import { desc, eq } from "drizzle-orm";
import { data, redirect } from "react-router";
import { getDb } from "#db/client.server";
import { accounts, memberships, type PlatformRole, userRoles, users } from "#db/schema";
import { getCookieSession, getSessionUserId, redirectWithToast } from "~/domain/auth/session.server";
import { can, type Permission, type PermissionSubject } from "./permissions";

export type ViewerUser = { id: string; email: string; givenName: string; familyName: string };
export type ViewerMembership = { accountId: string; company: string; isCompanyAdmin: boolean };

/** Everyone signed in: their roles and companies, read from the database on every request. */
export type Viewer = {
  user: ViewerUser;
  roles: PlatformRole[];
  memberships: ViewerMembership[];
  suspended: boolean;
};

export type AccountRow = typeof accounts.$inferSelect;

export type ViewAsMode = "admin" | "roadmin";

/** A member working in their active company, or platform staff viewing a company (viewAs set). */
export type MemberContext = Viewer & PermissionSubject & { account: AccountRow; viewAs: ViewAsMode | null };

/**
 * The company a signed-in user works in: the company a platform admin chose to view, otherwise
 * their most recently activated membership. Read-only when viewing as RO Admin or as a roadmin.
 */
export async function resolveWorkspace(
  request: Request,
  viewer: Viewer,
): Promise<Omit<MemberContext, keyof Viewer> | null> {
  const db = getDb();
  const viewAs = isPlatformStaff(viewer) ? await readViewAs(request) : null;
  if (viewAs) {
    const [account] = await db.select().from(accounts).where(eq(accounts.id, viewAs.accountId));
    if (account) {
      // A roadmin never gets the Admin view, whatever the session says.
      const mode: ViewAsMode =
        viewAs.mode === "admin" && viewer.roles.includes("admin") ? "admin" : "roadmin";
      return { account, isCompanyAdmin: true, readOnly: mode === "roadmin", viewAs: mode };
    }
  }
  const active = viewer.memberships[0];
  if (!active) return null;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, active.accountId));
  if (!account) return null;
  return { account, isCompanyAdmin: active.isCompanyAdmin, readOnly: false, viewAs: null };
}

async function readViewAs(request: Request): Promise<{ accountId: string; mode: ViewAsMode } | null> {
  const raw = (await getCookieSession(request)).get("viewAs");
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { accountId?: unknown; mode?: unknown };
    if (typeof parsed.accountId !== "string") return null;
    return { accountId: parsed.accountId, mode: parsed.mode === "admin" ? "admin" : "roadmin" };
  } catch {
    return null;
  }
}

export async function loadViewer(userId: string): Promise<Viewer | null> {
  const db = getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const roleRows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId));
  // The most recently activated membership comes first: it is the active company.
  const membershipRows = await db
    .select({
      accountId: memberships.accountId,
      company: accounts.company,
      isCompanyAdmin: memberships.isCompanyAdmin,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId))
    .orderBy(desc(memberships.activatedAt), desc(memberships.createdAt));
  return {
    user: { id: user.id, email: user.email, givenName: user.givenName, familyName: user.familyName },
    roles: roleRows.map((r) => r.role),
    memberships: membershipRows,
    suspended: user.suspendedAt !== null,
  };
}

export async function getOptionalViewer(request: Request): Promise<Viewer | null> {
  const userId = await getSessionUserId(request);
  return userId ? loadViewer(userId) : null;
}

export const isPlatformStaff = (viewer: Viewer) =>
  viewer.roles.includes("admin") || viewer.roles.includes("roadmin");

/** Signed in, not suspended. No token: /signin with 'Please login', or /signup when following an invitation. */
export async function requireViewer(request: Request): Promise<Viewer> {
  const viewer = await getOptionalViewer(request);
  if (!viewer) {
    const url = new URL(request.url);
    const requestId = url.searchParams.get("requestid");
    if (requestId) throw redirect(`/signup?${new URLSearchParams({ requestid: requestId })}`);
    throw await redirectWithToast(request, "/signin", { message: "toasts.pleaseLogin", error: true });
  }
  if (viewer.suspended) throw redirect("/suspended");
  return viewer;
}

/** Signed in with an active company that is not disabled (or a company an admin is viewing). */
export async function requireMember(request: Request): Promise<MemberContext> {
  const viewer = await requireViewer(request);
  const workspace = await resolveWorkspace(request, viewer);
  if (!workspace) {
    // Platform staff belong to no company of their own: their home is the admin area.
    throw redirect(isPlatformStaff(viewer) ? "/admin" : "/setup");
  }
  if (workspace.account.disabled && !workspace.viewAs) throw redirect("/suspended");
  return { ...viewer, ...workspace };
}

/** A member who also holds the permission; otherwise back to / (pages) or 403 (actions). */
export async function requireMemberWith(request: Request, permission: Permission): Promise<MemberContext> {
  const context = await requireMember(request);
  if (!can(context, permission)) throw forbiddenFor(request);
  return context;
}

/** A signed-in user (with or without a company) who holds a platform permission such as admin.view. */
export async function requireViewerWith(request: Request, permission: Permission): Promise<Viewer> {
  const viewer = await requireViewer(request);
  if (!can({ roles: viewer.roles, isCompanyAdmin: false, readOnly: false }, permission))
    throw forbiddenFor(request);
  return viewer;
}

function forbiddenFor(request: Request) {
  // Pages send the visitor home; writes get a plain 403.
  return request.method === "GET" || request.method === "HEAD"
    ? redirect("/")
    : data({ error: "Forbidden" }, 403);
}

/** Public pages (login, sign-up, ...) send a signed-in user where they belong. */
export async function redirectSignedInAway(request: Request) {
  const viewer = await getOptionalViewer(request);
  if (!viewer) return;
  if (viewer.suspended) throw redirect("/suspended");
  if (viewer.memberships.length > 0 || viewer.roles.length > 0) throw redirect("/");
  const session = await getCookieSession(request);
  throw redirect(session.has("storeDetails") ? "/unboxing-tour" : "/setup");
}
