import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { rateLimitBuckets, verificationCodes } from "#db/schema";
import { createUser } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { consumeCode, issueCode, MAX_WRONG_CODE_ATTEMPTS } from "./codes.server";
import { rateLimits } from "./rate-limit.server";

const otherThan = (code: string) => (code === "000000" ? "000001" : "000000");

describeEachDatabase("verification codes", (getDb) => {
  async function codesOf(userId: string) {
    return getDb().select().from(verificationCodes).where(eq(verificationCodes.userId, userId));
  }

  test("issueCode stores a hash, never the code, with the purpose's lifetime", async () => {
    const user = await createUser();

    const code = await issueCode(user.id, "reset_password");

    expect(code).toMatch(/^\d{6}$/);
    const [row] = await codesOf(user.id);
    expect(row.codeHash).not.toContain(code);
    expect(row).toMatchObject({ purpose: "reset_password", failedAttempts: 0, consumedAt: null });
    const lifetime = row.expiresAt.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(59 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(60 * 60_000);
  });

  test("the right code is valid once; a second use finds no live code", async () => {
    const user = await createUser();
    const code = await issueCode(user.id, "confirm_sign_up");

    expect(await consumeCode(user.id, "confirm_sign_up", ` ${code} `)).toBe("valid");
    expect(await consumeCode(user.id, "confirm_sign_up", code)).toBe("expired");
  });

  test("codes belong to one user and one purpose", async () => {
    const alice = await createUser();
    const bob = await createUser();
    const code = await issueCode(alice.id, "confirm_sign_up");
    const bobsCode = await issueCode(bob.id, "confirm_sign_up");

    expect(await consumeCode(alice.id, "reset_password", code)).toBe("expired");
    if (bobsCode !== code) expect(await consumeCode(bob.id, "confirm_sign_up", code)).toBe("wrong");
    expect(await consumeCode(alice.id, "confirm_sign_up", code)).toBe("valid");
  });

  test("a new code replaces the unused one of the same purpose only", async () => {
    const user = await createUser();
    const resetCode = await issueCode(user.id, "reset_password");
    const first = await issueCode(user.id, "confirm_sign_up");
    const second = await issueCode(user.id, "confirm_sign_up");

    const rows = await codesOf(user.id);
    expect(rows.filter((r) => r.purpose === "confirm_sign_up" && r.consumedAt === null)).toHaveLength(1);
    if (first !== second) expect(await consumeCode(user.id, "confirm_sign_up", first)).toBe("wrong");
    expect(await consumeCode(user.id, "confirm_sign_up", second)).toBe("valid");
    expect(await consumeCode(user.id, "reset_password", resetCode)).toBe("valid");
  });

  test(`after ${MAX_WRONG_CODE_ATTEMPTS} wrong tries the code is dead, even for the right value`, async () => {
    const user = await createUser();
    const code = await issueCode(user.id, "confirm_sign_up");

    for (let i = 0; i < MAX_WRONG_CODE_ATTEMPTS; i++) {
      expect(await consumeCode(user.id, "confirm_sign_up", otherThan(code))).toBe("wrong");
    }
    expect(await consumeCode(user.id, "confirm_sign_up", code)).toBe("too_many_attempts");
    const [row] = await codesOf(user.id);
    expect(row).toMatchObject({ failedAttempts: MAX_WRONG_CODE_ATTEMPTS, consumedAt: null });
  });

  test("an expired code is refused, right or wrong", async () => {
    const user = await createUser();
    const code = await issueCode(user.id, "reset_password");
    await getDb()
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user.id));

    expect(await consumeCode(user.id, "reset_password", code)).toBe("expired");
    expect(await consumeCode(user.id, "reset_password", otherThan(code))).toBe("expired");
  });

  test("10 concurrent tries with the right code: exactly one is valid", async () => {
    const user = await createUser();
    const code = await issueCode(user.id, "confirm_sign_up");

    const results = await Promise.all(
      Array.from({ length: 10 }, () => consumeCode(user.id, "confirm_sign_up", code)),
    );

    expect(results.filter((r) => r === "valid")).toHaveLength(1);
    const [row] = await codesOf(user.id);
    expect(row.consumedAt).toBeInstanceOf(Date);
  });

  test("concurrent wrong tries cannot get past the limit", async () => {
    const user = await createUser();
    const code = await issueCode(user.id, "confirm_sign_up");

    const results = await Promise.all(
      Array.from({ length: 12 }, () => consumeCode(user.id, "confirm_sign_up", otherThan(code))),
    );

    expect(results).not.toContain("valid");
    expect(await consumeCode(user.id, "confirm_sign_up", code)).toBe("too_many_attempts");
  });

  test("after 50 wrong codes in a day the account's code is void; a new one works the next day", async () => {
    const user = await createUser();
    const { limit } = rateLimits.wrongCodesPerAccount;
    // Codes requested one after another, each tried 4 times (under its own limit of 5)...
    let wrongSoFar = 0;
    let code = "";
    while (wrongSoFar < limit - 2) {
      code = await issueCode(user.id, "reset_password");
      for (let i = 0; i < 4 && wrongSoFar < limit - 2; i++, wrongSoFar++) {
        expect(await consumeCode(user.id, "reset_password", otherThan(code))).toBe("wrong");
      }
    }
    // ...until the 50th wrong code of the day, made on a fresh code.
    code = await issueCode(user.id, "reset_password");
    expect(await consumeCode(user.id, "reset_password", otherThan(code))).toBe("wrong");
    expect(await consumeCode(user.id, "reset_password", otherThan(code))).toBe("wrong");

    // The fresh code, though tried only twice, no longer works, and no new code does today.
    expect(await consumeCode(user.id, "reset_password", code)).toBe("too_many_attempts");
    const sameDay = await issueCode(user.id, "confirm_sign_up");
    expect(await consumeCode(user.id, "confirm_sign_up", sameDay)).toBe("too_many_attempts");
    expect((await codesOf(user.id)).filter((row) => row.consumedAt === null)).toEqual([]);

    // A day later the old code stays void ("request a code again"); a newly requested one works.
    await getDb()
      .update(rateLimitBuckets)
      .set({ windowStartedAt: sql`${rateLimitBuckets.windowStartedAt} - interval '1 day'` })
      .where(eq(rateLimitBuckets.key, `wrongCodes:user:${user.id}`));
    expect(await consumeCode(user.id, "reset_password", code)).toBe("expired");
    const nextDay = await issueCode(user.id, "reset_password");
    expect(await consumeCode(user.id, "reset_password", nextDay)).toBe("valid");
  });

  test("wrong codes of one account do not count against another", async () => {
    const user = await createUser();
    const other = await createUser();
    const { limit } = rateLimits.wrongCodesPerAccount;
    await getDb()
      .insert(rateLimitBuckets)
      .values({ key: `wrongCodes:user:${user.id}`, windowStartedAt: new Date(), hits: limit });

    const code = await issueCode(other.id, "confirm_sign_up");
    expect(await consumeCode(other.id, "confirm_sign_up", code)).toBe("valid");
  });
});
