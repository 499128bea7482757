import { afterEach, expect, test } from "vitest";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { eventStreamResponse } from "./event-stream.server";
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
        wants: () => true,
        refresh: async () => {
          throw new Error("database gone");
        },
      });
      const read = reader(response);
      await read.pump;
      expect(read.done()).toBe(true);
    });
  },
  { freshPerTest: true },
);
