import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { type IdentityResult, type Origin, type SignInOutcome, signIn } from "./identity.server";
import { loginSchema } from "./schemas";

/** One post of the sign-in form: its field errors, or the checked outcome (throttling included). */
export type PasswordSignIn = {
  submission: Submission<unknown>;
  outcome: IdentityResult<SignInOutcome> | null;
};

const strategyName = "password";

/**
 * Signs in through remix-auth's Authenticator and FormStrategy (DESIGN.md's auth stack): the strategy
 * reads the form once, and its verify function is our check, signIn (scrypt, the per-address limit
 * and per-account backoff). An Authenticator is built per request because the verify function needs
 * the request's origin (client address behind the trusted proxy, language), which remix-auth 4 does
 * not pass to strategies; building one costs two small objects.
 *
 * remix-auth 4 keeps no session: the route starts ours (session.server.ts) from the outcome, which can
 * also be "confirm your email first" or "choose a new password" rather than a signed-in user.
 */
export async function authenticateWithPassword(request: Request, origin: Origin): Promise<PasswordSignIn> {
  const strategy = new FormStrategy<PasswordSignIn>(async ({ form }) => {
    const submission = parseWithZod(form, { schema: loginSchema });
    if (submission.status !== "success") return { submission, outcome: null };
    return { submission, outcome: await signIn(submission.value.email, submission.value.password, origin) };
  });
  return new Authenticator<PasswordSignIn>().use(strategy, strategyName).authenticate(strategyName, request);
}
