import { isUuid } from "~/domain/kernel/ids";
import { isUnsubscribeToken, unsubscribeConversation } from "~/domain/webchat/chat/chat-emails.server";
import { unsubscribePage } from "~/domain/webchat/chat/chat-page.server";
import { htmlResponse, readChatForm, resolveChatRequest } from "~/domain/webchat/chat/chat-request.server";
import type { Route } from "./+types/unsubscribe";

/**
 * /c/{subdomain}/unsubscribe?c={conversation}&t={token}: the New Message email's unsubscribe link.
 * Opening it asks to confirm (a mail scanner's fetch changes nothing); the post stops the emails.
 */
function valid(conversationId: unknown, token: unknown): conversationId is string {
  return isUuid(conversationId) && typeof token === "string" && isUnsubscribeToken(conversationId, token);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  const url = new URL(request.url);
  const conversationId = url.searchParams.get("c");
  const token = url.searchParams.get("t");
  if (!valid(conversationId, token)) return htmlResponse(unsubscribePage(chat, { state: "invalid" }), 400);
  return htmlResponse(unsubscribePage(chat, { state: "confirm", conversationId, token: token ?? "" }));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  const form = await readChatForm(request);
  if (!form || !valid(form.c, form.t)) return htmlResponse(unsubscribePage(chat, { state: "invalid" }), 400);
  // The token proves the conversation; the subdomain's company must also be its company.
  const done = await unsubscribeConversation(chat.company.accountId, form.c);
  return htmlResponse(unsubscribePage(chat, { state: done ? "done" : "invalid" }), done ? 200 : 400);
}
