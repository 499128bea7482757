import {
  homeOf,
  redirectTo,
  resolveChatRequest,
  signedInContact,
} from "~/domain/webchat/chat/chat-request.server";
import { chatSessionCookie, revokeChatSession } from "~/domain/webchat/chat/chat-sessions.server";
import type { Route } from "./+types/sign-out";

/** POST /c/{subdomain}/sign-out: ends this browser's chat session. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return redirectTo(homeOf(await resolveChatRequest({ request, params, context })));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  const session = await signedInContact(chat);
  if (session) await revokeChatSession(session.sessionId);
  return redirectTo(homeOf(chat), { "Set-Cookie": chatSessionCookie(null, chat.base) });
}
