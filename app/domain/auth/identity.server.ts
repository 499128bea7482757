import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { type SignUpAttempt, users } from "#db/schema";
import { dropMembershipsOwnerNeverConfirmed } from "~/domain/team/removals.server";
import type { Language } from "~/i18n/resources";
import { type CodePurpose, issueCode, redeemCode } from "./codes.server";
import { sendConfirmationEmail, sendResetEmail } from "./emails.server";
import {
  decoyPasswordHash,
  hashPassword,
  MIN_PASSWORD_LENGTH,
  needsRehash,
  verifyPassword,
} from "./password.server";
import { clearRateLimit, hitRateLimit, rateLimits, releaseRateLimitHit } from "./rate-limit.server";
import { revokeAllSessionsOfUser } from "./session.server";
import { claimSignInAttempt, signInBackoffKey } from "./sign-in-backoff.server";

/** Our own identity provider. Errors are i18n keys under `identity.`, worded like the spec's provider. */
export type IdentityResult<T = undefined> =
  | { ok: true; value: T }
  // retryAfterSeconds goes with signInBackoff, whose text says how long to wait ({{count}}).
  | { ok: false; error: string; retryAfterSeconds?: number };
const fail = (key: keyof typeof errors): { ok: false; error: string } => ({ ok: false, error: errors[key] });
const errors = {
  incorrectCredentials: "identity.incorrectCredentials",
  userNotConfirmed: "identity.userNotConfirmed",
  emailExists: "identity.emailExists",
  invalidCode: "identity.invalidCode",
  expiredCode: "identity.expiredCode",
  attemptLimit: "identity.attemptLimit",
  passwordTooShort: "identity.passwordTooShort",
  alreadyConfirmed: "identity.alreadyConfirmed",
  signInBackoff: "identity.signInBackoff",
} as const;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

async function findUserByEmail(email: string) {
  const [user] = await getDb()
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return user;
}

export type Origin = { ip: string; language: Language };

/** Both limits are counted; either one being over refuses the request. */
async function overLimit(kind: "codeRequests" | "confirmAttempts", email: string, ip: string) {
  const perEmail = await hitRateLimit(
    `${kind}:email:${normalizeEmail(email)}`,
    rateLimits[`${kind}PerEmail`],
  );
  const perIp = await hitRateLimit(`${kind}:ip:${ip}`, rateLimits[`${kind}PerIp`]);
  return perEmail.limited || perIp.limited;
}

export async function signUp(
  input: { email: string; givenName: string; familyName: string; password: string },
  origin: Origin,
): Promise<IdentityResult> {
  if (input.password.length < MIN_PASSWORD_LENGTH) return fail("passwordTooShort");
  if (await overLimit("codeRequests", input.email, origin.ip)) return fail("attemptLimit");
  const email = normalizeEmail(input.email);
  const existing = await findUserByEmail(email);
  if (existing?.emailVerifiedAt) return fail("emailExists");
  const attempt: SignUpAttempt = {
    givenName: input.givenName.trim(),
    familyName: input.familyName.trim(),
    passwordHash: await hashPassword(input.password),
    // The sign-up form cannot be sent without its terms checkbox ticked.
    termsAcceptedAt: new Date().toISOString(),
  };
  // An unconfirmed sign-up may be repeated, but it changes nothing until its own code is confirmed:
  // the code carries this attempt's details, so nobody can silently replace the password of someone
  // else's pending sign-up (whoever reads the inbox decides which attempt becomes the account).
  const user =
    existing ??
    (
      await getDb()
        .insert(users)
        .values({ email, ...attempt, termsAcceptedAt: new Date(attempt.termsAcceptedAt ?? Date.now()) })
        .returning()
    )[0];
  const code = await issueCode(user.id, "confirm_sign_up", attempt);
  await sendConfirmationEmail({ email: user.email, givenName: attempt.givenName }, code, origin.language);
  return { ok: true, value: undefined };
}

export async function resendSignUpCode(email: string, origin: Origin): Promise<IdentityResult> {
  if (await overLimit("codeRequests", email, origin.ip)) return fail("attemptLimit");
  const user = await findUserByEmail(email);
  if (user?.emailVerifiedAt) return fail("alreadyConfirmed");
  // Unknown emails get the same answer as known ones.
  // A resent code carries no sign-up attempt: confirming it confirms the account as it stands (the
  // first sign-up's details), so a stranger's later sign-up cannot ride on the owner's resend.
  if (user) await sendConfirmationEmail(user, await issueCode(user.id, "confirm_sign_up"), origin.language);
  return { ok: true, value: undefined };
}

export async function confirmSignUp(
  email: string,
  code: string,
  origin: Origin,
): Promise<IdentityResult<"confirmed" | "already_confirmed">> {
  if (await overLimit("confirmAttempts", email, origin.ip)) return fail("attemptLimit");
  const user = await findUserByEmail(email);
  if (!user) return fail("invalidCode");
  if (user.emailVerifiedAt) return { ok: true, value: "already_confirmed" };
  const check = await redeemCodeAsResult(user.id, "confirm_sign_up", code);
  if (!check.ok) return check;
  // The confirmed sign-up's own details become the account's.
  const { termsAcceptedAt, ...attempt } = check.value ?? {};
  await getDb().transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...attempt,
        ...(termsAcceptedAt ? { termsAcceptedAt: new Date(termsAcceptedAt) } : {}),
        emailVerifiedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await dropMembershipsOwnerNeverConfirmed(tx, user.id);
  });
  return { ok: true, value: "confirmed" };
}

async function redeemCodeAsResult(
  userId: string,
  purpose: CodePurpose,
  code: string,
): Promise<IdentityResult<SignUpAttempt | null>> {
  const { check, signUpAttempt } = await redeemCode(userId, purpose, code);
  switch (check) {
    case "valid":
      return { ok: true, value: signUpAttempt };
    case "wrong":
      return fail("invalidCode");
    case "expired":
      return fail("expiredCode");
    case "too_many_attempts":
      return fail("attemptLimit");
  }
}

export type SignInOutcome =
  | { kind: "signed_in"; userId: string }
  | { kind: "new_password_required"; userId: string }
  | { kind: "not_confirmed"; email: string };

/** Checks email and password. Unknown emails and wrong passwords get the same answer and timing. */
export async function signIn(
  email: string,
  password: string,
  origin: Origin,
): Promise<IdentityResult<SignInOutcome>> {
  const ipKey = `signInFailures:ip:${origin.ip}`;
  const backoffKey = signInBackoffKey(normalizeEmail(email), origin.ip);
  // Every attempt is counted before the password is checked, so a burst of parallel guesses cannot
  // slip past the limits; a successful sign-in gives its counts back. Wrong passwords only slow down
  // the same account from the same address; the hard limit is per address.
  const perIp = await hitRateLimit(ipKey, rateLimits.signInFailuresPerIp);
  if (perIp.limited) return fail("attemptLimit");
  const waitSeconds = await claimSignInAttempt(backoffKey);
  if (waitSeconds > 0) return { ...fail("signInBackoff"), retryAfterSeconds: waitSeconds };
  const user = await findUserByEmail(email);
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !valid) return fail("incorrectCredentials");
  if (needsRehash(user.passwordHash)) await upgradePasswordHash(user.id, user.passwordHash, password);
  await clearRateLimit(backoffKey);
  await releaseRateLimitHit(ipKey);
  if (!user.emailVerifiedAt) return { ok: true, value: { kind: "not_confirmed", email: user.email } };
  if (user.mustChangePassword) return { ok: true, value: { kind: "new_password_required", userId: user.id } };
  return { ok: true, value: { kind: "signed_in", userId: user.id } };
}

/** Re-hashes at today's cost; only if the hash is still the one just checked, so a concurrent change wins. */
async function upgradePasswordHash(userId: string, checkedHash: string, password: string) {
  await getDb()
    .update(users)
    .set({ passwordHash: await hashPassword(password) })
    .where(and(eq(users.id, userId), eq(users.passwordHash, checkedHash)));
}

/** Always answers the same way, so the form cannot be used to find out who has an account. */
export async function forgotPassword(email: string, origin: Origin): Promise<IdentityResult> {
  if (await overLimit("codeRequests", email, origin.ip)) return fail("attemptLimit");
  const user = await findUserByEmail(email);
  if (user) await sendResetEmail(user, await issueCode(user.id, "reset_password"), origin.language);
  return { ok: true, value: undefined };
}

export async function resetPassword(
  input: { email: string; code: string; newPassword: string },
  origin: Origin,
): Promise<IdentityResult> {
  if (input.newPassword.length < MIN_PASSWORD_LENGTH) return fail("passwordTooShort");
  if (await overLimit("confirmAttempts", input.email, origin.ip)) return fail("attemptLimit");
  const user = await findUserByEmail(input.email);
  if (!user) return fail("invalidCode");
  const check = await redeemCodeAsResult(user.id, "reset_password", input.code);
  if (!check.ok) return check;
  await setPassword(user.id, input.newPassword, { verifyEmail: true });
  return { ok: true, value: undefined };
}

/** The new-password challenge of invited users: replaces the temporary password. */
export async function completeNewPassword(userId: string, newPassword: string): Promise<IdentityResult> {
  if (newPassword.length < MIN_PASSWORD_LENGTH) return fail("passwordTooShort");
  await setPassword(userId, newPassword, { verifyEmail: false });
  return { ok: true, value: undefined };
}

/** A new password ends every session of the user: whoever held the old one is signed out too. */
async function setPassword(userId: string, password: string, options: { verifyEmail: boolean }) {
  const now = new Date();
  const passwordHash = await hashPassword(password);
  await getDb().transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        updatedAt: now,
        // Receiving the reset code proves the address, just as the confirmation code would.
        ...(options.verifyEmail ? { emailVerifiedAt: now } : {}),
      })
      .where(eq(users.id, userId));
    if (options.verifyEmail) await dropMembershipsOwnerNeverConfirmed(tx, userId);
    await revokeAllSessionsOfUser(userId, tx);
  });
}
