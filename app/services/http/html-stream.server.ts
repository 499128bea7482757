import { Transform, type TransformCallback } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";

/** React's messages when the response it writes into is closed or destroyed before it is done: the client left. */
const CLIENT_GONE_MESSAGES = new Set([
  "The destination stream closed early.",
  "The destination stream errored while writing data.",
]);

/** Past this many bytes a batch is passed on without waiting for React's flush. */
const MAX_BATCH_BYTES = 64 * 1024;

/**
 * The body React renders a page into. React 18 writes its HTML in 2 KB pieces (about 30 for a signed-in
 * page), then calls the destination's `flush()`: each piece would otherwise cross a web stream, the
 * Express response and a compression call of its own. This keeps the pieces of one batch and passes
 * them on as one chunk at each `flush()` (and at the end), so a page is compressed in a call or two.
 */
export class HtmlBody extends Transform {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    if (this.pendingBytes >= MAX_BATCH_BYTES) this.flush();
    callback();
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }

  /** Called by React after each batch it wrote (see renderToPipeableStream's flushCompletedQueues). */
  flush() {
    if (this.pendingBytes === 0 || this.destroyed) return;
    const batch =
      this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.pendingBytes);
    this.pending = [];
    this.pendingBytes = 0;
    this.push(batch);
  }
}

/**
 * The render's onError after the shell went out. A visitor who leaves (a closed tab, a load tester
 * stopping) while a page is still streaming is nothing to investigate: one line, no stack. Anything
 * else is a real failure and keeps its stack.
 */
export function reportStreamingError(
  error: unknown,
  url: string,
  log: Pick<Console, "warn" | "error"> = console,
) {
  if (error instanceof Error && CLIENT_GONE_MESSAGES.has(error.message)) {
    log.warn(`Client disconnected before the page was sent: ${new URL(url).pathname}`);
    return;
  }
  log.error(error);
}

/**
 * Renders a page into a streamed Response: resolved when the shell (or, with `waitForAll`, the whole
 * page) is ready, status 500 if a part fails after that, and aborted if it is not done within
 * `abortAfterMs`. The deadline is cleared as soon as the body ends or the client goes: a pending timer
 * would hold the whole render (tree, loader data, buffers) for its full length, hundreds of renders at
 * once under load.
 */
export function renderHtmlResponse(
  page: ReactNode,
  options: {
    nonce: string;
    waitForAll: boolean;
    status: number;
    headers: Headers;
    url: string;
    abortAfterMs: number;
  },
): Promise<Response> {
  let status = options.status;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const onReady = () => {
      shellRendered = true;
      const body = new HtmlBody();
      body.once("close", () => clearTimeout(deadline));
      options.headers.set("Content-Type", "text/html");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: options.headers, status }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce: options.nonce,
      ...(options.waitForAll ? { onAllReady: onReady } : { onShellReady: onReady }),
      onShellError(error: unknown) {
        clearTimeout(deadline);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered) reportStreamingError(error, options.url);
      },
    });
    deadline = setTimeout(abort, options.abortAfterMs);
  });
}
