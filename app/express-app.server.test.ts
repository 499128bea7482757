import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { RequestHandler } from "express";
import { createElement } from "react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { config, resetConfigForTests } from "~/config.server";
import { clientIpContext, fromThisMachineContext, pageEncodingContext } from "~/context.server";
import { renderHtmlResponse } from "~/services/http/html-stream.server";
import { resetWebLoadForTests, webRequestsInLastSecond } from "~/services/http/web-load.server";
import { createExpressApp, loadContextFor, pageEncodingFor } from "./express-app.server";
import type { PublicFormRoute } from "./serve-public-form.server";

/**
 * The Express app server.ts serves, started on a random port with a stand-in for React Router's
 * handler that reads the body as that handler does (a fetch Request over the Node stream).
 */
let server: Server | undefined;
let received: { path: string; bytes?: number; error?: string; ip?: string; local?: boolean }[] = [];

const readsBodyLikeReactRouter: RequestHandler = async (req, res) => {
  const request = new Request(`http://localhost${req.originalUrl}`, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    ...(req.method === "GET" || req.method === "HEAD"
      ? {}
      : { body: createReadableStreamFromReadable(req), duplex: "half" }),
  } as RequestInit);
  const context = loadContextFor(req);
  const seen = {
    path: req.path,
    ip: context.get(clientIpContext),
    local: context.get(fromThisMachineContext),
  };
  try {
    const bytes = request.body ? (await request.arrayBuffer()).byteLength : 0;
    received.push({ ...seen, bytes });
    if (!res.headersSent) res.status(200).json(seen);
  } catch (error) {
    received.push({ ...seen, error: String(error) });
    if (!res.headersSent) res.status(500).send("handler failed");
  }
};

async function start(
  options: {
    pingDatabase?: () => Promise<unknown>;
    databaseCanBeDown?: boolean;
    publicFormRoute?: PublicFormRoute;
    handler?: RequestHandler;
  } = {},
) {
  const app = createExpressApp({
    settings: config(),
    publicFormRoute: options.publicFormRoute,
    pingDatabase: options.pingDatabase ?? (async () => {}),
    databaseCanBeDown: options.databaseCanBeDown ?? false,
    handler: options.handler ?? readsBodyLikeReactRouter,
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server?.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeEach(() => {
  received = [];
});
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  delete process.env.TRUST_PROXY;
  delete process.env.CHAT_DOMAIN;
  resetConfigForTests();
});

const sixMegabytes = () => Buffer.alloc(6 * 1024 * 1024, "a");

describe("request bodies", () => {
  test("a 6 MB POST to /signin and to a webhook answers 413, and the server keeps serving", async () => {
    const base = await start();
    for (const path of ["/signin", "/webhooks/twilio/sms"]) {
      const response = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: sixMegabytes(),
      });
      expect(response.status).toBe(413);
      expect(await response.text()).toBe("Request body too large");
    }
    expect(received).toEqual([]);
    const after = await fetch(`${base}/signin`, { method: "POST", body: "email=a%40b.c&password=x" });
    expect(after.status).toBe(200);
    expect(received).toMatchObject([{ path: "/signin", bytes: 24 }]);
  });

  test("a streamed body without Content-Length is counted: 413 at the limit, and the app never gets it whole", async () => {
    const base = await start();
    const chunk = new Uint8Array(64 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 6 * 1024 * 1024) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${base}/signin`, { method: "POST", body, duplex: "half" } as RequestInit);
    expect(response.status).toBe(413);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0].bytes).toBeUndefined();
    expect(received[0].error).toMatch(/Request body too large/);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  test("a body up to 1 MB goes through; the CSV upload keeps its own, larger cap", async () => {
    const base = await start();
    const oneMegabyte = Buffer.alloc(1024 * 1024, "a");
    expect((await fetch(`${base}/contacts`, { method: "POST", body: oneMegabyte })).status).toBe(200);
    expect(
      (await fetch(`${base}/resources/csv-upload`, { method: "POST", body: sixMegabytes() })).status,
    ).toBe(200);
    expect(received.map((r) => [r.path, r.bytes])).toEqual([
      ["/contacts", 1024 * 1024],
      ["/resources/csv-upload", 6 * 1024 * 1024],
    ]);
  });
});

describe("the visitor's address", () => {
  test("without TRUST_PROXY, X-Forwarded-For is ignored and a forwarded request is not from this machine", async () => {
    const base = await start();
    const direct = await (await fetch(`${base}/`)).json();
    expect(direct).toMatchObject({ ip: "127.0.0.1", local: true });
    const forged = await (await fetch(`${base}/`, { headers: { "X-Forwarded-For": "203.0.113.7" } })).json();
    expect(forged).toMatchObject({ ip: "127.0.0.1", local: false });
  });

  test("TRUST_PROXY=1 takes the address our proxy appended, not one the visitor wrote before it", async () => {
    process.env.TRUST_PROXY = "1";
    resetConfigForTests();
    const base = await start();
    const answer = await (
      await fetch(`${base}/`, { headers: { "X-Forwarded-For": "6.6.6.6, 198.51.100.4" } })
    ).json();
    expect(answer.ip).toBe("198.51.100.4");
  });

  test("TRUST_PROXY with the proxy's address trusts only that proxy", async () => {
    process.env.TRUST_PROXY = "10.0.0.0/8";
    resetConfigForTests();
    const base = await start();
    // The request comes from 127.0.0.1, which is not the listed proxy: its header is not believed.
    const answer = await (await fetch(`${base}/`, { headers: { "X-Forwarded-For": "6.6.6.6" } })).json();
    expect(answer.ip).toBe("127.0.0.1");
  });
});

describe("a database that does not answer", () => {
  test("pages answer a 503 page and /healthz says so; both come back when it does", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    let up = false;
    const base = await start({
      databaseCanBeDown: true,
      pingDatabase: async () => {
        if (!up) throw new Error("connect ECONNREFUSED 127.0.0.1:1");
      },
    });
    const page = await fetch(`${base}/contacts`);
    expect(page.status).toBe(503);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toContain("We cannot reach our database right now.");
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.text()).toBe("database unavailable");
    expect(received).toEqual([]);

    up = true;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await vi.waitFor(async () => expect((await fetch(`${base}/contacts`)).status).toBe(200), {
      timeout: 3000,
    });
  });
});

describe("a company's chat host (CHAT_DOMAIN)", () => {
  test("{subdomain}.{CHAT_DOMAIN} is served as /c/{subdomain}/...; other hosts are left alone", async () => {
    process.env.CHAT_DOMAIN = "chat.example.com";
    resetConfigForTests();
    const base = await start();
    const on = (host: string, path: string) =>
      new Promise<string>((resolve, reject) => {
        // fetch() refuses to set Host: a raw request names the chat host.
        const url = new URL(path, base);
        httpRequest({ host: url.hostname, port: url.port, path, headers: { Host: host } }, (res) => {
          let body = "";
          res.on("data", (chunk) => {
            body += chunk;
          });
          res.on("end", () => resolve((JSON.parse(body) as { path: string }).path));
        })
          .on("error", reject)
          .end();
      });

    expect(await on("acme.chat.example.com", "/")).toBe("/c/acme/");
    expect(await on("acme.chat.example.com:443", "/magic?token=x")).toBe("/c/acme/magic");
    expect(await on("acme.chat.example.com", "/sw.js")).toBe("/c/acme/sw.js");
    expect(await on("acme.chat.example.com", "/c/acme/events")).toBe("/c/acme/events");
    expect(await on("acme.chat.example.com", "/chat-app/chat.js")).toBe("/chat-app/chat.js");
    expect(await on("acme.chat.example.com", "/webchat-assets/x.png")).toBe("/webchat-assets/x.png");
    expect(await on("localhost", "/contacts")).toBe("/contacts");
  });

  test("on the app's host, /c/{subdomain}/... is sent to the chat host with its path and query, never served", async () => {
    process.env.CHAT_DOMAIN = "chat.example.com";
    resetConfigForTests();
    const base = await start();
    const app = new URL(config().APP_URL);
    const chatHost = (sub: string) =>
      `${app.protocol}//${sub}.chat.example.com${app.port ? `:${app.port}` : ""}`;
    const redirectOf = async (path: string, method = "GET") => {
      const response = await fetch(`${base}${path}`, { method, redirect: "manual" });
      return [response.status, response.headers.get("Location")];
    };
    expect(await redirectOf("/c/acme")).toEqual([307, `${chatHost("acme")}/`]);
    expect(await redirectOf("/c/acme/")).toEqual([307, `${chatHost("acme")}/`]);
    expect(await redirectOf("/c/Acme?preview=1")).toEqual([307, `${chatHost("acme")}/?preview=1`]);
    expect(await redirectOf("/c/acme/magic?token=abc")).toEqual([307, `${chatHost("acme")}/magic?token=abc`]);
    expect(await redirectOf("/c/acme/manifest.webmanifest")).toEqual([
      307,
      `${chatHost("acme")}/manifest.webmanifest`,
    ]);
    expect(await redirectOf("/c/acme/messages", "POST")).toEqual([307, `${chatHost("acme")}/messages`]);
    // Not a subdomain: left to the app (whose route answers 404).
    expect(await redirectOf("/c/not_one/")).toEqual([200, null]);
    expect(await redirectOf("/contacts")).toEqual([200, null]);
    expect(received.map((r) => r.path)).toEqual(["/c/not_one/", "/contacts"]);

    // A worker registered at /c/acme/ before is replaced at its next update check by one that removes itself.
    const worker = await fetch(`${base}/c/acme/sw.js`, { redirect: "manual" });
    expect(worker.status).toBe(200);
    expect(worker.headers.get("Content-Type")).toMatch(/javascript/);
    expect(worker.headers.get("Content-Security-Policy")).toBe("default-src 'none'; connect-src 'self'");
    expect(await worker.text()).toContain("self.registration.unregister()");
  });

  test("without CHAT_DOMAIN, /c/{subdomain}/... is served on the app's host", async () => {
    const base = await start();
    const response = await fetch(`${base}/c/acme/?x=1`, { redirect: "manual" });
    expect(response.status).toBe(200);
    expect(received.map((r) => r.path)).toEqual(["/c/acme/"]);
  });
});

describe("scripts carry the script policy (issue 32)", () => {
  test("every .js answer, rendered or static, has default-src 'none'; connect-src 'self'; pages do not", async () => {
    const base = await start({
      handler: (req, res) => {
        res.type(req.path.endsWith(".js") ? "text/javascript" : "text/html").send("x");
      },
    });
    for (const path of [
      "/c/acme/sw.js",
      "/forms/popup.js",
      "/chat-app/chat.js?v=1",
      "/forms/assets/altcha-pbkdf2.js",
    ])
      expect((await fetch(`${base}${path}`)).headers.get("Content-Security-Policy"), path).toBe(
        "default-src 'none'; connect-src 'self'",
      );
    expect((await fetch(`${base}/c/acme/`)).headers.get("Content-Security-Policy")).toBeNull();
  });
});

describe("how busy the web is (for an in-process worker)", () => {
  test("pages count as web requests; the health check does not", async () => {
    resetWebLoadForTests();
    const base = await start();
    await fetch(`${base}/healthz`);
    expect(webRequestsInLastSecond()).toBe(0);
    await Promise.all([fetch(`${base}/contacts`), fetch(`${base}/settings`)]);
    expect(webRequestsInLastSecond()).toBe(2);
  });
});

describe("the public form's fast path", () => {
  test("its two URLs reach the route's answers with the visit's id, product, body and address, behind the same guards", async () => {
    const visits: { id: string; productId: string | null; body: string | null; ip: string | null }[] = [];
    const answer = async (visit: Parameters<PublicFormRoute["showPublicForm"]>[0]) => {
      const body = await visit.body();
      visits.push({
        id: visit.id,
        productId: visit.productId,
        body: body ? Buffer.from(body).toString() : null,
        ip: visit.clientIp,
      });
      return {
        status: 200,
        headers: { "Content-Type": "text/html", "Content-Security-Policy": "frame-ancestors *" },
        body: "<p>form</p>",
      };
    };
    const base = await start({ publicFormRoute: { showPublicForm: answer, postPublicForm: answer } });
    const page = await fetch(`${base}/contact-form-builder/m/abc?productId=p1`);
    expect(await page.text()).toBe("<p>form</p>");
    expect(page.headers.get("x-frame-options")).toBeNull();
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const posted = await fetch(`${base}/contact-form/contact-form-builder/m/xyz`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(posted.status).toBe(200);
    const foreign = await fetch(`${base}/contact-form-builder/m/xyz`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=2",
    });
    expect(foreign.status).toBe(403);
    const large = await fetch(`${base}/contact-form-builder/m/xyz`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a".repeat(2 * 1024 * 1024),
    });
    expect(large.status).toBe(413);
    expect(visits).toEqual([
      { id: "abc", productId: "p1", body: null, ip: "127.0.0.1" },
      { id: "xyz", productId: null, body: "a=1", ip: "127.0.0.1" },
    ]);
    // Nothing went to React Router's handler.
    expect(received).toEqual([]);
  });
});

describe("compression", () => {
  test("pages and the public form's page are compressed; a form post's answer is not even wrapped", async () => {
    const big = `<p>${"form ".repeat(2_000)}</p>`;
    const answer = async () => ({ status: 200, headers: { "Content-Type": "text/html" }, body: big });
    const base = await start({ publicFormRoute: { showPublicForm: answer, postPublicForm: answer } });
    const headers = { "Accept-Encoding": "br, gzip" };
    const page = await fetch(`${base}/contact-form-builder/m/abc`, { headers });
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(await page.text()).toBe(big);
    for (const path of ["/contact-form-builder/m/abc", "/contact-form/contact-form-builder/m/abc"]) {
      const posted = await fetch(`${base}${path}`, {
        method: "POST",
        headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
        body: "a=1",
      });
      expect(posted.headers.get("content-encoding")).toBeNull();
      expect(posted.headers.get("vary")).toBeNull();
      expect(await posted.text()).toBe(big);
    }
    // Any other post keeps compression (React Router's actions).
    const action = await fetch(`${base}/contacts`, { method: "POST", headers, body: "a".repeat(10) });
    expect(action.headers.get("vary")).toBe("Accept-Encoding");
  });
});

describe("a page written whole", () => {
  /** Renders a page as entry.server.tsx does for one with nothing to stream, and writes it as React Router's adapter does. */
  const rendersWholePages: RequestHandler = async (req, res) => {
    const rows = Array.from({ length: 300 }, (_, i) => createElement("li", { key: i }, `Contact ${i}`));
    const response = await renderHtmlResponse(createElement("ul", null, rows), {
      nonce: "n",
      whole: true,
      encoding: loadContextFor(req).get(pageEncodingContext),
      status: 200,
      headers: new Headers(),
      url: `http://localhost${req.originalUrl}`,
      abortAfterMs: 5_000,
    });
    res.status(response.status);
    for (const [name, value] of response.headers) res.append(name, value);
    if (response.body) await writeReadableStreamToWritable(response.body, res);
  };

  test("goes out compressed once, in the visitor's encoding, with its length and one Vary", async () => {
    const base = await start({ handler: rendersWholePages });
    for (const [accept, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["identity", null],
    ] as const) {
      const response = await fetch(`${base}/contacts`, { headers: { "Accept-Encoding": accept } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(response.headers.get("transfer-encoding")).toBeNull();
      expect(Number(response.headers.get("content-length"))).toBeGreaterThan(0);
      // fetch undoes one encoding: a second (the middleware's, over ours) would leave bytes, not the list.
      const html = await response.text();
      expect(html.startsWith("<ul><li>Contact 0</li>")).toBe(true);
      expect(html.endsWith("<li>Contact 299</li></ul>")).toBe(true);
    }
  });
});

describe("pageEncodingFor", () => {
  test("prefers brotli, then gzip, as the compression middleware does; nothing accepted is identity", () => {
    expect(pageEncodingFor({ "accept-encoding": "gzip, deflate, br, zstd" })).toBe("br");
    expect(pageEncodingFor({ "accept-encoding": "gzip, deflate" })).toBe("gzip");
    expect(pageEncodingFor({ "accept-encoding": "br;q=0.5, gzip" })).toBe("gzip");
    expect(pageEncodingFor({ "accept-encoding": "*" })).toBe("br");
    expect(pageEncodingFor({ "accept-encoding": "deflate" })).toBe("identity");
    expect(pageEncodingFor({ "accept-encoding": "identity" })).toBe("identity");
    expect(pageEncodingFor({})).toBe("identity");
  });
});

describe("writes from another site", () => {
  /** A raw request (fetch would resolve "/webhooks/../contacts" before sending it). */
  function rawPost(base: string, path: string, headers: Record<string, string>) {
    return new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${base}${path}`, { method: "POST", headers }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on("error", reject);
      request.end("a=1");
    });
  }

  test("are refused by Origin or Sec-Fetch-Site, a webhook path excepted, read as React Router reads it", async () => {
    const base = await start();
    const evil = { Origin: "https://evil.example" };
    expect(await rawPost(base, "/contacts", evil)).toBe(403);
    expect(await rawPost(base, "/contacts", { "Sec-Fetch-Site": "cross-site" })).toBe(403);
    expect(await rawPost(base, "/webhooks/../contacts", evil)).toBe(403);
    expect(await rawPost(base, "/webhooks/stripe", evil)).toBe(200);
    expect(await rawPost(base, "/contacts", { Origin: base })).toBe(200);
    expect(await rawPost(base, "/contacts", { "Sec-Fetch-Site": "same-origin" })).toBe(200);
    expect(received.map((r) => r.path)).toEqual(["/webhooks/stripe", "/contacts", "/contacts"]);
  });
});
