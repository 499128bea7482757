import { isUuid } from "~/domain/kernel/ids";
import { jsonResponse, resolveChatRequest, signedInContact } from "~/domain/webchat/chat/chat-request.server";
import { touchChatSession } from "~/domain/webchat/chat/chat-sessions.server";
import { conversationIdOf, listContactMessages } from "~/domain/webchat/chat/conversations.server";
import { subscribeToEvents } from "~/services/events/events.server";
import type { Route } from "./+types/events";

const HEARTBEAT_MS = 25_000;
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

  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream({
    async start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          finish();
        }
      };
      const finish = () => {
        if (closed) return;
        closed = true;
        cleanup();
        try {
          controller.close();
        } catch {}
      };
      let reading: Promise<void> | null = null;
      let again = false;
      // Events in a burst become one read, and reads never overlap (the order of messages holds).
      const refresh = () => {
        if (reading) {
          again = true;
          return;
        }
        reading = (async () => {
          do {
            again = false;
            const fresh = await listContactMessages(session, { afterId: lastId });
            if (fresh.length === 0) continue;
            lastId = fresh.at(-1)?.id ?? lastId;
            send(`id: ${lastId}\nevent: messages\ndata: ${JSON.stringify(fresh)}\n\n`);
          } while (again);
        })()
          .catch(() => finish())
          .finally(() => {
            reading = null;
          });
      };
      const unsubscribe = await subscribeToEvents((event) => {
        if (event.topic === "webchat" && event.conversationId === conversationId) refresh();
      });
      const heartbeat = setInterval(() => {
        send(": keep-alive\n\n");
        void touchChatSession(session.sessionId).catch(() => {});
      }, HEARTBEAT_MS);
      const recheck = setInterval(refresh, RECHECK_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        clearInterval(recheck);
        unsubscribe();
      };
      request.signal.addEventListener("abort", finish);
      send("retry: 3000\n\n");
      await touchChatSession(session.sessionId).catch(() => {});
      // Whatever arrived since the page was written (the window ignores messages it already shows).
      refresh();
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream",
      // no-transform keeps the compression middleware from buffering the stream.
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
    },
  });
}
