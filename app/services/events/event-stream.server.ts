import { type AppEvent, subscribeToEvents } from "./events.server";

const HEARTBEAT_MS = 25_000;

/** What a stream's callbacks write with. */
export type StreamWriter = {
  /** One server-sent event: its name, its data as JSON, and an id the browser sends back on a reconnect. */
  send(name: string, data: unknown, id?: string): void;
  /** Ends the stream (the browser then reconnects unless the page closes it). */
  close(): void;
};

/**
 * Streams open at once in this process, per holder. Each one keeps a socket, a subscription and two
 * timers for as long as the browser likes, so without a cap one address (or one stolen session) could
 * open them by the thousand. A browser tab holds one or two; a page past its cap gets 429 and no live
 * updates (the page itself still works). Per process, like the other in-memory limits (README).
 */
export const STREAM_LIMITS = { address: 100, user: 20, chatSession: 5 } as const;

/** Who a stream counts against: always the visitor's address, and the signed-in user or chat session. */
export type StreamHolders = { address: string; user?: string; chatSession?: string };

const openStreams = new Map<string, number>();

/** Takes a slot of each holder, or none when one of them is at its cap; the release is idempotent. */
function claimSlots(holders: StreamHolders): (() => void) | null {
  const keys: string[] = [];
  for (const kind of Object.keys(STREAM_LIMITS) as (keyof typeof STREAM_LIMITS)[]) {
    const id = holders[kind];
    if (id === undefined) continue;
    const key = `${kind}:${id}`;
    if ((openStreams.get(key) ?? 0) >= STREAM_LIMITS[kind]) return null;
    keys.push(key);
  }
  for (const key of keys) openStreams.set(key, (openStreams.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const key of keys) {
      const left = (openStreams.get(key) ?? 1) - 1;
      if (left > 0) openStreams.set(key, left);
      else openStreams.delete(key);
    }
  };
}

/** Streams a holder has open in this process (tests). */
export function openStreamCount(kind: keyof typeof STREAM_LIMITS, id: string): number {
  return openStreams.get(`${kind}:${id}`) ?? 0;
}

export type EventStreamOptions = {
  /** Who the stream counts against (STREAM_LIMITS). */
  holders: StreamHolders;
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
  const release = claimSlots(options.holders);
  if (!release)
    return new Response("Too many open event streams", {
      status: 429,
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        "Retry-After": "30",
      },
    });
  const encoder = new TextEncoder();
  let cleanup = release;
  // Set by either end: the stream's own finish, or the reader's cancel (possibly during the subscribe).
  let closed = false;
  const stream = new ReadableStream({
    async start(controller) {
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

      let unsubscribe: () => void;
      try {
        unsubscribe = await subscribeToEvents((event) => {
          if (!options.wants(event)) return;
          options.onEvent?.(writer, event);
          refresh();
        });
      } catch (error) {
        release();
        throw error;
      }
      if (closed) {
        unsubscribe();
        return;
      }
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
        release();
      };
      if (request.signal.aborted) return finish();
      request.signal.addEventListener("abort", finish);
      write("retry: 3000\n\n");
      beat();
      refresh();
    },
    cancel() {
      closed = true;
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
