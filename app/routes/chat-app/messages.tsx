import { hitRateLimit } from "~/domain/auth/rate-limit.server";
import { isUuid } from "~/domain/kernel/ids";
import {
  homeOf,
  jsonResponse,
  readChatForm,
  redirectTo,
  resolveChatRequest,
  signedInContact,
  wantsJson,
} from "~/domain/webchat/chat/chat-request.server";
import { fill } from "~/domain/webchat/chat/chat-texts";
import {
  cleanClientKey,
  cleanMessageBody,
  listContactMessages,
  MAX_MESSAGE_LENGTH,
  postContactMessage,
} from "~/domain/webchat/chat/conversations.server";
import { chatRateLimits } from "~/domain/webchat/chat/sign-in.server";
import type { Route } from "./+types/messages";

/**
 * /c/{subdomain}/messages: the signed-in contact's own conversation (GET, JSON, ?after={id}) and its
 * new message (POST). A contact never names a conversation: its session decides which one.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  const session = await signedInContact(chat);
  if (!session) return jsonResponse({ error: "Not signed in" }, 401);
  const after = new URL(request.url).searchParams.get("after");
  return jsonResponse({
    messages: await listContactMessages(session, { afterId: isUuid(after) ? after : null }),
  });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  const json = wantsJson(request);
  const fail = (status: number, error: string) =>
    json ? jsonResponse({ error }, status) : redirectTo(`${homeOf(chat)}?error=1`);
  const session = await signedInContact(chat);
  if (!session) return json ? jsonResponse({ error: "Not signed in" }, 401) : redirectTo(homeOf(chat));
  const form = await readChatForm(request);
  if (!form) return fail(400, chat.texts.sendFailed);
  const body = cleanMessageBody(form.body);
  if (!body)
    return fail(
      422,
      typeof form.body === "string" && form.body.trim()
        ? fill(chat.texts.messageTooLong, { max: MAX_MESSAGE_LENGTH })
        : chat.texts.emptyMessage,
    );
  const limited =
    (await hitRateLimit(`chatMsg:contact:${session.contactId}`, chatRateLimits.messagesPerContact)).limited ||
    (await hitRateLimit(`chatMsg:ip:${chat.ip}`, chatRateLimits.messagesPerIp)).limited;
  if (limited) return fail(429, chat.texts.tooMany);
  const result = await postContactMessage(session, { body, clientKey: cleanClientKey(form.clientKey) });
  if (!json) return redirectTo(homeOf(chat));
  return jsonResponse({ message: result.message, replay: result.replay }, result.replay ? 200 : 201);
}
