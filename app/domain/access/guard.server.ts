import { eq, sql } from "drizzle-orm";
import { createContext, data, type MiddlewareFunction, RouterContextProvider, redirect } from "react-router";
import { type Db, getDb } from "#db/client.server";
import { preparedStatement } from "#db/prepared.server";
import { accounts, type PlatformRole, users } from "#db/schema";
import { getCookieSession, getSessionUserId, redirectWithToast } from "~/domain/auth/session.server";
import { authenticateEmbedded, type EmbeddedAuth } from "~/domain/shopify/embedded-auth.server";
import { embeddedSetupUrl } from "~/domain/shopify/embedded-setup";
import { findEmbeddedStaff, type StaffIdentity } from "~/domain/shopify/embedded-staff.server";
import { sendLockedStoreToOnboarding } from "~/domain/shopify/onboarding-lock.server";
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
  const [account] = await preparedStatement(db, "account_by_id", accountByIdQuery).execute({
    id: active.accountId,
  });
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

/**
 * The user, their platform roles and their companies, in one query (one round trip on every signed-in
 * request instead of three). The most recently activated membership comes first: the active company.
 */
export async function loadViewer(userId: string): Promise<Viewer | null> {
  const [row] = await preparedStatement(getDb(), "viewer", viewerQuery).execute({ userId });
  if (!row) return null;
  return {
    user: { id: row.id, email: row.email, givenName: row.givenName, familyName: row.familyName },
    roles: parsedJson(row.roles),
    memberships: parsedJson(row.memberships),
    suspended: row.suspendedAt !== null,
  };
}

const accountByIdQuery = (db: Db, name: string) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder("id")))
    .prepare(name);

const viewerQuery = (db: Db, name: string) =>
  db
    .select({
      id: users.id,
      email: users.email,
      givenName: users.givenName,
      familyName: users.familyName,
      suspendedAt: users.suspendedAt,
      // Written out with aliases: drizzle leaves columns unqualified in a one-table select.
      roles: sql<PlatformRole[]>`coalesce((
        select json_agg(r.role) from user_roles r where r.user_id = "users"."id"
      ), '[]'::json)`,
      memberships: sql<ViewerMembership[]>`coalesce((
        select json_agg(json_build_object(
          'accountId', m.account_id, 'company', a.company, 'isCompanyAdmin', m.is_company_admin
        ) order by m.activated_at desc, m.created_at desc)
        from memberships m inner join accounts a on a.id = m.account_id
        where m.user_id = "users"."id"
      ), '[]'::json)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("userId")))
    .prepare(name);

/** A json column as the driver gives it: parsed already (postgres.js, PGlite), or its text. */
function parsedJson<T>(value: T | string): T {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

/**
 * What a guard needs: the request and, when React Router calls a loader or action, its context, where
 * viewerMiddleware keeps this request's viewer. A bare Request (tests, scripts) resolves it afresh.
 */
export type GuardArgs = Request | { request: Request; context?: unknown };

type RequestViewer = {
  embedded: () => Promise<EmbeddedAuth | null>;
  viewer: () => Promise<Viewer | null>;
  workspace: (viewer: Viewer) => Promise<Workspace | null>;
};

type Workspace = Omit<MemberContext, keyof Viewer>;

const requestViewerContext = createContext<RequestViewer | null>(null);

/**
 * Resolves the viewer at most once per request, when a guard first asks, for the layout and every
 * loader. Inside the Shopify admin (a session token on the request) the token alone decides, never
 * the cookie: the viewer is the staff member /app mapped to our user, working in the shop's account.
 */
function lazyViewer(request: Request): RequestViewer {
  let embedded: Promise<EmbeddedAuth | null> | undefined;
  let staff: Promise<StaffIdentity> | undefined;
  let viewer: Promise<Viewer | null> | undefined;
  let workspace: Promise<Workspace | null> | undefined;
  const embeddedAuth = () => {
    embedded ??= authenticateEmbedded(request);
    return ownCopy(embedded);
  };
  const embeddedStaff = (auth: EmbeddedAuth) => {
    staff ??= findEmbeddedStaff(auth).then((found) => {
      // Not set up yet for this staff member and shop: /app does that, then comes back here.
      if (!found) throw redirect(embeddedSetupUrl(request));
      return found;
    });
    return staff;
  };
  return {
    embedded: embeddedAuth,
    viewer: () => {
      viewer ??= embeddedAuth().then(async (auth) => {
        if (!auth) {
          const userId = await getSessionUserId(request);
          return userId ? loadViewer(userId) : null;
        }
        const found = await embeddedStaff(auth);
        const loaded = await loadViewer(found.userId);
        // Only the shop's company exists inside its admin: no other membership can be switched to.
        // Nor is anyone platform staff there: a session token proves a store's staff member, and an
        // admin area (admin, roadmin, beta, internal) needs our own sign-in, in the cookie app.
        return (
          loaded && {
            ...loaded,
            roles: [],
            memberships: loaded.memberships.filter((m) => m.accountId === found.account.id),
          }
        );
      });
      return ownCopy(viewer);
    },
    workspace: (resolved) => {
      workspace ??= embeddedAuth().then(async (auth) => {
        if (!auth) return resolveWorkspace(request, resolved);
        const found = await embeddedStaff(auth);
        return {
          account: found.account,
          isCompanyAdmin: found.isCompanyAdmin,
          readOnly: false,
          viewAs: null,
        };
      });
      return ownCopy(workspace);
    },
  };
}

/**
 * A memoised answer for one more guard of the request. A thrown Response (the library's answer to a
 * bad token, a redirect) is thrown by every guard that asks, and React Router reads the body of each
 * one it is given: each gets its own copy, cut from the original that is never handed out.
 */
function ownCopy<T>(memo: Promise<T>): Promise<T> {
  return memo.catch((error: unknown) => {
    throw error instanceof Response ? error.clone() : error;
  });
}

/** Root middleware: one lazily resolved viewer shared by the layout's and the screens' guards. */
export const viewerMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(requestViewerContext, lazyViewer(request));
  return next();
};

function requestOf(args: GuardArgs): Request {
  return args instanceof Request ? args : args.request;
}

function requestViewerOf(args: GuardArgs): RequestViewer {
  if (!(args instanceof Request) && args.context instanceof RouterContextProvider) {
    const shared = args.context.get(requestViewerContext);
    if (shared) return shared;
  }
  return lazyViewer(requestOf(args));
}

export async function getOptionalViewer(args: GuardArgs): Promise<Viewer | null> {
  return requestViewerOf(args).viewer();
}

/**
 * The Shopify admin's session token of this request, verified through the library (see
 * authenticateEmbedded), or null outside the admin. Throws the library's answer to a bad token.
 */
export async function getEmbeddedAuth(args: GuardArgs): Promise<EmbeddedAuth | null> {
  return requestViewerOf(args).embedded();
}

/** The shop whose admin may frame this response: only one named by a valid token, never a failure. */
export async function embeddedShopOf(args: GuardArgs): Promise<string | null> {
  try {
    return (await getEmbeddedAuth(args))?.shop ?? null;
  } catch {
    return null;
  }
}

/** The company the viewer works in (see resolveWorkspace), resolved once per request like the viewer. */
export async function getWorkspace(args: GuardArgs, viewer: Viewer): Promise<Workspace | null> {
  return requestViewerOf(args).workspace(viewer);
}

export const isPlatformStaff = (viewer: Viewer) =>
  viewer.roles.includes("admin") || viewer.roles.includes("roadmin");

/**
 * What the permission map knows of a signed-in user outside a company: their roles, and read-only
 * when they are a read-only admin (roadmin without admin), who may load every screen and change nothing.
 */
export function viewerSubject(viewer: Viewer): PermissionSubject {
  const readOnlyStaff = viewer.roles.includes("roadmin") && !viewer.roles.includes("admin");
  return { roles: viewer.roles, isCompanyAdmin: false, readOnly: readOnlyStaff };
}

/** Signed in, not suspended. No token: /signin with 'Please login', or /signup when following an invitation. */
export async function requireViewer(args: GuardArgs): Promise<Viewer> {
  const request = requestOf(args);
  const viewer = await getOptionalViewer(args);
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
export async function requireMember(args: GuardArgs): Promise<MemberContext> {
  const viewer = await requireViewer(args);
  const workspace = await getWorkspace(args, viewer);
  if (!workspace) {
    // Platform staff belong to no company of their own: their home is the admin area. A company's
    // screen (/contacts, ...) opened from the sidebar says why it did not open (issue 20 item 8).
    if (!isPlatformStaff(viewer)) throw redirect("/setup");
    const path = new URL(requestOf(args).url).pathname;
    throw redirect(
      path === "/" ? "/admin" : `/admin?${new URLSearchParams({ tab: "companies", companyNeeded: path })}`,
    );
  }
  if (workspace.account.disabled && !workspace.viewAs) throw redirect("/suspended");
  // A locked store profile keeps the company's own users in store onboarding (spec 1 section 4).
  if (!workspace.viewAs) await sendLockedStoreToOnboarding(workspace.account.id);
  return { ...viewer, ...workspace };
}

/** A member who also holds the permission; otherwise back to / (pages) or 403 (actions). */
export async function requireMemberWith(args: GuardArgs, permission: Permission): Promise<MemberContext> {
  const context = await requireMember(args);
  if (!can(context, permission)) throw forbiddenFor(requestOf(args));
  return context;
}

/** A signed-in user (with or without a company) who holds a platform permission such as admin.view. */
export async function requireViewerWith(args: GuardArgs, permission: Permission): Promise<Viewer> {
  const viewer = await requireViewer(args);
  if (!can(viewerSubject(viewer), permission)) throw forbiddenFor(requestOf(args));
  return viewer;
}

/** A signed-in caller of a route that serves users with and without a company (invitations, setup). */
export type Caller = { viewer: Viewer; member: MemberContext | null; subject: PermissionSubject };

/** Signed in, not suspended; with the company they work in when they have one that is not disabled. */
export async function requireCaller(args: GuardArgs): Promise<Caller> {
  const viewer = await requireViewer(args);
  const workspace = await getWorkspace(args, viewer);
  const usable = workspace && (!workspace.account.disabled || workspace.viewAs) ? workspace : null;
  const member = usable ? { ...viewer, ...usable } : null;
  const outside = viewerSubject(viewer);
  const subject = member ? { ...outside, readOnly: outside.readOnly || member.readOnly } : outside;
  return { viewer, member, subject };
}

/** The caller's company, when the intent needs one and the permission; otherwise 403. */
export function permitMember(caller: Caller, permission: Permission): MemberContext {
  if (!caller.member) throw data({ error: "Forbidden" }, 403);
  permit(caller.member, permission);
  return caller.member;
}

/**
 * The check inside a multi-intent action whose intents need different permissions: the guard at the
 * top has resolved the caller, the parsed intent names the permission. Throws 403 when it is missing.
 */
export function permit(subject: PermissionSubject, permission: Permission): void {
  if (!can(subject, permission)) throw data({ error: "Forbidden" }, 403);
}

/**
 * The guard at the top of a multi-intent action: 403 before the body is read unless the caller holds
 * at least one of its intents' permissions (a read-only admin holds none of a page's writes).
 */
export function permitAny(subject: PermissionSubject, permissions: readonly Permission[]): void {
  if (!permissions.some((permission) => can(subject, permission))) throw data({ error: "Forbidden" }, 403);
}

function forbiddenFor(request: Request) {
  // Pages send the visitor home; writes get a plain 403.
  return request.method === "GET" || request.method === "HEAD"
    ? redirect("/")
    : data({ error: "Forbidden" }, 403);
}

/** Public pages (login, sign-up, ...) send a signed-in user where they belong. */
export async function redirectSignedInAway(args: GuardArgs) {
  const viewer = await getOptionalViewer(args);
  if (!viewer) return;
  if (viewer.suspended) throw redirect("/suspended");
  if (viewer.memberships.length > 0 || viewer.roles.length > 0) throw redirect("/");
  const session = await getCookieSession(requestOf(args));
  throw redirect(session.has("storeDetails") ? "/unboxing-tour" : "/setup");
}
