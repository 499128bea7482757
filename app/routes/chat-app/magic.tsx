import { magicInvalidPage, magicLinkPage } from "~/domain/webchat/chat/chat-page.server";
import {
  homeOf,
  htmlResponse,
  readChatForm,
  redirectTo,
  resolveChatRequest,
} from "~/domain/webchat/chat/chat-request.server";
import { chatSessionCookie } from "~/domain/webchat/chat/chat-sessions.server";
import { redeemSignInLink } from "~/domain/webchat/chat/sign-in.server";
import type { Route } from "./+types/magic";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * /c/{subdomain}/magic?token=...: the emailed sign-in link. Opening it shows a Continue button that
 * posts the token, so a mail scanner that fetches links does not use it up.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!TOKEN.test(token)) return htmlResponse(magicInvalidPage(chat), 400);
  // The token stays out of the Referer of anything the page loads from elsewhere (not no-referrer:
  // browsers then send "Origin: null" with the Continue post, which the origin check refuses).
  return htmlResponse(magicLinkPage(chat, token), 200, { "Referrer-Policy": "same-origin" });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  const form = await readChatForm(request);
  const result = form
    ? await redeemSignInLink({ accountId: chat.company.accountId, token: form.token, ip: chat.ip })
    : { status: "invalid" as const };
  if (result.status === "signed_in")
    return redirectTo(homeOf(chat), { "Set-Cookie": chatSessionCookie(result.sessionToken, chat.base) });
  if (result.status === "rate_limited") return htmlResponse(magicInvalidPage(chat, chat.texts.tooMany), 429);
  return htmlResponse(magicInvalidPage(chat), 410);
}
