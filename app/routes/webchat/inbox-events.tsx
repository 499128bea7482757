import { requireMemberWith, requireViewerWith } from "~/domain/access/guard.server";
import { subscribeToEvents } from "~/services/events/events.server";
import type { Route } from "./+types/inbox-events";

const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events of the chat inbox: a `change` whenever a message is written in one of the
 * company's conversations (?scope=all: any company's, for /chat-interface's platform admins). Ids
 * only: the page re-reads what it shows through its loader, which scopes it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const everyCompany = new URL(request.url).searchParams.get("scope") === "all";
  let accountId: string | null = null;
  if (everyCompany) await requireViewerWith({ request, context }, "chat.view");
  else accountId = (await requireMemberWith({ request, context }, "webchat.view")).account.id;

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
        if (event.topic !== "webchat") return;
        if (accountId !== null && event.accountId !== accountId) return;
        send(`event: change\ndata: ${JSON.stringify({ topic: "webchat" })}\n\n`);
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
