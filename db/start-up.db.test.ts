import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { installSharedSessionSecret } from "../app/config.server";
import { describeEachDatabase } from "../tests/support/test-database";
import { type DatabaseHandle, databaseHandle, openDatabase } from "./client.server";
import { appSecrets } from "./schema";
import { loadSharedSessionSecret } from "./start-up";

// Issue 21: what processes on one PostgreSQL share through it at start.

const readSecret = () => {
  // The getter reads what start-up installed (SESSION_SECRET is unset in these calls).
  const key = Symbol.for("blusteam.sharedSessionSecret");
  return (globalThis as Record<symbol, string | undefined>)[key];
};

describeEachDatabase("start-up", (getDb, target) => {
  afterEach(() => installSharedSessionSecret(undefined));

  test.runIf(target === "postgres")(
    "the first process to start generates the session secret; every other one reads it",
    async () => {
      const handle = databaseHandle();
      const dirs = [0, 1].map(() => mkdtempSync(path.join(os.tmpdir(), "blusteam-secret-")));
      try {
        await Promise.all(dirs.map((dir) => loadSharedSessionSecret(handle, { DATA_DIR: dir })));
        const first = readSecret();
        expect(first).toMatch(/^[0-9a-f]{64}$/);
        installSharedSessionSecret(undefined);
        await loadSharedSessionSecret(handle, { DATA_DIR: dirs[1] });
        expect(readSecret()).toBe(first);
        expect(await getDb().select().from(appSecrets)).toHaveLength(1);
      } finally {
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  test.runIf(target === "postgres")(
    "an earlier single-process secret in DATA_DIR is the one carried into the database",
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), "blusteam-secret-"));
      try {
        writeFileSync(path.join(dir, "session-secret"), "the-old-secret-kept-on-disk\n");
        await loadSharedSessionSecret(databaseHandle(), { DATA_DIR: dir });
        expect(readSecret()).toBe("the-old-secret-kept-on-disk");
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  test.runIf(target === "postgres")("SESSION_SECRET given: nothing is stored", async () => {
    await loadSharedSessionSecret(databaseHandle(), { SESSION_SECRET: "given-secret-0123456789" });
    expect(await getDb().select().from(appSecrets)).toEqual([]);
  });

  test.runIf(target === "postgres")(
    "LISTEN uses one dedicated connection per process, whatever the channels; the pool size is configuration",
    async () => {
      const handle = databaseHandle();
      if (handle.raw.kind !== "postgres") throw new Error("postgres only");
      const url = new URL(handle.raw.url);
      url.searchParams.set("application_name", "blusteam-listen-test");
      const probe: DatabaseHandle = openDatabase({ url: url.toString(), poolSize: 2 });
      try {
        const stops = await Promise.all([
          probe.listen("channel_one", () => {}),
          probe.listen("channel_two", () => {}),
          probe.listen("channel_one", () => {}),
        ]);
        // Five queries at once on a pool of two.
        await Promise.all([1, 2, 3, 4, 5].map(() => probe.db.execute("select pg_sleep(0.2)")));
        const rows = (await getDb().execute(
          `select query from pg_stat_activity where application_name = 'blusteam-listen-test'`,
        )) as unknown as { query: string }[];
        const listening = rows.filter((row) => /^listen/i.test(row.query));
        expect(listening).toHaveLength(1);
        expect(rows.length - listening.length).toBeLessThanOrEqual(2);
        for (const stop of stops) await stop();
      } finally {
        await probe.close();
      }
    },
  );
});
