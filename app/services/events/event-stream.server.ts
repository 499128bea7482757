import { type AppEvent, subscribeToEvents } from "./events.server";

const HEARTBEAT_MS = 25_000;

/** What a stream's callbacks write with. */
export type StreamWriter = {
  /** One server-sent event: its name, its data as JSON, and an id the browser sends back on a reconnect. */
  send(name: string, data: unknown, id?: string): void;
  /** Ends the stream (the browser then reconnects unless the page closes it). */
  close(): void;
};

export type EventStreamOptions = {
  /** The application events this stream answers; the rest of the process's events are ignored. */
  wants: (event: AppEvent) => boolean;
  /** A stream that forwards a signal: written for each wanted event. */
  onEvent?: (writer: StreamWriter, event: AppEvent) => void;
  /**
   * A stream that re-reads state: run once at open, after each wanted event (a burst becomes one read,
   * and reads never overlap, so the newest state is always written last) and every `recheckMs` (a
   * notification can be lost). A failure ends the stream.
   */
  refresh?: (writer: StreamWriter) => Promise<void>;
  recheckMs?: number;
  /** Runs at open and with every heartbeat while the stream is open (a reader's presence, say). */
  onHeartbeat?: () => Promise<void>;
};

/**
 * A text/event-stream response fed by this process's LISTEN (events.server.ts): the one shape every
 * live-update route shares. Heartbeats keep proxies from closing an idle stream; the stream's timers
 * and subscription end when the browser goes away.
 */
export function eventStreamResponse(request: Request, options: EventStreamOptions): Response {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream({
    async start(controller) {
      let closed = false;
      const write = (text: string) => {
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
      const writer: StreamWriter = {
        send: (name, data, id) =>
          write(`${id ? `id: ${id}\n` : ""}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`),
        close: finish,
      };

      let reading: Promise<void> | null = null;
      let again = false;
      const refresh = () => {
        if (!options.refresh || closed) return;
        if (reading) {
          again = true;
          return;
        }
        const read = options.refresh;
        reading = (async () => {
          do {
            again = false;
            await read(writer);
          } while (again && !closed);
        })()
          .catch(() => finish())
          .finally(() => {
            reading = null;
          });
      };
      const beat = () => void options.onHeartbeat?.().catch(() => {});

      const unsubscribe = await subscribeToEvents((event) => {
        if (!options.wants(event)) return;
        options.onEvent?.(writer, event);
        refresh();
      });
      const heartbeat = setInterval(() => {
        write(": keep-alive\n\n");
        beat();
      }, HEARTBEAT_MS);
      const recheck =
        options.refresh && options.recheckMs ? setInterval(refresh, options.recheckMs) : undefined;
      cleanup = () => {
        clearInterval(heartbeat);
        if (recheck) clearInterval(recheck);
        unsubscribe();
      };
      request.signal.addEventListener("abort", finish);
      write("retry: 3000\n\n");
      beat();
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
