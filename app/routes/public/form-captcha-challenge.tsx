import { config } from "~/config.server";
import { issueAltchaChallenge } from "~/services/captcha/captcha.server";

/**
 * GET /forms/captcha/challenge: a new signed ALTCHA challenge for the public form's widget (spec 3
 * §7 "verify_captcha" is done on submit, where the solution is also spent). Never cached.
 */
export async function loader() {
  if (config().CAPTCHA_PROVIDER !== "altcha") return new Response("Not found", { status: 404 });
  return Response.json(await issueAltchaChallenge(), { headers: { "Cache-Control": "no-store" } });
}
