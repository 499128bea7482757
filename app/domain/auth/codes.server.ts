import { createHmac, randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { type SignUpAttempt, verificationCodes } from "#db/schema";
import { config } from "~/config.server";
import { hitRateLimit, isRateLimited, rateLimits } from "./rate-limit.server";

export type CodePurpose = "confirm_sign_up" | "reset_password";

export const MAX_WRONG_CODE_ATTEMPTS = 5;
const lifetimeMs: Record<CodePurpose, number> = {
  confirm_sign_up: 24 * 60 * 60_000,
  reset_password: 60 * 60_000,
};
export function codeLifetimeHours(purpose: CodePurpose) {
  return lifetimeMs[purpose] / 3_600_000;
}

function hashCode(userId: string, code: string) {
  return createHmac("sha256", config().sessionSecret).update(`${userId}:${code}`).digest("hex");
}

/**
 * Issues a fresh 6-digit code; earlier unused codes of the same purpose stop working. A sign-up's code
 * carries what that sign-up typed (signUpAttempt), applied when the code is confirmed.
 */
export async function issueCode(
  userId: string,
  purpose: CodePurpose,
  signUpAttempt: SignUpAttempt | null = null,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const db = getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
        ),
      );
    await tx.insert(verificationCodes).values({
      userId,
      purpose,
      codeHash: hashCode(userId, code),
      signUpAttempt,
      expiresAt: new Date(Date.now() + lifetimeMs[purpose]),
    });
  });
  return code;
}

export type CodeCheck = "valid" | "wrong" | "expired" | "too_many_attempts";

const wrongCodesKey = (userId: string) => `wrongCodes:user:${userId}`;

/** Ends every unused code of the user: the next try needs a newly requested one. */
async function voidCodes(userId: string) {
  await getDb()
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)));
}

/**
 * Uses up the user's current code if it matches. After 5 wrong tries the code is dead, even
 * for the right value. Both steps are single statements, so concurrent tries cannot race past it.
 * After 50 wrong codes in a day (any code, any purpose) the account's codes are void, and every try
 * is refused unchecked until the day is over; then a new code must be requested.
 */
export async function consumeCode(userId: string, purpose: CodePurpose, code: string): Promise<CodeCheck> {
  return (await redeemCode(userId, purpose, code)).check;
}

/** consumeCode, also giving the sign-up attempt a valid code carried (null for others). */
export async function redeemCode(
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<{ check: CodeCheck; signUpAttempt: SignUpAttempt | null }> {
  const check = (result: CodeCheck) => ({ check: result, signUpAttempt: null });
  const db = getDb();
  if (await isRateLimited(wrongCodesKey(userId), rateLimits.wrongCodesPerAccount)) {
    await voidCodes(userId);
    return check("too_many_attempts");
  }
  const [current] = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!current) return check("expired");
  if (current.failedAttempts >= MAX_WRONG_CODE_ATTEMPTS) return check("too_many_attempts");
  if (current.expiresAt.getTime() <= Date.now()) return check("expired");

  const used = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.id, current.id),
        isNull(verificationCodes.consumedAt),
        eq(verificationCodes.codeHash, hashCode(userId, code.trim())),
        lt(verificationCodes.failedAttempts, MAX_WRONG_CODE_ATTEMPTS),
        gt(verificationCodes.expiresAt, new Date()),
      ),
    )
    .returning({ signUpAttempt: verificationCodes.signUpAttempt });
  if (used.length > 0) return { check: "valid", signUpAttempt: used[0].signUpAttempt };

  const [after] = await db
    .update(verificationCodes)
    .set({ failedAttempts: sql`${verificationCodes.failedAttempts} + 1` })
    .where(and(eq(verificationCodes.id, current.id), isNull(verificationCodes.consumedAt)))
    .returning({ failedAttempts: verificationCodes.failedAttempts });
  if (!after) return check("expired");
  const today = await hitRateLimit(wrongCodesKey(userId), rateLimits.wrongCodesPerAccount);
  if (today.hits >= rateLimits.wrongCodesPerAccount.limit) await voidCodes(userId);
  return check("wrong");
}
