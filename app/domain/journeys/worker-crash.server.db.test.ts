import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { closeDatabase, installDatabase, openDatabase } from "#db/client.server";
import { journeys, touchpoints } from "#db/schema";
import { jobs, stopJobs } from "~/services/jobs/jobs.server";
import { createAccount } from "../../../tests/support/factories";
import { createLiveProduct } from "../../../tests/support/journeys-live";
import {
  createScratchPostgresDatabase,
  type ScratchPostgresDatabase,
} from "../../../tests/support/test-database";
import { workerProcesses } from "../../../tests/support/worker-process";

/**
 * The crash test: a worker process (scripts/worker.ts) is killed with SIGKILL in the middle of a
 * batch; another one started after it delivers the rest, and every due message reaches the outbox
 * exactly once. PostgreSQL only: the embedded PGlite database belongs to a single process.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const CONTACTS = 8000;

const title = serverUrl
  ? "a worker killed mid-batch [postgres]"
  : "a worker killed mid-batch [postgres] (skipped: TEST_DATABASE_URL is not set, and this test needs PostgreSQL for two processes)";

if (!serverUrl) console.warn(`Skipped: ${title}`);

describe.skipIf(!serverUrl)(title, () => {
  let scratch: ScratchPostgresDatabase;
  let database: ReturnType<typeof openDatabase>;
  let quiet = false;
  const workers = workerProcesses({ quiet: () => quiet });
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    (await database.db.execute(query)) as unknown as T[];

  beforeAll(async () => {
    scratch = await createScratchPostgresDatabase(serverUrl as string);
    database = openDatabase({ url: scratch.url });
    installDatabase(database);
    await database.migrate();
    await jobs(); // installs pg-boss and its queues before the workers start
    await stopJobs();
  });

  afterAll(async () => {
    quiet = true;
    await workers.killAll();
    await closeDatabase();
    await scratch?.drop();
  });

  const startWorker = (name: string, env: Record<string, string>) =>
    workers.start(name, { DATABASE_URL: scratch.url, JOURNEY_SEND_STALE_SECONDS: "3", ...env });
  const stop = workers.kill;

  test.each([
    { path: "the dispatcher delivering to the outbox in its transaction", key: "inline", inline: "true" },
    { path: "send jobs (JOURNEY_DISPATCH_INLINE=false)", key: "jobs", inline: "false" },
  ])(
    "through $path, every due message is delivered exactly once after the restart",
    { timeout: 240_000 },
    async ({ key, inline }) => {
      const account = await createAccount({ company: `Crash Co ${key}` });
      const created = await createLiveProduct({ account: { id: account.id } }, "Crash product");
      if (!created.ok) throw new Error("product");
      const [journey] = await database.db
        .select()
        .from(journeys)
        .where(eq(journeys.productId, created.product.id));
      // Email: no consent needed and no quiet hours, so the test does not depend on the time of day.
      await database.db.insert(touchpoints).values({
        accountId: account.id,
        journeyId: journey.id,
        ordinal: 1,
        name: "Welcome",
        waitMinutes: 0,
        waitUnit: "minutes",
        channel: "email",
        subject: "Welcome",
        message: "Hi {{first_name}}",
      });
      const prefix = `crash-${key}-`;
      await rows(sql`insert into contacts (account_id, first_name, last_name, email)
      select ${account.id}::uuid, 'Ann', 'Lee', ${prefix} || i || '@example.com' from generate_series(1, ${CONTACTS}) i`);
      const outboxCount = async () =>
        Number(
          (
            await rows<{ n: number }>(
              sql`select count(*)::int as n from outbox_messages where recipient like ${`${prefix}%`}`,
            )
          )[0].n,
        );
      const env = { JOURNEY_DISPATCH_INLINE: inline };

      const first = await startWorker(`worker 1 (${key})`, env);
      await rows(sql`insert into contact_products (account_id, contact_id, product_id)
      select ${account.id}::uuid, id, ${created.product.id}::uuid from contacts where account_id = ${account.id}::uuid`);
      const deadline = Date.now() + 60_000;
      while ((await outboxCount()) === 0) {
        if (Date.now() > deadline) throw new Error("the first worker delivered nothing");
        await new Promise((r) => setTimeout(r, 20));
      }
      await stop(first);
      const atKill = await outboxCount();
      expect(atKill).toBeGreaterThan(0);
      expect(atKill).toBeLessThan(CONTACTS); // killed mid-batch

      const second = await startWorker(`worker 2 (${key})`, env);
      const end = Date.now() + 150_000;
      for (;;) {
        const n = await outboxCount();
        if (n >= CONTACTS || Date.now() > end) break;
        // Wake the dispatcher (its sweep re-queues the jobs the killed worker held).
        await rows(sql`select pg_notify('journey_dispatch', '')`);
        await new Promise((r) => setTimeout(r, 1000));
      }
      await new Promise((r) => setTimeout(r, 2000)); // anything still in flight would show now
      await stop(second);

      const [counts] = await rows<{ total: number; messages: number; recipients: number }>(
        sql`select count(*)::int as total, count(distinct message_id)::int as messages,
            count(distinct recipient)::int as recipients from outbox_messages where recipient like ${`${prefix}%`}`,
      );
      const statuses = await rows<{ status: string; n: number }>(
        sql`select status::text, count(*)::int as n from messages where account_id = ${account.id}::uuid
          group by status order by status`,
      );
      console.log(
        `crash test (${key}): ${atKill} delivered when worker 1 was killed; after worker 2: ${counts.total} outbox rows for ${counts.recipients} contacts`,
      );
      expect({
        total: Number(counts.total),
        messages: Number(counts.messages),
        recipients: Number(counts.recipients),
      }).toEqual({ total: CONTACTS, messages: CONTACTS, recipients: CONTACTS });
      expect(statuses.map((s) => [s.status, Number(s.n)])).toEqual([["sent", CONTACTS]]);
      const [usage] = await rows<{ messages: number }>(
        sql`select coalesce(sum(messages), 0)::int as messages from message_usage where account_id = ${account.id}::uuid`,
      );
      expect(Number(usage.messages)).toBe(CONTACTS);
    },
  );
});
