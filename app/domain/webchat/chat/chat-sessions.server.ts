import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { chatSessions, contacts } from "#db/schema";
import { config } from "~/config.server";
import type { Queryable } from "~/domain/kernel/scope";
import type { ChatContact } from "./conversations.server";

/**
 * A contact's sign-in to its company's chat app: a random token in an HttpOnly cookie scoped to the
 * app's path, its hash in chat_sessions. A session belongs to one company: read with another
 * company's subdomain, it is no session.
 */

export const CHAT_SESSION_COOKIE = "blusteam_chat";
const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60_000;
// The contact's window refreshes last_seen_at on connect and every heartbeat (25 s): older than this,
// the contact is away and a staff answer is emailed.
export const PRESENCE_WINDOW_MS = 60_000;

export type ChatSession = ChatContact & { sessionId: string; firstName: string; lastName: string };

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export async function createChatSession(contact: ChatContact, db: Queryable = getDb()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(chatSessions).values({
    accountId: contact.accountId,
    contactId: contact.contactId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
  });
  return token;
}

function cookieToken(request: Request): string | null {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === CHAT_SESSION_COOKIE) {
      const value = rest.join("=");
      return /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
    }
  }
  return null;
}

/** The signed-in contact of this company, or null (no cookie, expired, revoked, another company's). */
export async function readChatSession(request: Request, accountId: string): Promise<ChatSession | null> {
  const token = cookieToken(request);
  if (!token) return null;
  const [row] = await getDb()
    .select({
      sessionId: chatSessions.id,
      accountId: chatSessions.accountId,
      contactId: chatSessions.contactId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(chatSessions)
    .innerJoin(
      contacts,
      and(eq(contacts.id, chatSessions.contactId), eq(contacts.accountId, chatSessions.accountId)),
    )
    .where(
      and(
        eq(chatSessions.tokenHash, hashToken(token)),
        eq(chatSessions.accountId, accountId),
        isNull(chatSessions.revokedAt),
        gt(chatSessions.expiresAt, new Date()),
        eq(contacts.isActive, true),
      ),
    );
  return row ?? null;
}

export async function revokeChatSession(sessionId: string) {
  await getDb().update(chatSessions).set({ revokedAt: new Date() }).where(eq(chatSessions.id, sessionId));
}

/** The contact's chat window is open now (its event stream calls this). */
export async function touchChatSession(sessionId: string) {
  await getDb().update(chatSessions).set({ lastSeenAt: new Date() }).where(eq(chatSessions.id, sessionId));
}

/** True when one of the contact's windows was open within the last minute. */
export async function isContactPresent(contact: ChatContact, db: Queryable = getDb()): Promise<boolean> {
  const since = new Date(Date.now() - PRESENCE_WINDOW_MS);
  const [row] = await db
    .select({ present: sql<number>`1` })
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.accountId, contact.accountId),
        eq(chatSessions.contactId, contact.contactId),
        isNull(chatSessions.revokedAt),
        gt(chatSessions.lastSeenAt, since),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The Set-Cookie header of a new session (or, with null, of signing out), for the app's path. */
export function chatSessionCookie(token: string | null, basePath: string): string {
  const secure = config().appOrigin.startsWith("https:") ? "; Secure" : "";
  const path = basePath || "/";
  if (!token) return `${CHAT_SESSION_COOKIE}=; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
  return `${CHAT_SESSION_COOKIE}=${token}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${SESSION_LIFETIME_MS / 1000}${secure}`;
}
