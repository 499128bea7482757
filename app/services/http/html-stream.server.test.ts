import zlib from "node:zlib";
import { createElement, lazy, Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import {
  encodePage,
  HtmlBody,
  hasDeferredData,
  renderHtmlResponse,
  reportStreamingError,
} from "./html-stream.server";

const PAGE_URL = "http://localhost:3000/contacts?q=ada";

/**
 * A page of many elements (well over React's 2 KB writes), and optionally a part that never arrives,
 * one that arrives on the next turn, or one that fails.
 */
function page(options: { hanging?: boolean; later?: boolean; failing?: boolean; rows?: number }) {
  const rows = Array.from({ length: options.rows ?? 400 }, (_, i) =>
    createElement("li", { key: i }, `Contact number ${i}`),
  );
  const Never = lazy(() => new Promise<never>(() => {}));
  const Later = lazy(async () => {
    await new Promise((resolve) => setImmediate(resolve));
    return { default: () => createElement("p", null, "arrived later") };
  });
  const Failing = lazy(async () => {
    throw new Error("the part's module failed");
  });
  const part = (child: Parameters<typeof createElement>[0]) =>
    createElement(Suspense, { fallback: "loading" }, createElement(child));
  return createElement(
    "main",
    null,
    createElement("ul", null, rows),
    options.hanging ? part(Never) : null,
    options.later ? part(Later) : null,
    options.failing ? part(Failing) : null,
  );
}

/** Renders as entry.server.tsx does: the shell into an HtmlBody, errors after it to reportStreamingError. */
function render(options: { hanging: boolean }, log: Pick<Console, "warn" | "error">) {
  const body = new HtmlBody();
  const chunks: Buffer[] = [];
  body.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => body.on("end", resolve));
  const shellReady = new Promise<void>((resolve) => {
    const { pipe } = renderToPipeableStream(page(options), {
      onShellReady() {
        pipe(body);
        resolve();
      },
      onError(error) {
        reportStreamingError(error, PAGE_URL, log);
      },
    });
  });
  return { body, chunks, ended, shellReady };
}

describe("HtmlBody", () => {
  test("passes a page on in one chunk per React flush, byte for byte", async () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const { chunks, ended } = render({ hanging: false }, log);
    await ended;
    const html = Buffer.concat(chunks).toString("utf8");
    expect(html.length).toBeGreaterThan(8 * 1024);
    expect(html).toContain("<li>Contact number 0</li>");
    expect(html).toContain("<li>Contact number 399</li>");
    expect(html.endsWith("</ul></main>")).toBe(true);
    expect(chunks.length).toBe(1);
    expect(log.warn).not.toHaveBeenCalled();
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe("a visitor who leaves while the page streams", () => {
  test("logs one line naming the page, with no stack trace and no error", async () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const { body, shellReady } = render({ hanging: true }, log);
    await shellReady;
    // What the web stream's cancel does when the connection closes.
    body.destroy();
    await vi.waitFor(() => expect(log.warn).toHaveBeenCalled());
    expect(log.warn).toHaveBeenCalledTimes(1);
    const [line] = log.warn.mock.calls[0];
    expect(line).toBe("Client disconnected before the page was sent: /contacts");
    expect(log.error).not.toHaveBeenCalled();
  });

  test("another error after the shell is still logged with its stack", () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const failure = new Error("the loader's promise failed");
    reportStreamingError(failure, PAGE_URL, log);
    expect(log.error).toHaveBeenCalledWith(failure);
    expect(log.warn).not.toHaveBeenCalled();
  });
});

describe("renderHtmlResponse", () => {
  const options = (abortAfterMs: number) => ({
    nonce: "nonce-1",
    whole: false,
    encoding: "identity" as const,
    status: 200,
    headers: new Headers(),
    url: PAGE_URL,
    abortAfterMs,
  });

  test("answers the page as text/html and leaves no timer behind once it is sent", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const response = await renderHtmlResponse(page({ hanging: false }), options(6_000));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/html");
      // A streamed page can only say how long its shell took: the headers leave with it.
      expect(response.headers.get("Server-Timing")).toMatch(/^render;dur=\d+\.\d$/);
      const html = await response.text();
      expect(html).toContain("<li>Contact number 399</li>");
      // The abort deadline would otherwise keep the render alive for 6 s after the page went out.
      await vi.waitFor(() => expect(vi.getTimerCount()).toBe(0));
    } finally {
      vi.useRealTimers();
    }
  });

  test("a page still waiting at the deadline is ended, its pending part left to the browser", async () => {
    const log = { warn: vi.spyOn(console, "warn"), error: vi.spyOn(console, "error") };
    log.error.mockImplementation(() => {});
    try {
      const response = await renderHtmlResponse(page({ hanging: true }), options(50));
      const html = await response.text();
      expect(html).toContain("<li>Contact number 0</li>");
      expect(html).toContain("loading");
    } finally {
      log.warn.mockRestore();
      log.error.mockRestore();
    }
  });
});

describe("renderHtmlResponse, a page written whole", () => {
  const whole = (encoding: "br" | "gzip" | "identity", abortAfterMs = 6_000) => ({
    nonce: "nonce-1",
    whole: true,
    encoding,
    status: 200,
    headers: new Headers(),
    url: PAGE_URL,
    abortAfterMs,
  });
  const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

  test("waits for its late part and answers it in one brotli piece, with its length", async () => {
    const response = await renderHtmlResponse(page({ later: true }), whole("br"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html");
    expect(response.headers.get("Content-Encoding")).toBe("br");
    expect(response.headers.get("Vary")).toBe("Accept-Encoding");
    // How long React's render and the compression took, for production to confirm the benchmarks.
    expect(response.headers.get("Server-Timing")).toMatch(/^render;dur=\d+\.\d, compress;dur=\d+\.\d$/);
    const bytes = await bytesOf(response);
    expect(Number(response.headers.get("Content-Length"))).toBe(bytes.length);
    const html = zlib.brotliDecompressSync(bytes).toString("utf8");
    expect(html).toContain("<li>Contact number 399</li>");
    // The late part is in the page itself, not in a script that swaps it in after a fallback.
    expect(html).toContain("<p>arrived later</p>");
    expect(html).not.toContain("loading");
    expect(bytes.length).toBeLessThan(html.length / 4);
  });

  test("gzip for a visitor without brotli; as it is for one who accepts neither, or a small page", async () => {
    const gzipped = await renderHtmlResponse(page({}), whole("gzip"));
    expect(gzipped.headers.get("Content-Encoding")).toBe("gzip");
    expect(zlib.gunzipSync(await bytesOf(gzipped)).toString("utf8")).toContain("Contact number 399");

    const plain = await renderHtmlResponse(page({}), whole("identity"));
    // Nothing was compressed, so nothing is timed as compression.
    expect(plain.headers.get("Server-Timing")).toMatch(/^render;dur=\d+\.\d$/);
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    const html = await plain.text();
    expect(html).toContain("Contact number 399");
    expect(Number(plain.headers.get("Content-Length"))).toBe(Buffer.byteLength(html));

    const small = await renderHtmlResponse(page({ rows: 3 }), whole("br"));
    expect(small.headers.get("Content-Encoding")).toBeNull();
    expect(await small.text()).toBe(
      "<main><ul><li>Contact number 0</li><li>Contact number 1</li><li>Contact number 2</li></ul></main>",
    );
  });

  test("a part that fails makes it a 500, logged with its stack; it leaves no timer behind", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const response = await renderHtmlResponse(page({ failing: true }), whole("identity"));
      expect(response.status).toBe(500);
      expect(await response.text()).toContain("Contact number 399");
      expect(error).toHaveBeenCalledWith(expect.objectContaining({ message: "the part's module failed" }));
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
      error.mockRestore();
    }
  });

  test("a part still waiting at the deadline is left to the browser, and the page is a 500", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const response = await renderHtmlResponse(page({ hanging: true }), whole("identity", 50));
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain("<li>Contact number 0</li>");
      expect(html).toContain("loading");
    } finally {
      error.mockRestore();
    }
  });
});

describe("encodePage", () => {
  test("compresses a page as the compression middleware would, and leaves one under 1 KB alone", async () => {
    const html = Buffer.from(`<p>${"contact ".repeat(500)}</p>`);
    const br = await encodePage(html, "br");
    expect(br.encoding).toBe("br");
    expect(zlib.brotliDecompressSync(br.body).equals(html)).toBe(true);
    const gzip = await encodePage(html, "gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).equals(html)).toBe(true);
    expect(await encodePage(html, "identity")).toEqual({ body: html });
    const small = Buffer.from("<p>hi</p>");
    expect(await encodePage(small, "br")).toEqual({ body: small });
  });
});

describe("hasDeferredData", () => {
  test("a route's promise, or a promise among its values, is deferred data; settled values are not", () => {
    const pending = new Promise(() => {});
    expect(hasDeferredData({ root: { locale: "en" }, "routes/contacts": { rows: [1, 2], total: 2 } })).toBe(
      false,
    );
    expect(hasDeferredData({ root: { locale: "en" }, "routes/setup": { products: pending } })).toBe(true);
    expect(hasDeferredData({ "routes/setup": pending })).toBe(true);
    expect(hasDeferredData({ "routes/a": null, "routes/b": undefined, "routes/c": "text" })).toBe(false);
    expect(hasDeferredData(undefined)).toBe(false);
  });
});
