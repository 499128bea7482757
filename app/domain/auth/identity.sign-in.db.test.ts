import { eq, like, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { outboxMessages, rateLimitBuckets, users } from "#db/schema";
import { createUser, latestCodeFor, mailsTo, signedInRequest } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { completeNewPassword, forgotPassword, resetPassword, signIn } from "./identity.server";
import { hashPassword, needsRehash, verifyPassword } from "./password.server";
import { hitRateLimit, rateLimits } from "./rate-limit.server";
import { getSessionUserId } from "./session.server";
import { backoffDelaySeconds, signInBackoff } from "./sign-in-backoff.server";

const origin = (ip = "203.0.113.7") => ({ ip, language: "en" as const });
const incorrect = { ok: false, error: "identity.incorrectCredentials" };
const limited = { ok: false, error: "identity.attemptLimit" };
const waitFor = (seconds: number) => ({
  ok: false,
  error: "identity.signInBackoff",
  retryAfterSeconds: seconds,
});

describeEachDatabase("sign-in and passwords", (getDb) => {
  /** Moves every sign-in wait's clock back, as if that many seconds had passed. */
  async function timePasses(seconds: number) {
    await getDb()
      .update(rateLimitBuckets)
      .set({ windowStartedAt: sql`${rateLimitBuckets.windowStartedAt} - make_interval(secs => ${seconds})` })
      .where(like(rateLimitBuckets.key, "signInBackoff:%"));
  }

  test("signs in a confirmed user with the right password, whatever the email's case", async () => {
    const user = await createUser({ email: "sam@example.com", password: "right-password-1" });

    expect(await signIn(" SAM@example.com", "right-password-1", origin())).toEqual({
      ok: true,
      value: { kind: "signed_in", userId: user.id },
    });
  });

  test("a password hashed at an older, lower cost is re-hashed at today's cost when its owner signs in", async () => {
    const user = await createUser({ email: "sam@example.com", password: "right-password-1" });
    const oldHash = await hashPassword("right-password-1", { N: 2 ** 4, r: 8, p: 1 });
    await getDb().update(users).set({ passwordHash: oldHash }).where(eq(users.id, user.id));
    const storedHash = async () =>
      (await getDb().select().from(users).where(eq(users.id, user.id)))[0].passwordHash;

    // A wrong password changes nothing.
    expect(await signIn("sam@example.com", "wrong-password-1", origin())).toEqual(incorrect);
    expect(await storedHash()).toBe(oldHash);

    const signedIn = await signIn("sam@example.com", "right-password-1", origin());
    expect(signedIn.ok && signedIn.value.kind).toBe("signed_in");
    const upgraded = await storedHash();
    expect(upgraded).not.toBe(oldHash);
    expect(needsRehash(upgraded)).toBe(false);
    expect(await verifyPassword("right-password-1", upgraded)).toBe(true);
  });

  test("an unknown email and a wrong password get the same answer", async () => {
    await createUser({ email: "sam@example.com", password: "right-password-1" });

    expect(await signIn("nobody@example.com", "right-password-1", origin())).toEqual(incorrect);
    expect(await signIn("sam@example.com", "wrong-password-1", origin())).toEqual(incorrect);
  });

  test("an unconfirmed user is sent to confirmation, an invited one to a new password", async () => {
    await createUser({ email: "new@example.com", password: "right-password-1", verified: false });
    const invited = await createUser({
      email: "invited@example.com",
      password: "temporary-password",
      mustChangePassword: true,
    });

    expect(await signIn("new@example.com", "right-password-1", origin())).toEqual({
      ok: true,
      value: { kind: "not_confirmed", email: "new@example.com" },
    });
    expect(await signIn("invited@example.com", "temporary-password", origin())).toEqual({
      ok: true,
      value: { kind: "new_password_required", userId: invited.id },
    });
  });

  test("wrong passwords make the same address wait, growing; the owner elsewhere is never locked out", async () => {
    const ip = "203.0.113.31";
    await createUser({ email: "sam@example.com", password: "right-password-1" });
    for (let attempt = 1; attempt <= 3; attempt++) {
      const result = await signIn("sam@example.com", `wrong-${attempt}-password`, origin(ip));
      expect(result, `failure ${attempt}`).toEqual(incorrect);
    }

    // Right away, from that address, even the right password is asked to wait (and not checked).
    expect(await signIn("sam@example.com", "right-password-1", origin(ip))).toEqual(waitFor(1));
    // The owner signing in from another address is not held up.
    const owner = await signIn("sam@example.com", "right-password-1", origin("203.0.113.32"));
    expect(owner.ok && owner.value.kind).toBe("signed_in");
    // Other users signing in from the first address are not either.
    await createUser({ email: "other@example.com", password: "right-password-1" });
    const other = await signIn("other@example.com", "right-password-1", origin(ip));
    expect(other.ok && other.value.kind).toBe("signed_in");

    // Each further failure doubles the wait.
    await timePasses(1);
    expect(await signIn("sam@example.com", "wrong-4-password", origin(ip))).toEqual(incorrect);
    expect(await signIn("sam@example.com", "wrong-5-password", origin(ip))).toEqual(waitFor(2));
    await timePasses(2);
    expect(await signIn("sam@example.com", "wrong-5-password", origin(ip))).toEqual(incorrect);
    expect(await signIn("sam@example.com", "right-password-1", origin(ip))).toEqual(waitFor(4));

    // Once the wait is over the right password signs in, and the count starts over.
    await timePasses(4);
    const signedIn = await signIn("sam@example.com", "right-password-1", origin(ip));
    expect(signedIn.ok && signedIn.value.kind).toBe("signed_in");
    expect(await signIn("sam@example.com", "wrong-6-password", origin(ip))).toEqual(incorrect);
    expect(await signIn("sam@example.com", "wrong-7-password", origin(ip))).toEqual(incorrect);
  });

  test("five wrong passwords do not lock the owner out for 15 minutes, even from the same address", async () => {
    const ip = "203.0.113.33";
    await createUser({ email: "sam@example.com", password: "right-password-1" });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await timePasses(60);
      expect(await signIn("sam@example.com", `wrong-${attempt}-password`, origin(ip))).toEqual(incorrect);
    }

    await timePasses(backoffDelaySeconds(5));
    const signedIn = await signIn("sam@example.com", "right-password-1", origin(ip));
    expect(signedIn.ok && signedIn.value.kind).toBe("signed_in");
  });

  test("the wait grows from 1 second to at most 15 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 12, 13, 40].map(backoffDelaySeconds)).toEqual([
      0, 0, 1, 2, 4, 8, 512, 900, 900,
    ]);
  });

  test("the per-address limit holds across different emails", async () => {
    const ip = "203.0.113.41";
    await createUser({ email: "victim@example.com", password: "right-password-1" });
    // Most of the address's allowance is used up directly (each real attempt costs a password hash),
    // the last failures go through signIn with emails never tried before.
    const { limit } = rateLimits.signInFailuresPerIp;
    for (let i = 0; i < limit - 2; i++)
      await hitRateLimit(`signInFailures:ip:${ip}`, rateLimits.signInFailuresPerIp);
    for (const attempt of [1, 2]) {
      const result = await signIn(`guess-${attempt}@example.com`, "some-password", origin(ip));
      expect(result, `failure ${attempt}`).toEqual(incorrect);
    }

    expect(await signIn("victim@example.com", "right-password-1", origin(ip))).toEqual(limited);
    const elsewhere = await signIn("victim@example.com", "right-password-1", origin("203.0.113.42"));
    expect(elsewhere.ok && elsewhere.value.kind).toBe("signed_in");
  });

  test("a burst of parallel guesses cannot get past the wait", async () => {
    await createUser({ email: "burst@example.com", password: "right-password-1" });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => signIn("burst@example.com", "wrong-password", origin("203.0.113.77"))),
    );
    const checked = results.filter((r) => !r.ok && r.error === "identity.incorrectCredentials");
    expect(checked.length).toBe(signInBackoff.freeFailures);
    expect(results.filter((r) => !r.ok && r.error === "identity.signInBackoff")).toHaveLength(
      12 - signInBackoff.freeFailures,
    );
  });

  test("forgotPassword answers the same for unknown emails and mails nothing to them", async () => {
    await createUser({ email: "sam@example.com" });

    expect(await forgotPassword("nobody@example.com", origin())).toEqual({ ok: true, value: undefined });
    expect(await getDb().$count(outboxMessages)).toBe(0);

    expect(await forgotPassword("sam@example.com", origin())).toEqual({ ok: true, value: undefined });
    const mails = await mailsTo("sam@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Reset your Blusteam password");
    const code = await latestCodeFor("sam@example.com");
    expect(mails[0].text).toContain(`/reset-password?confirmationcode=${code}&email=sam%40example.com`);
  });

  test("resetPassword changes the password once; the old one and the code stop working", async () => {
    await createUser({ email: "sam@example.com", password: "old-password-1" });
    await forgotPassword("sam@example.com", origin());
    const code = await latestCodeFor("sam@example.com");

    const reset = { email: "sam@example.com", code, newPassword: "new-password-1" };
    expect(await resetPassword(reset, origin())).toEqual({ ok: true, value: undefined });

    expect(await signIn("sam@example.com", "old-password-1", origin())).toEqual(incorrect);
    const signedIn = await signIn("sam@example.com", "new-password-1", origin());
    expect(signedIn.ok && signedIn.value.kind).toBe("signed_in");

    const again = await resetPassword({ ...reset, newPassword: "third-password-1" }, origin());
    expect(again).toEqual({ ok: false, error: "identity.expiredCode" });
    expect(await signIn("sam@example.com", "third-password-1", origin())).toEqual(incorrect);
  });

  test("a password reset signs the user out of every session, and nobody else", async () => {
    const sam = await createUser({ email: "sam@example.com", password: "old-password-1" });
    const other = await createUser({ email: "other@example.com" });
    const samLaptop = await signedInRequest(sam.id);
    const samWithThief = await signedInRequest(sam.id);
    const otherHere = await signedInRequest(other.id);
    await forgotPassword("sam@example.com", origin());
    const code = await latestCodeFor("sam@example.com");

    const reset = { email: "sam@example.com", code, newPassword: "new-password-1" };
    expect(await resetPassword(reset, origin())).toEqual({ ok: true, value: undefined });

    expect(await getSessionUserId(samLaptop)).toBeNull();
    expect(await getSessionUserId(samWithThief)).toBeNull();
    expect(await getSessionUserId(otherHere)).toBe(other.id);
  });

  test("after the account's 50 wrong codes of the day, even the emailed code is refused with the attempt limit", async () => {
    const sam = await createUser({ email: "sam@example.com", password: "old-password-1" });
    await forgotPassword("sam@example.com", origin());
    const code = await latestCodeFor("sam@example.com");
    const { limit } = rateLimits.wrongCodesPerAccount;
    await getDb()
      .insert(rateLimitBuckets)
      .values({ key: `wrongCodes:user:${sam.id}`, windowStartedAt: new Date(), hits: limit });

    const reset = { email: "sam@example.com", code, newPassword: "new-password-1" };
    expect(await resetPassword(reset, origin())).toEqual(limited);
    const signedIn = await signIn("sam@example.com", "old-password-1", origin());
    expect(signedIn.ok && signedIn.value.kind).toBe("signed_in");
  });

  test("a wrong reset code ends no session", async () => {
    const sam = await createUser({ email: "sam@example.com", password: "old-password-1" });
    const samLaptop = await signedInRequest(sam.id);
    await forgotPassword("sam@example.com", origin());
    const code = await latestCodeFor("sam@example.com");
    const wrong = code === "000000" ? "000001" : "000000";

    await resetPassword({ email: "sam@example.com", code: wrong, newPassword: "new-password-1" }, origin());

    expect(await getSessionUserId(samLaptop)).toBe(sam.id);
  });

  test("resetPassword refuses a wrong code and a short password, keeping the old password", async () => {
    await createUser({ email: "sam@example.com", password: "old-password-1" });
    await forgotPassword("sam@example.com", origin());
    const code = await latestCodeFor("sam@example.com");
    const wrong = code === "000000" ? "000001" : "000000";

    const short = await resetPassword({ email: "sam@example.com", code, newPassword: "short" }, origin());
    expect(short).toEqual({ ok: false, error: "identity.passwordTooShort" });
    const wrongCode = { email: "sam@example.com", code: wrong, newPassword: "new-password-1" };
    expect(await resetPassword(wrongCode, origin())).toEqual({ ok: false, error: "identity.invalidCode" });

    const signedIn = await signIn("sam@example.com", "old-password-1", origin());
    expect(signedIn.ok && signedIn.value.kind).toBe("signed_in");
  });

  test("a reset code proves the address of an unconfirmed user", async () => {
    await createUser({ email: "new@example.com", password: "old-password-1", verified: false });
    await forgotPassword("new@example.com", origin());
    const code = await latestCodeFor("new@example.com");

    await resetPassword({ email: "new@example.com", code, newPassword: "new-password-1" }, origin());

    const [row] = await getDb().select().from(users).where(eq(users.email, "new@example.com"));
    expect(row.emailVerifiedAt).toBeInstanceOf(Date);
  });

  test("completeNewPassword replaces the temporary password and clears the challenge", async () => {
    const invited = await createUser({
      email: "invited@example.com",
      password: "temporary-password",
      mustChangePassword: true,
    });

    expect(await completeNewPassword(invited.id, "short")).toEqual({
      ok: false,
      error: "identity.passwordTooShort",
    });
    expect(await completeNewPassword(invited.id, "chosen-password-1")).toEqual({
      ok: true,
      value: undefined,
    });

    const [row] = await getDb().select().from(users).where(eq(users.id, invited.id));
    expect(row.mustChangePassword).toBe(false);
    expect(await signIn("invited@example.com", "temporary-password", origin())).toEqual(incorrect);
    expect(await signIn("invited@example.com", "chosen-password-1", origin())).toEqual({
      ok: true,
      value: { kind: "signed_in", userId: invited.id },
    });
  });
});
