import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Twilio's Messages API at its worst, for the exactly-once tests: each create request is answered as
 * the test's plan says. "refuse" answers 429 with Retry-After and takes nothing; the "accept..." modes
 * take the message (it counts as sent to its To) and then lose the answer: a 500, no answer before
 * the app's timeout, or the connection dropped.
 */

export type UnreliableMode = "ok" | "refuse" | "acceptThen500" | "acceptThenHang" | "acceptThenDrop";

export type UnreliableTwilio = {
  url: string;
  /** Every message Twilio took, in order: its To and the message id of its status callback. */
  accepted: Array<{ to: string; messageId: string | null; sid: string }>;
  requests: () => number;
  close: () => Promise<void>;
};

export async function startUnreliableTwilio(
  accountSid: string,
  plan: (requestNumber: number, form: Record<string, string>) => UnreliableMode,
  hangMs = 2_000,
): Promise<UnreliableTwilio> {
  const accepted: UnreliableTwilio["accepted"] = [];
  let count = 0;
  const answer = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    if (res.destroyed) return;
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) return answer(res, 404, {});
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const mode = plan(++count, form);
      if (mode === "refuse")
        return answer(
          res,
          429,
          { code: 20429, message: "Too Many Requests", status: 429 },
          { "Retry-After": "1" },
        );
      const sid = `SM${randomBytes(16).toString("hex")}`;
      const callback = form.StatusCallback ? new URL(form.StatusCallback) : null;
      accepted.push({ to: form.To, messageId: callback?.searchParams.get("message") ?? null, sid });
      if (mode === "acceptThen500")
        return answer(res, 500, { code: 20500, message: "Internal Server Error", status: 500 });
      if (mode === "acceptThenDrop") return req.socket.destroy();
      const created = { sid, status: "queued", to: form.To, body: form.Body };
      if (mode === "acceptThenHang") setTimeout(() => answer(res, 201, created), hangMs);
      else answer(res, 201, created);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    accepted,
    requests: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
