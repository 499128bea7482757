import { jsonResponse, resolveChatRequest, signedInContact } from "~/domain/webchat/chat/chat-request.server";
import { markReadByContact } from "~/domain/webchat/chat/conversations.server";
import type { Route } from "./+types/read";

/** POST /c/{subdomain}/read: the contact's window showed the company's new messages. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  const session = await signedInContact(chat);
  if (!session) return jsonResponse({ error: "Not signed in" }, 401);
  await markReadByContact(session);
  return jsonResponse({ ok: true });
}
