import { isUuid } from "~/domain/kernel/ids";
import { jsonResponse, resolveChatRequest, signedInContact } from "~/domain/webchat/chat/chat-request.server";
import { touchChatSession } from "~/domain/webchat/chat/chat-sessions.server";
import { conversationIdOf, listContactMessages } from "~/domain/webchat/chat/conversations.server";
import { eventStreamResponse } from "~/services/events/event-stream.server";
import type { Route } from "./+types/events";

// Messages are pushed on every event; a slow re-read covers a notification that got lost.
const RECHECK_MS = 20_000;

/**
 * Server-sent events of the signed-in contact's own conversation: a `messages` event with the
 * messages after the last one the window has (Last-Event-ID on a reconnect, ?after= at first). While
 * it is open the contact counts as present, so a staff answer is not emailed.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const chat = await resolveChatRequest({ request, params, context });
  const session = await signedInContact(chat);
  if (!session) return jsonResponse({ error: "Not signed in" }, 401);
  const conversationId = await conversationIdOf(session);
  const resumeFrom = request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("after");
  let lastId = isUuid(resumeFrom) ? resumeFrom : null;
  return eventStreamResponse(request, {
    holders: { address: chat.ip, chatSession: session.sessionId },
    wants: (event) => event.topic === "webchat" && event.conversationId === conversationId,
    recheckMs: RECHECK_MS,
    onHeartbeat: () => touchChatSession(session.sessionId),
    // At open too: whatever arrived since the page was written (the window ignores messages it shows).
    refresh: async (stream) => {
      const fresh = await listContactMessages(session, { afterId: lastId });
      if (fresh.length === 0) return;
      lastId = fresh.at(-1)?.id ?? lastId;
      stream.send("messages", fresh, lastId ?? undefined);
    },
  });
}
