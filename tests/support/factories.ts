import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { hashPassword } from "../../app/domain/auth/password.server";
import { startUserSession } from "../../app/domain/auth/session.server";
import { getDb } from "../../db/client.server";
import {
  accounts,
  DEFAULT_DASHBOARD_ID,
  dashboards,
  memberships,
  outboxMessages,
  type PlatformRole,
  userRoles,
  users,
} from "../../db/schema";

/**
 * Rows for database tests, written through the app's getDb() (the test database describeEachDatabase
 * installed). Every factory makes unique values by default so tests can create several of each.
 */

const unique = () => randomBytes(4).toString("hex");

// scrypt costs ~75 ms per hash: hash each distinct password once per test file.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string) {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

export type UserOptions = {
  email?: string;
  password?: string;
  givenName?: string;
  familyName?: string;
  verified?: boolean;
  mustChangePassword?: boolean;
  suspended?: boolean;
  roles?: PlatformRole[];
};

/** A user (verified unless told otherwise); returns the row and the plain password. */
export async function createUser(options: UserOptions = {}) {
  const password = options.password ?? "factory-password-1";
  const [user] = await getDb()
    .insert(users)
    .values({
      email: options.email ?? `user-${unique()}@example.com`,
      givenName: options.givenName ?? "Test",
      familyName: options.familyName ?? "User",
      passwordHash: await cachedHash(password),
      emailVerifiedAt: options.verified === false ? null : new Date(),
      mustChangePassword: options.mustChangePassword ?? false,
      suspendedAt: options.suspended ? new Date() : null,
    })
    .returning();
  for (const role of options.roles ?? []) await grantRole(user.id, role);
  return { ...user, password };
}

export async function grantRole(userId: string, role: PlatformRole) {
  await getDb().insert(userRoles).values({ userId, role });
}

/** A company; the default dashboard it points at is created when missing. */
export async function createAccount(overrides: Partial<typeof accounts.$inferInsert> = {}) {
  await getDb()
    .insert(dashboards)
    .values({ id: DEFAULT_DASHBOARD_ID, name: "Default Dashboard", isDefault: true })
    .onConflictDoNothing();
  const company = overrides.company ?? `Company ${unique()}`;
  const [account] = await getDb()
    .insert(accounts)
    .values({
      company,
      companyLowercased: company.toLowerCase(),
      url: "www.example.com",
      accountStatus: "ACTIVE",
      dashboardId: DEFAULT_DASHBOARD_ID,
      linkShortenerSubdomain: `links-${unique()}`,
      chatstreamSubdomain: `chat-${unique()}`,
      ...overrides,
    })
    .returning();
  return account;
}

export async function addMembership(
  userId: string,
  accountId: string,
  options: { isCompanyAdmin?: boolean; activatedAt?: Date; ownerConfirmed?: boolean; createdAt?: Date } = {},
) {
  await getDb()
    .insert(memberships)
    .values({
      userId,
      accountId,
      isCompanyAdmin: options.isCompanyAdmin ?? false,
      activatedAt: options.activatedAt,
      ownerConfirmed: options.ownerConfirmed,
      createdAt: options.createdAt,
    });
}

export async function membershipOf(userId: string, accountId: string) {
  const [row] = await getDb()
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId)));
  return row;
}

/** The `name=value` pair of a response's Set-Cookie header, ready for a request's Cookie header. */
export function cookieFrom(response: Response): string {
  const setCookie = response.headers.get("Set-Cookie");
  expect(setCookie, "the response sets a cookie").toBeTruthy();
  return (setCookie as string).split(";")[0];
}

/** A request carrying a real session cookie for the user, made by the app's own startUserSession. */
export async function signedInRequest(
  userId: string,
  url = "http://localhost:3000/",
  init: RequestInit = {},
) {
  const response = await startUserSession(new Request(url), {
    userId,
    ipAddress: "203.0.113.1",
    redirectTo: "/",
  });
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookieFrom(response));
  return new Request(url, { ...init, headers });
}

/** Emails in the outbox for one recipient, oldest first. */
export async function mailsTo(recipient: string) {
  const rows = await getDb().select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The 6-digit code an email shows on a line of its own, as a reader would find it. */
export function codeIn(text: string): string {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => /^\d{6}$/.test(line));
  expect(lines, "exactly one line of the email is a 6-digit code").toHaveLength(1);
  return lines[0];
}

/** The code of the newest email to the recipient. */
export async function latestCodeFor(recipient: string): Promise<string> {
  const mails = await mailsTo(recipient);
  expect(mails.length, `an email was sent to ${recipient}`).toBeGreaterThan(0);
  return codeIn(mails[mails.length - 1].text);
}

/** Catches what a guard throws (a redirect Response, or data() with a status). */
export async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected the call to throw, but it returned");
}

/** Where a thrown redirect Response points. */
export async function redirectTarget(promise: Promise<unknown>): Promise<string | null> {
  const thrown = await thrownBy(promise);
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  expect(response.status).toBe(302);
  return response.headers.get("Location");
}
