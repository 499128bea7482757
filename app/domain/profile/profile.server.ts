import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { users } from "#db/schema";
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from "~/domain/auth/password.server";
import { revokeAllSessionsOfUser, revokeOtherSessionsOfUser } from "~/domain/auth/session.server";

export async function updateMyDetails(userId: string, input: { givenName: string; familyName: string }) {
  await getDb()
    .update(users)
    .set({ givenName: input.givenName.trim(), familyName: input.familyName.trim(), updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export type ChangePasswordOutcome = "changed" | "wrong_current" | "too_short";

/** Errors are worded like the identity provider the spec's front-end used. */
export const changePasswordErrors = {
  wrong_current: "identity.incorrectCredentials",
  too_short: "identity.passwordTooShort",
} as const;

/**
 * Changes the password and ends every other session of the user; the session `currentRequest` carries
 * stays signed in (without one, every session ends).
 */
export async function changePassword(
  userId: string,
  input: { currentPassword: string; newPassword: string },
  currentRequest?: Request,
): Promise<ChangePasswordOutcome> {
  if (input.newPassword.length < MIN_PASSWORD_LENGTH) return "too_short";
  const db = getDb();
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) return "wrong_current";
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    if (currentRequest) await revokeOtherSessionsOfUser(userId, currentRequest, tx);
    else await revokeAllSessionsOfUser(userId, tx);
  });
  return "changed";
}
