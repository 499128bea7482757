import { once } from "node:events";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { compressionWithDrainFix } from "./compression.server";

// A response written as React Router's adapter writes one: write, and on backpressure wait for
// 'drain' with `once`, then stop listening with `off`.
const CHUNKS = 200;
const chunk = (i: number) => `${String(i).padStart(6, "0")}${"x".repeat(64 * 1024)}`;

let server: ReturnType<ReturnType<typeof express>["listen"]> | undefined;
afterEach(() => server?.close());

async function serve(handlers: express.RequestHandler[]) {
  const app = express();
  let waits = 0;
  app.use(...handlers);
  app.get("/big", async (_req, res) => {
    res.setHeader("Content-Type", "text/html");
    for (let i = 0; i < CHUNKS; i++) {
      if (!res.write(chunk(i))) {
        waits++;
        await new Promise<void>((resolve) => {
          const onDrain = () => {
            res.off("drain", onDrain);
            resolve();
          };
          res.once("drain", onDrain);
        });
      }
    }
    res.end();
  });
  server = app.listen(0);
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(warning.message);
  process.on("warning", onWarning);
  const response = await fetch(`http://127.0.0.1:${port}/big`, { headers: { "Accept-Encoding": "br" } });
  const body = Buffer.from(await response.arrayBuffer());
  await new Promise((r) => setTimeout(r, 50));
  process.off("warning", onWarning);
  return { response, body, waits, warnings };
}

describe("compressionWithDrainFix", () => {
  it("compresses a long streamed response and leaves no spent 'drain' listeners behind", async () => {
    const { response, body, waits, warnings } = await serve(compressionWithDrainFix());
    expect(response.headers.get("content-encoding")).toBe("br");
    // fetch decodes br itself; the text is whole and in order.
    const text = body.toString("utf8");
    expect(text.length).toBe(CHUNKS * (6 + 64 * 1024));
    expect(text.slice(0, 6)).toBe("000000");
    expect(text.slice(-(64 * 1024 + 6), -(64 * 1024))).toBe(String(CHUNKS - 1).padStart(6, "0"));
    // The scenario really met backpressure more than ten times, which used to warn.
    expect(waits).toBeGreaterThan(10);
    expect(warnings.filter((w) => w.includes("drain listeners"))).toEqual([]);
  });

  it("the middleware alone still piles them up (when this fails, compression fixed it: drop the fix)", async () => {
    const { waits, warnings } = await serve([compression()]);
    expect(waits).toBeGreaterThan(10);
    expect(warnings.some((w) => w.includes("drain listeners added to [BrotliCompress]"))).toBe(true);
  });

  it("leaves an uncompressed response's 'drain' working", async () => {
    const app = express();
    app.use(...compressionWithDrainFix());
    let drained = 0;
    app.get("/plain", (_req, res) => {
      const onDrain = () => drained++;
      res.on("drain", onDrain);
      res.off("drain", onDrain);
      res.once("drain", () => drained++);
      res.setHeader("Content-Type", "application/octet-stream");
      res.end("ok");
    });
    server = app.listen(0);
    await once(server, "listening");
    const port = (server.address() as AddressInfo).port;
    const response = await fetch(`http://127.0.0.1:${port}/plain`, {
      headers: { "Accept-Encoding": "identity" },
    });
    expect(await response.text()).toBe("ok");
    expect(drained).toBe(0);
  });
});
