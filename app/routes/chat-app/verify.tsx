import { checkEmailPage } from "~/domain/webchat/chat/chat-page.server";
import {
  homeOf,
  htmlResponse,
  readChatForm,
  redirectTo,
  resolveChatRequest,
} from "~/domain/webchat/chat/chat-request.server";
import { chatSessionCookie } from "~/domain/webchat/chat/chat-sessions.server";
import { cleanEmail, redeemSignInCode } from "~/domain/webchat/chat/sign-in.server";
import type { Route } from "./+types/verify";

/** POST /c/{subdomain}/verify: the emailed 6-digit code with its address signs the contact in. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return redirectTo(homeOf(await resolveChatRequest({ request, params, context })));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  const form = await readChatForm(request);
  const email = cleanEmail(form?.email) ?? "";
  const result = form
    ? await redeemSignInCode({ accountId: chat.company.accountId, email, code: form.code, ip: chat.ip })
    : { status: "invalid" as const };
  if (result.status === "signed_in")
    return redirectTo(homeOf(chat), { "Set-Cookie": chatSessionCookie(result.sessionToken, chat.base) });
  const error = result.status === "rate_limited" ? chat.texts.tooMany : chat.texts.wrongCode;
  return htmlResponse(checkEmailPage(chat, { email, error }), result.status === "rate_limited" ? 429 : 422);
}
