import { config } from "~/config.server";
import { clientIpContext } from "~/context.server";
import { challengeAllowed } from "~/domain/forms/submit-rate.server";
import { issueAltchaChallenge } from "~/services/captcha/captcha.server";
import type { Route } from "./+types/form-captcha-challenge";

/**
 * GET /forms/captcha/challenge: a new signed ALTCHA challenge for the public form's widget (spec 3
 * §7 "verify_captcha" is done on submit, where the solution is also spent). Never cached. Limited per
 * visitor address like the form's posts (submit-rate.server.ts): each one costs a key derivation.
 */
export async function loader({ context }: Route.LoaderArgs) {
  if (config().CAPTCHA_PROVIDER !== "altcha") return new Response("Not found", { status: 404 });
  const rate = challengeAllowed(context.get(clientIpContext) ?? null);
  if (!rate.allowed)
    return Response.json(
      { error: "Too many requests" },
      {
        status: 429,
        headers: { "Cache-Control": "no-store", "Retry-After": String(rate.retryAfterSeconds) },
      },
    );
  return Response.json(await issueAltchaChallenge(), { headers: { "Cache-Control": "no-store" } });
}
