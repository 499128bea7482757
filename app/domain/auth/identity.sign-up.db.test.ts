import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { outboxMessages, users, verificationCodes } from "#db/schema";
import { codeIn, createUser, latestCodeFor, mailsTo } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { confirmSignUp, resendSignUpCode, signIn, signUp } from "./identity.server";

const origin = (ip = "203.0.113.7") => ({ ip, language: "en" as const });
const newUser = (email = "nina@example.com") => ({
  email,
  givenName: "Nina",
  familyName: "Novak",
  password: "first-password-1",
});

describeEachDatabase("sign-up and confirmation", (getDb) => {
  async function userRow(email: string) {
    const [row] = await getDb().select().from(users).where(eq(users.email, email));
    return row;
  }

  test("signUp creates an unverified user and mails a code and a confirmation link", async () => {
    const result = await signUp({ ...newUser(), email: "  Nina@Example.com " }, origin());

    expect(result).toEqual({ ok: true, value: undefined });
    const user = await userRow("nina@example.com");
    expect(user).toMatchObject({ givenName: "Nina", familyName: "Novak", emailVerifiedAt: null });
    expect(user.passwordHash).toMatch(/^scrypt\$/);

    const mails = await mailsTo("nina@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: "email", subject: "Your Blusteam confirmation code" });
    const code = codeIn(mails[0].text);
    const link = mails[0].text.match(/https?:\/\/\S+\/confirm_sign_up\?\S+/)?.[0];
    expect(link).toBeDefined();
    const url = new URL(link as string);
    expect(url.pathname).toBe("/confirm_sign_up");
    expect(url.searchParams.get("confirmationcode")).toBe(code);
    expect(url.searchParams.get("email")).toBe("nina@example.com");
    expect(mails[0].html).toContain(code);
  });

  test("a repeated unconfirmed sign-up changes nothing until its own code confirms it", async () => {
    await signUp(newUser(), origin());
    const firstCode = await latestCodeFor("nina@example.com");
    await signUp({ ...newUser(), givenName: "Nora", password: "second-password-2" }, origin());

    expect(await getDb().$count(users)).toBe(1);
    const secondCode = await latestCodeFor("nina@example.com");
    expect((await mailsTo("nina@example.com")).at(-1)?.text).toContain("Hi Nora");
    // Until then the account keeps the first sign-up's details and password.
    expect(await userRow("nina@example.com")).toMatchObject({ givenName: "Nina", emailVerifiedAt: null });
    const first = await signIn("nina@example.com", "first-password-1", origin());
    expect(first).toEqual({ ok: true, value: { kind: "not_confirmed", email: "nina@example.com" } });
    const second = await signIn("nina@example.com", "second-password-2", origin());
    expect(second).toEqual({ ok: false, error: "identity.incorrectCredentials" });

    if (firstCode !== secondCode) {
      expect(await confirmSignUp("nina@example.com", firstCode, origin())).toEqual({
        ok: false,
        error: "identity.invalidCode",
      });
    }
    expect(await confirmSignUp("nina@example.com", secondCode, origin())).toEqual({
      ok: true,
      value: "confirmed",
    });

    // The confirmed sign-up's details and password are now the account's.
    expect(await userRow("nina@example.com")).toMatchObject({ givenName: "Nora" });
    const old = await signIn("nina@example.com", "first-password-1", origin());
    expect(old).toEqual({ ok: false, error: "identity.incorrectCredentials" });
    const current = await signIn("nina@example.com", "second-password-2", origin());
    expect(current.ok && current.value.kind).toBe("signed_in");
  });

  test("a stranger signing up with a pending email cannot set its password, even if the owner resends", async () => {
    await signUp(newUser(), origin());
    await signUp(
      { ...newUser(), givenName: "Mallory", password: "strangers-password" },
      origin("198.51.100.9"),
    );

    // Mallory's sign-up mailed the owner a code; the owner ignores it, asks for a new one, confirms.
    await resendSignUpCode("nina@example.com", origin());
    const resent = await latestCodeFor("nina@example.com");
    expect(await confirmSignUp("nina@example.com", resent, origin())).toEqual({
      ok: true,
      value: "confirmed",
    });

    expect(await userRow("nina@example.com")).toMatchObject({ givenName: "Nina" });
    const stranger = await signIn("nina@example.com", "strangers-password", origin("198.51.100.9"));
    expect(stranger).toEqual({ ok: false, error: "identity.incorrectCredentials" });
    const owner = await signIn("nina@example.com", "first-password-1", origin());
    expect(owner.ok && owner.value.kind).toBe("signed_in");
  });

  test("a confirmed email cannot sign up again, and its details stay as they were", async () => {
    const existing = await createUser({ email: "taken@example.com", givenName: "Tess" });

    const result = await signUp({ ...newUser("taken@example.com"), givenName: "Mallory" }, origin());

    expect(result).toEqual({ ok: false, error: "identity.emailExists" });
    expect(await userRow("taken@example.com")).toMatchObject({
      givenName: "Tess",
      passwordHash: existing.passwordHash,
    });
    expect(await mailsTo("taken@example.com")).toHaveLength(0);
  });

  test("a short password is refused and nothing is written", async () => {
    const result = await signUp({ ...newUser(), password: "1234567" }, origin());

    expect(result).toEqual({ ok: false, error: "identity.passwordTooShort" });
    expect(await getDb().$count(users)).toBe(0);
    expect(await getDb().$count(outboxMessages)).toBe(0);
  });

  test("the right code confirms the email; a wrong one does not", async () => {
    await signUp(newUser(), origin());
    const code = await latestCodeFor("nina@example.com");
    const wrong = code === "000000" ? "000001" : "000000";

    expect(await confirmSignUp("nina@example.com", wrong, origin())).toEqual({
      ok: false,
      error: "identity.invalidCode",
    });
    expect((await userRow("nina@example.com")).emailVerifiedAt).toBeNull();

    expect(await confirmSignUp("nina@example.com", code, origin())).toEqual({ ok: true, value: "confirmed" });
    expect((await userRow("nina@example.com")).emailVerifiedAt).toBeInstanceOf(Date);
    const signedIn = await signIn("nina@example.com", "first-password-1", origin());
    expect(signedIn.ok && signedIn.value.kind).toBe("signed_in");
  });

  test("after 5 wrong codes even the right code is refused", async () => {
    await signUp(newUser(), origin("203.0.113.21"));
    const code = await latestCodeFor("nina@example.com");
    const wrong = code === "999999" ? "999998" : "999999";

    for (let attempt = 1; attempt <= 5; attempt++) {
      const result = await confirmSignUp("nina@example.com", wrong, origin("203.0.113.21"));
      expect(result, `wrong attempt ${attempt}`).toEqual({ ok: false, error: "identity.invalidCode" });
    }
    const sixth = await confirmSignUp("nina@example.com", code, origin("203.0.113.21"));

    expect(sixth).toEqual({ ok: false, error: "identity.attemptLimit" });
    expect((await userRow("nina@example.com")).emailVerifiedAt).toBeNull();
  });

  test("a code works once: the second confirmation finds the email already confirmed", async () => {
    await signUp(newUser(), origin());
    const code = await latestCodeFor("nina@example.com");

    expect(await confirmSignUp("nina@example.com", code, origin())).toEqual({ ok: true, value: "confirmed" });
    expect(await confirmSignUp("nina@example.com", code, origin())).toEqual({
      ok: true,
      value: "already_confirmed",
    });
    const [row] = await getDb().select().from(verificationCodes);
    expect(row.consumedAt).toBeInstanceOf(Date);
  });

  test("an expired code is refused as expired", async () => {
    await signUp(newUser(), origin());
    const code = await latestCodeFor("nina@example.com");
    await getDb()
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 60_000) });

    expect(await confirmSignUp("nina@example.com", code, origin())).toEqual({
      ok: false,
      error: "identity.expiredCode",
    });
    expect((await userRow("nina@example.com")).emailVerifiedAt).toBeNull();
  });

  test("resending issues a new code and the old one stops working", async () => {
    await signUp(newUser(), origin());
    const oldCode = await latestCodeFor("nina@example.com");

    expect(await resendSignUpCode("nina@example.com", origin())).toEqual({ ok: true, value: undefined });
    const mails = await mailsTo("nina@example.com");
    expect(mails).toHaveLength(2);
    const newCode = codeIn(mails[1].text);

    // Two random 6-digit codes are equal once in a million; then "old" and "new" cannot be told apart.
    if (newCode !== oldCode) {
      expect(await confirmSignUp("nina@example.com", oldCode, origin())).toEqual({
        ok: false,
        error: "identity.invalidCode",
      });
    }
    expect(await confirmSignUp("nina@example.com", newCode, origin())).toEqual({
      ok: true,
      value: "confirmed",
    });
  });

  test("confirming an unknown email says the code is wrong", async () => {
    expect(await confirmSignUp("ghost@example.com", "123456", origin())).toEqual({
      ok: false,
      error: "identity.invalidCode",
    });
  });
});
