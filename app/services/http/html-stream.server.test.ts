import { createElement, lazy, Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import { HtmlBody, renderHtmlResponse, reportStreamingError } from "./html-stream.server";

const PAGE_URL = "http://localhost:3000/contacts?q=ada";

/** A page of many elements (well over React's 2 KB writes), and optionally a part that never arrives. */
function page(options: { hanging: boolean }) {
  const rows = Array.from({ length: 400 }, (_, i) => createElement("li", { key: i }, `Contact number ${i}`));
  const Never = lazy(() => new Promise<never>(() => {}));
  return createElement(
    "main",
    null,
    createElement("ul", null, rows),
    options.hanging ? createElement(Suspense, { fallback: "loading" }, createElement(Never)) : null,
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
    waitForAll: false,
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
