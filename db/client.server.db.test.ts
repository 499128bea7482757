import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterEach, describe, expect, test, vi } from "vitest";
import { config, resetConfigForTests } from "~/config.server";
import { createExpressApp } from "~/express-app.server";
import { createScratchPostgresDatabase } from "../tests/support/test-database";
import { closeDatabase, type DatabaseHandle, databaseHandle, openDatabase } from "./client.server";

/** A "database" that accepts connections and never says a word: only the connect timeout ends a wait. */
async function silentServer() {
  const sockets: Socket[] = [];
  const server: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `postgres://blusteam@127.0.0.1:${port}/blusteam`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port nothing listens on: the connection is refused at once. */
async function closedPortUrl() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `postgres://blusteam@127.0.0.1:${port}/blusteam`;
}

const opened: DatabaseHandle[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const handle of opened.splice(0)) await handle.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  for (const key of ["DATABASE_URL", "DATABASE_CONNECT_TIMEOUT_SECONDS"]) delete process.env[key];
  resetConfigForTests();
});

async function elapsed(work: () => Promise<unknown>) {
  const started = Date.now();
  const outcome = await work().then(
    () => "answered",
    // Drizzle wraps the driver's error; the driver's code is on its cause.
    (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
  );
  return { outcome, seconds: (Date.now() - started) / 1000 };
}

describe("connecting to a database that is not there", () => {
  test("a database that does not answer fails the query after the connect timeout (DATABASE_CONNECT_TIMEOUT_SECONDS)", async () => {
    const silent = await silentServer();
    cleanups.push(silent.close);
    process.env.DATABASE_URL = silent.url;
    process.env.DATABASE_CONNECT_TIMEOUT_SECONDS = "1";
    resetConfigForTests();
    const handle = databaseHandle();
    cleanups.push(closeDatabase);
    const { outcome, seconds } = await elapsed(() => handle.db.execute("select 1"));
    expect(outcome).toBe("CONNECT_TIMEOUT");
    expect(seconds).toBeGreaterThanOrEqual(0.9);
    expect(seconds).toBeLessThan(5);
  });

  test("pages answer 503 and /healthz says the database is unavailable, within the connect timeout", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const silent = await silentServer();
    cleanups.push(silent.close);
    const refused = openDatabase({ url: await closedPortUrl(), connectTimeoutSeconds: 1 });
    const hanging = openDatabase({ url: silent.url, connectTimeoutSeconds: 1 });
    opened.push(refused, hanging);

    for (const database of [refused, hanging]) {
      const app = createExpressApp({
        settings: config(),
        pingDatabase: () => database.db.execute("select 1"),
        databaseCanBeDown: true,
        handler: (_req, res) => {
          res.send("the app");
        },
      });
      const server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      cleanups.push(() => new Promise((resolve) => server.close(resolve)));
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

      const started = Date.now();
      const [page, health] = await Promise.all([fetch(`${base}/contacts`), fetch(`${base}/healthz`)]);
      expect((Date.now() - started) / 1000).toBeLessThan(3);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain("We cannot reach our database right now.");
      expect(health.status).toBe(503);
      expect(await health.text()).toBe("database unavailable");
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!serverUrl)("a statement that runs too long [postgres]", () => {
  test("is cancelled by PostgreSQL after DATABASE_STATEMENT_TIMEOUT_MS; migrations still run", async () => {
    const scratch = await createScratchPostgresDatabase(serverUrl as string);
    cleanups.push(scratch.drop);
    const database = openDatabase({ url: scratch.url, statementTimeoutMs: 300 });
    opened.push(database);
    const { outcome, seconds } = await elapsed(() => database.db.execute("select pg_sleep(3)"));
    expect(outcome).toBe("57014"); // query_canceled: "canceling statement due to statement timeout"
    expect(seconds).toBeLessThan(2);
    await database.migrate();
    expect(await database.db.execute("select 1 as one")).toMatchObject([{ one: 1 }]);
  });
});

describe.skipIf(!serverUrl)("a COPY into PostgreSQL [postgres]", () => {
  test("is answered without waiting for the server's delayed acknowledgements (TCP_NODELAY)", async () => {
    const database = openDatabase({ url: serverUrl as string });
    opened.push(database);
    if (database.raw.kind !== "postgres") throw new Error("postgres only");
    const sql = database.raw.sql;
    // postgres.js writes a COPY's data and its end as two messages: with Nagle's algorithm on, the
    // second waited for the server to acknowledge the first, which Linux delays by 40 ms (twice per
    // COPY: ~90 ms for a few rows, as each batch of a CSV import did).
    const copy = () =>
      sql.begin(async (tx) => {
        await tx.unsafe("create temp table nodelay_check (a text) on commit drop");
        const writable = await tx.unsafe("copy nodelay_check (a) from stdin").writable();
        await pipeline(Readable.from(["a\nb\n"]), writable);
      });
    await copy();
    const times: number[] = [];
    for (let i = 0; i < 9; i++) {
      const started = performance.now();
      await copy();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    expect(times[4]).toBeLessThan(40);
  });
});
