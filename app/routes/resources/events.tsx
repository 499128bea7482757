import { requireViewer } from "~/domain/access/guard.server";
import { type AppEvent, subscribeToEvents } from "~/services/events/events.server";
import type { Route } from "./+types/events";

const HEARTBEAT_MS = 25_000;

/** Server-sent events for the signed-in user: their invitations and requests, and their companies' changes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireViewer({ request, context });
  const accountIds = new Set(viewer.memberships.map((m) => m.accountId));
  // Web chat messages go to the inbox's own stream (resources/chat-inbox-events), not to every page.
  const concerns = (event: AppEvent) =>
    event.topic !== "webchat" &&
    (event.topic === "terms" ||
      (event.email !== undefined && event.email === viewer.user.email) ||
      (event.accountId !== undefined && accountIds.has(event.accountId)));

  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream({
    async start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const unsubscribe = await subscribeToEvents((event) => {
        if (concerns(event)) send(`event: change\ndata: ${JSON.stringify({ topic: event.topic })}\n\n`);
      });
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
      request.signal.addEventListener("abort", () => {
        cleanup();
        try {
          controller.close();
        } catch {}
      });
      send("retry: 3000\n\n");
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
