import { afterEach, expect, test } from "vitest";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  eventStreamResponse,
  openStreamCount,
  STREAM_LIMITS,
  type StreamHolders,
} from "./event-stream.server";
import { publishEvent, resetEventsForTests } from "./events.server";

/** Reads a stream's text as it arrives; `until(text)` waits for it to contain `text`. */
function reader(response: Response) {
  const body = response.body;
  if (!body) throw new Error("no body");
  const decoder = new TextDecoder();
  const stream = body.getReader();
  let text = "";
  let done = false;
  const pump = (async () => {
    for (;;) {
      const chunk = await stream.read();
      if (chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    done = true;
  })();
  const until = async (wanted: string | (() => boolean), ms = 3_000) => {
    const deadline = Date.now() + ms;
    const met = () => (typeof wanted === "string" ? text.includes(wanted) : wanted());
    while (!met()) {
      if (Date.now() > deadline) throw new Error(`stream never showed ${String(wanted)}; it has:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { text: () => text, done: () => done, until, pump };
}

describeEachDatabase(
  "event streams",
  () => {
    afterEach(() => resetEventsForTests());

    test("a signal stream writes each wanted event, and nothing for the others", async () => {
      const browser = new AbortController();
      const response = eventStreamResponse(new Request("http://localhost/x", { signal: browser.signal }), {
        holders: { address: "198.51.100.1" },
        wants: (event) => event.accountId === "acct-mine",
        onEvent: (stream, event) => stream.send("change", { topic: event.topic }),
      });
      expect(response.headers.get("Content-Type")).toBe("text/event-stream");
      expect(response.headers.get("Cache-Control")).toContain("no-transform");
      const read = reader(response);
      await read.until("retry: 3000");

      await publishEvent({ topic: "members", accountId: "acct-other" });
      await publishEvent({ topic: "invites", accountId: "acct-mine" });
      await read.until('event: change\ndata: {"topic":"invites"}');
      expect(read.text()).not.toContain("members");

      browser.abort();
      await read.pump;
      expect(read.done()).toBe(true);
    });

    test("a refreshing stream reads at open, once per burst, never two reads at once, and can close itself", async () => {
      let reads = 0;
      let running = 0;
      let overlapped = false;
      let closeNext = false;
      // The burst's events reach the stream one by one (PostgreSQL delivers each NOTIFY on its own, later
      // under load); the second read lasts until all ten have arrived, so the burst lands during one read.
      let eventsSeen = 0;
      let allSeen: () => void = () => {};
      const burstDelivered = new Promise<void>((resolve) => {
        allSeen = resolve;
      });
      const response = eventStreamResponse(new Request("http://localhost/x"), {
        holders: { address: "198.51.100.2" },
        wants: (event) => {
          if (event.importId !== "import-1") return false;
          if (++eventsSeen === 10) allSeen();
          return true;
        },
        refresh: async (stream) => {
          running++;
          if (running > 1) overlapped = true;
          reads++;
          await (reads === 2 ? burstDelivered : new Promise((resolve) => setTimeout(resolve, 50)));
          running--;
          stream.send("progress", { reads }, `r${reads}`);
          if (closeNext) stream.close();
        },
      });
      const read = reader(response);
      await read.until('id: r1\nevent: progress\ndata: {"reads":1}');

      // Ten events at once: the first starts a read, the other nine make one more between them (not nine).
      await Promise.all(
        Array.from({ length: 10 }, () => publishEvent({ topic: "csvImport", importId: "import-1" })),
      );
      await read.until('data: {"reads":3}');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(reads).toBe(3);
      expect(overlapped).toBe(false);

      closeNext = true;
      await publishEvent({ topic: "csvImport", importId: "import-1" });
      await read.pump;
      expect(read.done()).toBe(true);
      expect(read.text()).toContain(`data: {"reads":${reads}}`);
    });

    test("a failed read ends the stream", async () => {
      const response = eventStreamResponse(new Request("http://localhost/x"), {
        holders: { address: "198.51.100.3", user: "user-failed-read" },
        wants: () => true,
        refresh: async () => {
          throw new Error("database gone");
        },
      });
      const read = reader(response);
      await read.pump;
      expect(read.done()).toBe(true);
      // The ended stream gave its slots back.
      expect(openStreamCount("user", "user-failed-read")).toBe(0);
      expect(openStreamCount("address", "198.51.100.3")).toBe(0);
    });

    // Issue 32 item 11: streams open at once are capped per chat session, per user and per address; the
    // next one is refused with 429, and a stream that closes frees its slot.
    test.each([
      ["chatSession", (i: number) => ({ address: `203.0.113.${i}`, chatSession: "session-1" })],
      ["user", (i: number) => ({ address: `203.0.113.${i}`, user: "user-1" })],
      ["address", (i: number) => ({ address: "203.0.113.250", user: `user-${i}` })],
    ] as const)("the streams of one %s are capped; a closed one frees its slot", async (kind, holders) => {
      const limit = STREAM_LIMITS[kind];
      const id = (holders(0) as StreamHolders)[kind] as string;
      const open = (i: number) => {
        const browser = new AbortController();
        const response = eventStreamResponse(new Request("http://localhost/x", { signal: browser.signal }), {
          holders: holders(i),
          wants: () => false,
        });
        return { browser, response };
      };
      const streams = Array.from({ length: limit }, (_, i) => open(i));
      expect(streams.map((s) => s.response.status)).toEqual(streams.map(() => 200));
      const readers = streams.map((s) => reader(s.response));
      await Promise.all(readers.map((r) => r.until("retry: 3000")));
      expect(openStreamCount(kind, id)).toBe(limit);

      const refused = open(limit);
      expect(refused.response.status).toBe(429);
      expect(refused.response.headers.get("Retry-After")).toBe("30");
      expect(await refused.response.text()).toBe("Too many open event streams");
      expect(openStreamCount(kind, id)).toBe(limit);

      streams[0].browser.abort();
      await readers[0].pump;
      expect(openStreamCount(kind, id)).toBe(limit - 1);
      const again = open(limit + 1);
      expect(again.response.status).toBe(200);
      // A reader that cancels (the connection went away without an abort) frees its slot too.
      const againReader = again.response.body?.getReader();
      expect(new TextDecoder().decode((await againReader?.read())?.value)).toContain("retry: 3000");
      await againReader?.cancel();
      expect(openStreamCount(kind, id)).toBe(limit - 1);
      for (const s of streams) s.browser.abort();
      await Promise.all(readers.slice(1).map((r) => r.pump));
      expect(openStreamCount(kind, id)).toBe(0);
    });
  },
  { freshPerTest: true },
);
