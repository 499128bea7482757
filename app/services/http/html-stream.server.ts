import { Transform, type TransformCallback, Writable } from "node:stream";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { createReadableStreamFromReadable } from "@react-router/node";
import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import type { PageEncoding } from "~/context.server";
import { brotliParams } from "./compression.server";
import { appendServerTiming } from "./server-timing.server";

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The compression middleware's threshold: a smaller page is not worth compressing. */
const COMPRESSION_THRESHOLD_BYTES = 1024;

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
 * Whether a loader handed the page a promise (React Router's deferred data, shown with <Await>): its
 * page streams from the shell while the promise settles.
 */
export function hasDeferredData(loaderData: Record<string, unknown> | null | undefined): boolean {
  return Object.values(loaderData ?? {}).some(
    (data) =>
      isPromiseLike(data) ||
      (data !== null && typeof data === "object" && Object.values(data).some(isPromiseLike)),
  );
}

function isPromiseLike(value: unknown): boolean {
  return (
    value !== null && typeof value === "object" && typeof (value as PromiseLike<unknown>).then === "function"
  );
}

type RenderOptions = {
  nonce: string;
  status: number;
  headers: Headers;
  url: string;
  abortAfterMs: number;
};

/**
 * Renders a page into a Response: streamed from its shell when `whole` is false (a loader left data to
 * arrive later), otherwise written whole once everything is rendered (see renderWholeHtmlResponse).
 */
export function renderHtmlResponse(
  page: ReactNode,
  options: RenderOptions & { whole: boolean; encoding: PageEncoding },
): Promise<Response> {
  return options.whole ? renderWholeHtmlResponse(page, options) : renderStreamedHtmlResponse(page, options);
}

/**
 * Starts React's render of a page with what both ways of sending it share: `ready` is called with
 * React's pipe when the shell (`readyAt` "shell") or the whole page ("all") is rendered; a part that
 * fails makes the status 500 (errors after the shell are reported, see reportStreamingError); a shell
 * that fails goes to `shellFailed`; and the render is aborted if not done within `abortAfterMs`,
 * unless `stopDeadline` is called first. A pending timer would hold the whole render (tree, loader
 * data, buffers) for its full length, hundreds of renders at once under load.
 */
function startRender(
  page: ReactNode,
  options: RenderOptions,
  readyAt: "shell" | "all",
  ready: (pipe: (destination: Writable) => void) => void,
  shellFailed: (error: unknown) => void,
) {
  let status = options.status;
  let shellRendered = false;
  const { pipe, abort } = renderToPipeableStream(page, {
    nonce: options.nonce,
    onShellReady() {
      shellRendered = true;
      if (readyAt === "shell") ready(pipe);
    },
    onAllReady() {
      if (readyAt === "all") ready(pipe);
    },
    onShellError(error: unknown) {
      clearTimeout(deadline);
      shellFailed(error);
    },
    onError(error: unknown) {
      status = 500;
      if (shellRendered) reportStreamingError(error, options.url);
    },
  });
  const deadline = setTimeout(abort, options.abortAfterMs);
  return { status: () => status, stopDeadline: () => clearTimeout(deadline) };
}

/**
 * Renders a page into a streamed Response: resolved when the shell is ready, status 500 if a part
 * fails after that, and aborted if it is not done within `abortAfterMs`. The deadline is cleared as
 * soon as the body ends or the client goes.
 */
function renderStreamedHtmlResponse(page: ReactNode, options: RenderOptions): Promise<Response> {
  const startedAt = performance.now();
  return new Promise<Response>((resolve, reject) => {
    const render = startRender(
      page,
      options,
      "shell",
      (pipe) => {
        const body = new HtmlBody();
        body.once("close", render.stopDeadline);
        appendServerTiming(options.headers, "render", performance.now() - startedAt);
        options.headers.set("Content-Type", "text/html");
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: options.headers,
            status: render.status(),
          }),
        );
        pipe(body);
      },
      reject,
    );
  });
}

/**
 * Renders a page whole and answers it in one piece, compressed here in one call with `encoding`
 * (with its length, so no chunked encoding). A page with nothing left to stream gains nothing from
 * going out in parts: React Router's adapter writes and flushes each part, and the compression
 * middleware compresses each in a zlib call of its own, streamed back through Node's streams. That
 * work on the one thread that renders every page cost about a tenth of the pages a server answers
 * (`npm run bench:pages`, /contacts). A part still pending at `abortAfterMs` is left to the browser,
 * as when streaming; a part that fails makes the page a 500 (it is known before the status is sent).
 */
function renderWholeHtmlResponse(
  page: ReactNode,
  options: RenderOptions & { encoding: PageEncoding },
): Promise<Response> {
  const startedAt = performance.now();
  return new Promise<Response>((resolve, reject) => {
    const pieces: Buffer[] = [];
    const sink = new Writable({
      write(piece: Buffer, _encoding, callback) {
        pieces.push(piece);
        callback();
      },
    });
    sink.once("error", reject);
    sink.once("finish", () => {
      render.stopDeadline();
      const renderedAt = performance.now();
      appendServerTiming(options.headers, "render", renderedAt - startedAt);
      encodePage(Buffer.concat(pieces), options.encoding).then(({ body, encoding }) => {
        if (encoding) appendServerTiming(options.headers, "compress", performance.now() - renderedAt);
        options.headers.set("Content-Type", "text/html");
        options.headers.set("Content-Length", String(body.length));
        if (encoding) options.headers.set("Content-Encoding", encoding);
        // The same URL answers other visitors in another encoding (as the middleware says of its own).
        options.headers.append("Vary", "Accept-Encoding");
        // A view of the Buffer's bytes, not a copy (TypeScript's BodyInit does not take Node's Buffer).
        const bytes = new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength);
        resolve(new Response(bytes, { headers: options.headers, status: render.status() }));
      }, reject);
    });
    const render = startRender(page, options, "all", (pipe) => pipe(sink), reject);
  });
}

/** A whole page in the visitor's encoding: brotli or gzip as the compression middleware would write it. */
export async function encodePage(
  html: Buffer,
  encoding: PageEncoding,
): Promise<{ body: Buffer; encoding?: "br" | "gzip" }> {
  if (html.length < COMPRESSION_THRESHOLD_BYTES || encoding === "identity") return { body: html };
  if (encoding === "br") return { body: await brotliCompress(html, { params: brotliParams }), encoding };
  return { body: await gzip(html), encoding };
}
