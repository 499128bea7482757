import { checkEmailPage, signInPage } from "~/domain/webchat/chat/chat-page.server";
import {
  homeOf,
  htmlResponse,
  readChatForm,
  redirectTo,
  resolveChatRequest,
} from "~/domain/webchat/chat/chat-request.server";
import { cleanEmail, requestSignIn } from "~/domain/webchat/chat/sign-in.server";
import type { Route } from "./+types/sign-in";

/** POST /c/{subdomain}/sign-in: emails a link and a code when the address is a contact's (the answer never says). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return redirectTo(homeOf(await resolveChatRequest({ request, params, context })));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  const form = await readChatForm(request);
  if (!form) return htmlResponse(signInPage(chat, { error: chat.texts.invalidEmail }), 400);
  const result = await requestSignIn({
    accountId: chat.company.accountId,
    subdomain: chat.company.subdomain,
    email: form.email,
    ip: chat.ip,
  });
  if (result.status === "invalid_email")
    return htmlResponse(signInPage(chat, { email: form.email, error: chat.texts.invalidEmail }), 422);
  if (result.status === "rate_limited")
    return htmlResponse(signInPage(chat, { email: form.email, error: chat.texts.tooMany }), 429);
  return htmlResponse(checkEmailPage(chat, { email: cleanEmail(form.email) ?? "" }));
}
