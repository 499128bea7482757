import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { sessions } from "#db/schema";
import { cookieFrom, createUser } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  endUserSession,
  getSessionUserId,
  revokeAllSessionsOfUser,
  revokeOtherSessionsOfUser,
  SESSION_TTL_MS,
  sessionStorage,
  startUserSession,
} from "./session.server";

/** A correctly signed cookie that carries the given session token, as whoever knows the secret could make. */
async function cookieCarrying(token: string) {
  const session = await sessionStorage().getSession();
  session.set("sessionId", token);
  return (await sessionStorage().commitSession(session)).split(";")[0];
}

/** The hand-written migration that hashed the ids of sessions started before ids were stored hashed. */
function hashSessionIdsMigration() {
  const folder = path.resolve(__dirname, "../../../db/migrations");
  const file = readdirSync(folder).find((name) => name.endsWith("_hash_session_ids.sql"));
  if (!file) throw new Error("no *_hash_session_ids.sql migration");
  return readFileSync(path.join(folder, file), "utf8");
}

const appUrl = "http://localhost:3000";

/** Signs the user in as a browser would: the response's cookie goes into the next request. */
async function signInAs(userId: string, userAgent = "vitest") {
  const response = await startUserSession(
    new Request(`${appUrl}/signin`, { headers: { "User-Agent": userAgent } }),
    {
      userId,
      ipAddress: "203.0.113.7",
      redirectTo: "/dashboard",
    },
  );
  const cookie = cookieFrom(response);
  return {
    response,
    cookie,
    request: (path = "/") => new Request(`${appUrl}${path}`, { headers: { Cookie: cookie } }),
  };
}

describeEachDatabase("sessions", (getDb) => {
  const sessionsOf = (userId: string) => getDb().select().from(sessions).where(eq(sessions.userId, userId));

  test("startUserSession stores a session row and redirects with a signed cookie", async () => {
    const user = await createUser();

    const { response, request } = await signInAs(user.id, "Firefox");

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^__session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const rows = await sessionsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ipAddress: "203.0.113.7", userAgent: "Firefox" });
    const ttl = rows[0].expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(SESSION_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(SESSION_TTL_MS);
    expect(await getSessionUserId(request())).toBe(user.id);
  });

  test("no cookie, or a forged one, is nobody", async () => {
    const user = await createUser();
    const { cookie } = await signInAs(user.id);
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value.slice(0, -4)}AAAA`;

    expect(await getSessionUserId(new Request(appUrl))).toBeNull();
    expect(await getSessionUserId(new Request(appUrl, { headers: { Cookie: tampered } }))).toBeNull();
  });

  test("revokeAllSessionsOfUser signs the user out everywhere", async () => {
    const user = await createUser();
    const laptop = await signInAs(user.id);
    const phone = await signInAs(user.id);

    await revokeAllSessionsOfUser(user.id);

    expect(await getSessionUserId(laptop.request())).toBeNull();
    expect(await getSessionUserId(phone.request())).toBeNull();
    expect(await sessionsOf(user.id)).toEqual([]);
  });

  test("a session whose row has expired is nobody, even with a valid cookie", async () => {
    const user = await createUser();
    const { request } = await signInAs(user.id);

    await getDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));

    expect(await getSessionUserId(request())).toBeNull();
  });

  test("endUserSession without everywhere ends only this session", async () => {
    const user = await createUser();
    const laptop = await signInAs(user.id);
    const phone = await signInAs(user.id);

    const response = await endUserSession(laptop.request("/signout"), { everywhere: false });

    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin");
    expect(response.headers.get("Set-Cookie")).toMatch(/^__session=;/);
    expect(await getSessionUserId(laptop.request())).toBeNull();
    expect(await getSessionUserId(phone.request())).toBe(user.id);
  });

  test("endUserSession everywhere ends every session of that user and no one else's", async () => {
    const user = await createUser();
    const other = await createUser();
    const laptop = await signInAs(user.id);
    const phone = await signInAs(user.id);
    const someoneElse = await signInAs(other.id);

    const response = await endUserSession(phone.request("/signout"), {
      everywhere: true,
      redirectTo: "/bye",
    });

    expect(response.headers.get("Location")).toBe("/bye");
    expect(await sessionsOf(user.id)).toEqual([]);
    expect(await getSessionUserId(laptop.request())).toBeNull();
    expect(await getSessionUserId(someoneElse.request())).toBe(other.id);
    expect(await sessionsOf(other.id)).toHaveLength(1);
  });

  test("the database keeps only a hash of the session token: a copied id is no session", async () => {
    const user = await createUser();
    const { cookie, request } = await signInAs(user.id);
    const [row] = await sessionsOf(user.id);
    const token = (await sessionStorage().getSession(cookie)).get("sessionId") as string;

    expect(row.id).not.toBe(token);
    expect(row.id).not.toContain(token);
    expect(row.id).toMatch(/^[0-9a-f]{64}$/);
    // Someone holding a copy of the sessions table (even with the cookie secret) cannot use its ids.
    const copied = new Request(appUrl, { headers: { Cookie: await cookieCarrying(row.id) } });
    expect(await getSessionUserId(copied)).toBeNull();
    expect(await getSessionUserId(request())).toBe(user.id);
  });

  test("sessions started before ids were hashed stay signed in after the migration", async () => {
    const user = await createUser();
    const oldToken = "pre-upgrade-token-Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFi";
    await getDb()
      .insert(sessions)
      .values({ id: oldToken, userId: user.id, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
    const request = new Request(appUrl, { headers: { Cookie: await cookieCarrying(oldToken) } });
    expect(await getSessionUserId(request)).toBeNull();

    await getDb().execute(sql.raw(hashSessionIdsMigration()));

    expect(await getSessionUserId(request)).toBe(user.id);
    const [row] = await sessionsOf(user.id);
    expect(row.id).not.toBe(oldToken);
  });

  test("revokeOtherSessionsOfUser keeps the current session and ends the user's others", async () => {
    const user = await createUser();
    const other = await createUser();
    const laptop = await signInAs(user.id);
    const phone = await signInAs(user.id);
    const someoneElse = await signInAs(other.id);

    await revokeOtherSessionsOfUser(user.id, laptop.request());

    expect(await getSessionUserId(laptop.request())).toBe(user.id);
    expect(await getSessionUserId(phone.request())).toBeNull();
    expect(await getSessionUserId(someoneElse.request())).toBe(other.id);
    expect(await sessionsOf(user.id)).toHaveLength(1);

    // A request without a session (no current one to keep) ends them all.
    await revokeOtherSessionsOfUser(user.id, new Request(appUrl));
    expect(await sessionsOf(user.id)).toEqual([]);
  });
});
