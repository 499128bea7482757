import { createHash, createHmac, randomBytes, randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "#db/client.server";
import { chatSignInTokens, contacts } from "#db/schema";
import { config } from "~/config.server";
import { hitRateLimit } from "~/domain/auth/rate-limit.server";
import type { RateRule } from "~/services/http/memory-rate-limit.server";
import { sendMagicLinkEmail, sendWelcomeOnce } from "./chat-emails.server";
import { createChatSession } from "./chat-sessions.server";
import { chatAppUrl } from "./chat-urls.server";
import { ensureConversation } from "./conversations.server";

/**
 * A contact signs in to its company's chat app by email: the New Magic Link template brings a
 * one-time link and a 6-digit code, both valid 15 minutes and once (the link and the code are the
 * same sign-in: using one uses the other). Only the company's active contacts get one, and the answer
 * to a request is the same whether or not the address is one (the email goes out after the answer).
 */

export const SIGN_IN_LIFETIME_MS = 15 * 60_000;
export const MAX_WRONG_CODES = 5;

// Counted in the database (rate-limit.server.ts), so every server process shares them. Per address
// means per company and address; none of them depends on whether the address is a contact.
export const chatRateLimits = {
  linkRequestsPerEmail: { limit: 5, windowMs: 15 * 60_000 },
  linkRequestsPerIp: { limit: 30, windowMs: 15 * 60_000 },
  codeAttemptsPerEmail: { limit: 10, windowMs: 15 * 60_000 },
  codeAttemptsPerIp: { limit: 60, windowMs: 15 * 60_000 },
  // Besides the 15-minute limits, a day's guesses at 6-digit codes are capped: 10 every 15 minutes,
  // forever, is 960 a day at one address. A capped address still signs in with the emailed link.
  // (pruneRateLimitBuckets keeps counters a day: no window here may be longer.)
  codeAttemptsPerEmailPerDay: { limit: 30, windowMs: 24 * 60 * 60_000 },
  codeAttemptsPerIpPerDay: { limit: 200, windowMs: 24 * 60 * 60_000 },
  messagesPerContact: { limit: 30, windowMs: 60_000 },
  messagesPerIp: { limit: 120, windowMs: 60_000 },
} satisfies Record<string, RateRule>;

const emailSchema = z.email().max(254);

export function cleanEmail(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const email = raw.trim().toLowerCase();
  return emailSchema.safeParse(email).success ? email : null;
}

const hashLink = (token: string) => createHash("sha256").update(token).digest("hex");
const hashCode = (contactId: string, code: string) =>
  createHmac("sha256", config().sessionSecret).update(`chat:${contactId}:${code}`).digest("hex");

/** Hits both limits (so a flood from one address also counts against the email it names). */
async function overLimits(checks: [string, RateRule][]): Promise<boolean> {
  let limited = false;
  for (const [key, rule] of checks) if ((await hitRateLimit(key, rule)).limited) limited = true;
  return limited;
}

async function activeContactByEmail(accountId: string, email: string) {
  const [contact] = await getDb()
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.email, email), eq(contacts.isActive, true)));
  return contact ?? null;
}

export type SignInRequest = {
  status: "sent" | "invalid_email" | "rate_limited";
  /** The email's delivery, finished after the answer (tests wait for it). */
  delivery: Promise<void>;
};

export async function requestSignIn(options: {
  accountId: string;
  subdomain: string;
  email: unknown;
  ip: string;
}): Promise<SignInRequest> {
  const done = Promise.resolve();
  const email = cleanEmail(options.email);
  if (!email) return { status: "invalid_email", delivery: done };
  const limited = await overLimits([
    [`chatLink:ip:${options.ip}`, chatRateLimits.linkRequestsPerIp],
    [`chatLink:email:${options.accountId}:${email}`, chatRateLimits.linkRequestsPerEmail],
  ]);
  if (limited) return { status: "rate_limited", delivery: done };
  const delivery = (async () => {
    const contact = await activeContactByEmail(options.accountId, email);
    if (!contact) return;
    const { link, code } = await issueSignIn(options.accountId, contact.id);
    await sendMagicLinkEmail(options.accountId, contact.id, {
      magicLink: `${chatAppUrl(options.subdomain)}/magic?${new URLSearchParams({ token: link })}`,
      magicCode: code,
    });
  })().catch((error) => console.error("web chat: could not send a sign-in email", error));
  return { status: "sent", delivery };
}

/** A fresh link and code for the contact; its earlier unused ones stop working. */
export async function issueSignIn(accountId: string, contactId: string) {
  const link = randomBytes(32).toString("base64url");
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await getDb().transaction(async (tx) => {
    await tx
      .update(chatSignInTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(chatSignInTokens.accountId, accountId),
          eq(chatSignInTokens.contactId, contactId),
          isNull(chatSignInTokens.usedAt),
        ),
      );
    await tx.insert(chatSignInTokens).values({
      accountId,
      contactId,
      linkHash: hashLink(link),
      codeHash: hashCode(contactId, code),
      expiresAt: new Date(Date.now() + SIGN_IN_LIFETIME_MS),
    });
  });
  return { link, code };
}

export type SignedIn = {
  status: "signed_in";
  sessionToken: string;
  contactId: string;
  /** The Welcome email of a first sign-in, finished after the answer. */
  welcome: Promise<unknown>;
};
export type SignInFailure = { status: "invalid" | "rate_limited" };

async function startSession(accountId: string, contactId: string): Promise<SignedIn> {
  const conversationId = await ensureConversation({ accountId, contactId });
  const sessionToken = await createChatSession({ accountId, contactId });
  const welcome = sendWelcomeOnce(accountId, conversationId, contactId).catch((error) =>
    console.error("web chat: could not send the Welcome email", error),
  );
  return { status: "signed_in", sessionToken, contactId, welcome };
}

/** The emailed link, used once within 15 minutes, for this company only. */
export async function redeemSignInLink(options: {
  accountId: string;
  token: unknown;
  ip: string;
}): Promise<SignedIn | SignInFailure> {
  if (typeof options.token !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(options.token))
    return { status: "invalid" };
  if ((await hitRateLimit(`chatCode:ip:${options.ip}`, chatRateLimits.codeAttemptsPerIp)).limited)
    return { status: "rate_limited" };
  const [used] = await getDb()
    .update(chatSignInTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(chatSignInTokens.linkHash, hashLink(options.token)),
        eq(chatSignInTokens.accountId, options.accountId),
        isNull(chatSignInTokens.usedAt),
        gt(chatSignInTokens.expiresAt, new Date()),
        lt(chatSignInTokens.failedAttempts, MAX_WRONG_CODES),
      ),
    )
    .returning({ contactId: chatSignInTokens.contactId });
  if (!used || !(await isActiveContact(options.accountId, used.contactId))) return { status: "invalid" };
  return startSession(options.accountId, used.contactId);
}

async function isActiveContact(accountId: string, contactId: string) {
  const [row] = await getDb()
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId), eq(contacts.isActive, true)));
  return Boolean(row);
}

/**
 * The emailed 6-digit code with the address it went to. A wrong code counts against the contact's
 * current sign-in: after 5 it is void, even for the right code. Unknown addresses answer as a wrong
 * code does.
 */
export async function redeemSignInCode(options: {
  accountId: string;
  email: unknown;
  code: unknown;
  ip: string;
}): Promise<SignedIn | SignInFailure> {
  const email = cleanEmail(options.email);
  const code = typeof options.code === "string" ? options.code.trim() : "";
  if (!email || !/^\d{6}$/.test(code)) return { status: "invalid" };
  const limited = await overLimits([
    [`chatCode:ip:${options.ip}`, chatRateLimits.codeAttemptsPerIp],
    [`chatCode:email:${options.accountId}:${email}`, chatRateLimits.codeAttemptsPerEmail],
    [`chatCodeDay:ip:${options.ip}`, chatRateLimits.codeAttemptsPerIpPerDay],
    [`chatCodeDay:email:${options.accountId}:${email}`, chatRateLimits.codeAttemptsPerEmailPerDay],
  ]);
  if (limited) return { status: "rate_limited" };
  const contact = await activeContactByEmail(options.accountId, email);
  if (!contact) return { status: "invalid" };
  const db = getDb();
  const [current] = await db
    .select({ id: chatSignInTokens.id })
    .from(chatSignInTokens)
    .where(
      and(
        eq(chatSignInTokens.accountId, options.accountId),
        eq(chatSignInTokens.contactId, contact.id),
        isNull(chatSignInTokens.usedAt),
        gt(chatSignInTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(chatSignInTokens.createdAt))
    .limit(1);
  if (!current) return { status: "invalid" };
  const [used] = await db
    .update(chatSignInTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(chatSignInTokens.id, current.id),
        isNull(chatSignInTokens.usedAt),
        lt(chatSignInTokens.failedAttempts, MAX_WRONG_CODES),
        eq(chatSignInTokens.codeHash, hashCode(contact.id, code)),
      ),
    )
    .returning({ id: chatSignInTokens.id });
  if (!used) {
    await db
      .update(chatSignInTokens)
      .set({ failedAttempts: sql`${chatSignInTokens.failedAttempts} + 1` })
      .where(eq(chatSignInTokens.id, current.id));
    return { status: "invalid" };
  }
  return startSession(options.accountId, contact.id);
}
