import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small local HTTP server that plays a messaging provider in tests: it records every request and
 * answers with the provider's own shapes. Tests queue failures with failNext(), or a slow answer with
 * delayNext(), to see how the app reacts to 429s, 5xxs, 4xxs and timeouts.
 */

export type StandInAnswer = { status: number; body: unknown };

export type RecordedRequest = {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
  /** What the stand-in answered (the contract tests hold it against the provider's schemas). */
  answer?: StandInAnswer;
};

export type StandIn = {
  url: string;
  requests: RecordedRequest[];
  /** The next matching requests get these answers instead of a success, in order. */
  failNext: (...answers: StandInAnswer[]) => void;
  /** The next request waits this long before answering (to exceed the app's timeout). */
  delayNext: (ms: number) => void;
  reset: () => void;
  close: () => Promise<void>;
};

export async function startStandIn(
  handle: (request: RecordedRequest) => StandInAnswer,
  // A fixed port, for a stand-in the e2e specs reach by a known address (0: any free one).
  listenPort = 0,
): Promise<StandIn> {
  const requests: RecordedRequest[] = [];
  let failures: StandInAnswer[] = [];
  let delay = 0;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: req.url ?? "/",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      const answer = failures.shift() ?? handle(recorded);
      recorded.answer = answer;
      const wait = delay;
      delay = 0;
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(answer.body));
      };
      if (wait > 0) setTimeout(send, wait);
      else send();
    });
  });
  // Idle connections stay open longer than fetch keeps them (4 s): otherwise, on a loaded machine,
  // the server may close a connection just as fetch reuses it, and the call fails with ECONNRESET.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (...answers) => {
      failures.push(...answers);
    },
    delayNext: (ms) => {
      delay = ms;
    },
    reset: () => {
      requests.length = 0;
      failures = [];
      delay = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
