import { requireMember } from "~/domain/access/guard.server";
import { getCsvImport } from "~/domain/contacts/csv-import-queries.server";
import { subscribeToEvents } from "~/services/events/events.server";
import type { Route } from "./+types/csv-import-progress";

const HEARTBEAT_MS = 25_000;
// Progress is pushed on every committed batch; a slow re-read covers a notification that got lost.
const RECHECK_MS = 5_000;

/**
 * Server-sent progress of one of the company's imports: `progress` events carrying its summary
 * (rows done of rows total, counts, status), the last one when it is completed or failed.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember({ request, context });
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const first = await getCsvImport(member, id);
  if (!first) throw new Response("Not found", { status: 404 });

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
      // Events in a burst become one read; the newest state is always sent last.
      const refresh = () => {
        if (reading) {
          again = true;
          return;
        }
        reading = (async () => {
          do {
            again = false;
            const current = await getCsvImport(member, id);
            if (!current) return finish();
            send(`event: progress\ndata: ${JSON.stringify(current)}\n\n`);
            if (current.status === "completed" || current.status === "failed") return finish();
          } while (again);
        })()
          .catch(() => finish())
          .finally(() => {
            reading = null;
          });
      };
      const unsubscribe = await subscribeToEvents((event) => {
        if (event.topic === "csvImport" && event.importId === id) refresh();
      });
      const heartbeat = setInterval(() => send(": keep-alive\n\n"), HEARTBEAT_MS);
      const recheck = setInterval(refresh, RECHECK_MS);
      cleanup = () => {
        clearInterval(heartbeat);
        clearInterval(recheck);
        unsubscribe();
      };
      request.signal.addEventListener("abort", finish);
      send("retry: 3000\n\n");
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
