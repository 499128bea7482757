import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { createCookie, createCookieSessionStorage, redirect } from "react-router";
import { type Db, getDb } from "#db/client.server";
import { preparedStatement } from "#db/prepared.server";
import { sessions } from "#db/schema";
import { config } from "~/config.server";
import type { Toast } from "~/domain/actions/toast";
import { isEmbeddedRequest } from "~/domain/shopify/embedded-auth.server";
import { embeddedFlashUrl } from "~/domain/shopify/embedded-flash.server";
import { withVerifiedParseMemo } from "./verified-cookie.server";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

type SessionData = {
  // The session's secret token; the sessions table keeps only its hash (hashSessionToken).
  sessionId: string;
  // Set between a sign-in that needs a new password and /set-new-password (the spec's navigation state).
  newPasswordChallengeUserId: string;
  // The email the confirmation screen is for (the spec kept it in browser storage).
  pendingConfirmationEmail: string;
  // Store details from the Shopify install hand-off; public pages then send the user to /unboxing-tour.
  storeDetails: string;
  // A platform admin opening a company ("View As"): {"accountId": "...", "mode": "admin" | "roadmin"}.
  viewAs: string;
};
// feedbackEmail: the address just confirmed, filled in on /signin with the feedback banner.
type FlashData = { toast: Toast; feedback: string; feedbackEmail: string };

let storage: ReturnType<typeof createStorage> | undefined;
function createStorage() {
  const { sessionSecret, appOrigin } = config();
  const { hostname, protocol } = new URL(appOrigin);
  const local = hostname === "localhost" || hostname === "127.0.0.1";
  const cookie = createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: protocol === "https:" || !local,
    path: "/",
    secrets: [sessionSecret],
    maxAge: SESSION_TTL_MS / 1000,
  });
  return createCookieSessionStorage<SessionData, FlashData>({ cookie: withVerifiedParseMemo(cookie) });
}
export function sessionStorage() {
  storage ??= createStorage();
  return storage;
}

export function getCookieSession(request: Request) {
  return sessionStorage().getSession(request.headers.get("Cookie"));
}
export type CookieSession = Awaited<ReturnType<typeof getCookieSession>>;

export async function commit(session: CookieSession) {
  return { "Set-Cookie": await sessionStorage().commitSession(session) };
}

/**
 * The sessions table stores SHA-256 of the cookie's random token, so a copy of the database holds no
 * live session. The token has 256 bits of entropy: a plain hash is enough, no salt or stretching.
 * The hash_session_ids migration hashed the ids of sessions started before, with the same function in SQL.
 */
export function hashSessionToken(token: string) {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The signed-in user's id, or null when the cookie is missing, revoked or expired. */
export async function getSessionUserId(request: Request): Promise<string | null> {
  const session = await getCookieSession(request);
  const sessionId = session.get("sessionId");
  if (!sessionId) return null;
  const [row] = await preparedStatement(getDb(), "session_user", sessionUserQuery).execute({
    id: hashSessionToken(sessionId),
    // As Drizzle passes a timestamp column's value (a placeholder skips the column's mapping).
    now: new Date().toISOString(),
  });
  return row?.userId ?? null;
}

const sessionUserQuery = (db: Db, name: string) =>
  db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare(name);

/** Stores a new revocable session for the user and returns its token, the value the cookie carries. */
export async function createUserSession(
  userId: string,
  details: { ipAddress: string; userAgent?: string | null },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await getDb()
    .insert(sessions)
    .values({
      id: hashSessionToken(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      ipAddress: details.ipAddress,
      userAgent: details.userAgent?.slice(0, 500) ?? null,
    });
  return token;
}

/** Starts a revocable session for the user and redirects, keeping flash data such as a toast. */
export async function startUserSession(
  request: Request,
  options: { userId: string; ipAddress: string; redirectTo: string },
) {
  const token = await createUserSession(options.userId, {
    ipAddress: options.ipAddress,
    userAgent: request.headers.get("User-Agent"),
  });
  const session = await getCookieSession(request);
  session.unset("newPasswordChallengeUserId");
  session.set("sessionId", token);
  return redirect(options.redirectTo, { headers: await commit(session) });
}

/** Ends this session, or every session of the user ("global sign-out"). */
export async function endUserSession(
  request: Request,
  options: { everywhere: boolean; redirectTo?: string },
) {
  const session = await getCookieSession(request);
  const token = session.get("sessionId");
  if (token) {
    const db = getDb();
    const id = hashSessionToken(token);
    if (options.everywhere) {
      const [row] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, id));
      if (row) await db.delete(sessions).where(eq(sessions.userId, row.userId));
    } else {
      await db.delete(sessions).where(eq(sessions.id, id));
    }
  }
  return redirect(options.redirectTo ?? "/signin", {
    headers: { "Set-Cookie": await sessionStorage().destroySession(session) },
  });
}

/** Signs the user out everywhere; pass a transaction to end the sessions together with another write. */
export async function revokeAllSessionsOfUser(userId: string, db: Pick<Db, "delete"> = getDb()) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Signs the user out everywhere except in the session `current` carries (after a password change,
 * the device that made it stays signed in). Without a session in `current`, every session ends.
 */
export async function revokeOtherSessionsOfUser(
  userId: string,
  current: Request,
  db: Pick<Db, "delete"> = getDb(),
) {
  const token = (await getCookieSession(current)).get("sessionId");
  const others = token
    ? and(eq(sessions.userId, userId), ne(sessions.id, hashSessionToken(token)))
    : eq(sessions.userId, userId);
  await db.delete(sessions).where(others);
}

/** Redirects with a one-time toast shown on the next page. */
export async function redirectWithToast(request: Request, url: string, toast: Toast, init?: ResponseInit) {
  // Inside the Shopify admin's iframe no cookie comes back: the toast travels in the URL instead.
  if (isEmbeddedRequest(request)) return redirect(embeddedFlashUrl(url, toast), init);
  const session = await getCookieSession(request);
  session.flash("toast", toast);
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await sessionStorage().commitSession(session));
  return redirect(url, { ...init, headers });
}

/** Redirects with the success banner text the login screen shows ("Sign in with your new account"). */
export async function redirectWithFeedback(
  request: Request,
  url: string,
  feedbackKey: string,
  email?: string,
) {
  const session = await getCookieSession(request);
  session.flash("feedback", feedbackKey);
  if (email) session.flash("feedbackEmail", email);
  return redirect(url, { headers: await commit(session) });
}
