import { randomBytes } from "node:crypto";
import { chatPage, previewPage, signInPage } from "~/domain/webchat/chat/chat-page.server";
import {
  htmlResponse,
  redirectTo,
  resolveChatRequest,
  signedInContact,
} from "~/domain/webchat/chat/chat-request.server";
import { listContactMessages, markReadByContact } from "~/domain/webchat/chat/conversations.server";
import type { Route } from "./+types/chat-page";

/**
 * /c/{subdomain}/ (and {subdomain}.{CHAT_DOMAIN}/): the company's chat app. Signed out: the email
 * sign-in; signed in: the contact's own conversation; ?preview=1: the branding editor's sample.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  const url = new URL(request.url);
  // The service worker's scope is the app's folder: /c/{subdomain} becomes /c/{subdomain}/.
  if (chat.base && !url.pathname.endsWith("/")) return redirectTo(`${chat.base}/${url.search}`);
  if (url.searchParams.get("preview") === "1") return htmlResponse(previewPage(chat));
  const session = await signedInContact(chat);
  if (!session) return htmlResponse(signInPage(chat));
  const messages = await listContactMessages(session);
  await markReadByContact(session);
  return htmlResponse(
    chatPage(chat, {
      name: `${session.firstName} ${session.lastName}`.trim(),
      messages,
      clientKey: randomBytes(12).toString("base64url"),
      error: url.searchParams.get("error") === "1" ? chat.texts.sendFailed : undefined,
    }),
  );
}
