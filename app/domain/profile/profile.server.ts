import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { users } from "#db/schema";
import { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from "~/domain/auth/password.server";

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

export async function changePassword(
  userId: string,
  input: { currentPassword: string; newPassword: string },
): Promise<ChangePasswordOutcome> {
  if (input.newPassword.length < MIN_PASSWORD_LENGTH) return "too_short";
  const db = getDb();
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) return "wrong_current";
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: new Date() })
    .where(eq(users.id, userId));
  return "changed";
}
