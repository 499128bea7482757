import type { ChildProcess } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { closeDatabase, installDatabase, openDatabase } from "#db/client.server";
import { shopifyUsageRecords } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { resetConfigForTests } from "~/config.server";
import { jobs, sendJob, stopJobs } from "~/services/jobs/jobs.server";
import { recordSentMessages } from "../../../tests/support/billing-usage";
import { subscribedStoreCompany } from "../../../tests/support/shopify-billing";
import {
  DEMO_SHOP,
  SHOPIFY_TEST_API_KEY,
  SHOPIFY_TEST_API_SECRET,
} from "../../../tests/support/shopify-test-env";
import { type ShopifyStandIn, startShopifyStandIn } from "../../../tests/support/stand-ins/shopify";
import {
  createScratchPostgresDatabase,
  type ScratchPostgresDatabase,
} from "../../../tests/support/test-database";
import { workerProcesses } from "../../../tests/support/worker-process";
import { runShopifyUsageReport, STALE_CLAIM_MS } from "./shopify-usage-report.server";

/**
 * The Shopify side of issue 12's crash test: a worker process (scripts/worker.ts) killed with SIGKILL
 * at the worst moment, after Shopify recorded a usage record and before its answer reached the worker
 * (a proxy in front of the stand-in holds that answer and kills the worker instead). The library's
 * usage call ignores its idempotency key, so a blind resend would charge the message twice. A second
 * worker sends the rest; a later run settles the lost answer with Shopify's own usage records; every
 * overage message is charged exactly once. PostgreSQL only: PGlite belongs to a single process.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const OVERAGE = 30;
const KILL_AT = 10;
const title = serverUrl
  ? "a worker killed while sending Shopify usage records [postgres]"
  : "a worker killed while sending Shopify usage records [postgres] (skipped: TEST_DATABASE_URL is not set, and this test needs PostgreSQL for two processes)";
if (!serverUrl) console.warn(`Skipped: ${title}`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Forwards to the stand-in; the KILL_AT-th usage record's answer is never delivered: `onLost` runs instead. */
async function startKillingProxy(target: string, onLost: () => Promise<void>) {
  let usageCalls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = Buffer.concat(chunks);
      const isUsage = body.includes("appUsageRecordCreate");
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !["host", "content-length", "connection"].includes(k)),
      ) as Record<string, string>;
      const answer = await fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === "GET" ? undefined : body,
      });
      const text = await answer.text();
      if (isUsage && ++usageCalls === KILL_AT) {
        // Shopify has recorded it; the worker dies waiting for the answer.
        await onLost();
        res.destroy();
        return;
      }
      res.writeHead(answer.status, {
        "Content-Type": answer.headers.get("content-type") ?? "application/json",
      });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!serverUrl)(title, () => {
  let scratch: ScratchPostgresDatabase;
  let database: ReturnType<typeof openDatabase>;
  let stand: ShopifyStandIn;
  let proxy: Awaited<ReturnType<typeof startKillingProxy>>;
  let first: ChildProcess | undefined;
  let killedAt = -1;
  let quiet = false;
  const workers = workerProcesses({ quiet: () => quiet });
  const env = {
    SHOPIFY_API_KEY: SHOPIFY_TEST_API_KEY,
    SHOPIFY_API_SECRET: SHOPIFY_TEST_API_SECRET,
    SHOPIFY_API_URL: "",
  };
  let saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    stand = await startShopifyStandIn({
      app: { apiKey: SHOPIFY_TEST_API_KEY, secret: SHOPIFY_TEST_API_SECRET, name: "Blusteam" },
    });
    stand.seedShop(DEMO_SHOP);
    proxy = await startKillingProxy(stand.url, async () => {
      killedAt = stand.store.usageRecords.length;
      if (first) await workers.kill(first);
    });
    // This process (fixtures and the later run) talks to the stand-in directly; the workers through the proxy.
    env.SHOPIFY_API_URL = stand.url;
    saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    resetConfigForTests();
    scratch = await createScratchPostgresDatabase(serverUrl as string);
    database = openDatabase({ url: scratch.url });
    installDatabase(database);
    await database.migrate();
    await seedReferenceData(database.db);
    await jobs(); // pg-boss and its queues; this process only sends jobs
  });

  afterAll(async () => {
    quiet = true;
    await workers.killAll();
    await stopJobs();
    await closeDatabase();
    await scratch?.drop();
    await proxy?.close();
    await stand?.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetConfigForTests();
  });

  const startWorker = (name: string) =>
    workers.start(name, {
      DATABASE_URL: scratch.url,
      ...env,
      SHOPIFY_API_URL: proxy.url,
    });

  const rows = (accountId: string) =>
    database.db.select().from(shopifyUsageRecords).where(eq(shopifyUsageRecords.accountId, accountId));

  test("every overage message is charged exactly once after the kill", { timeout: 180_000 }, async () => {
    const store = await subscribedStoreCompany(stand, "lite-250");
    await recordSentMessages(database.db, store.account.id, 250 + OVERAGE, new Date());

    first = await startWorker("worker 1");
    await sendJob("shopify-usage-report", {});
    const deadline = Date.now() + 60_000;
    while (first.exitCode === null && first.signalCode === null) {
      if (Date.now() > deadline) throw new Error("the first worker was never killed");
      await sleep(50);
    }
    expect(killedAt).toBe(KILL_AT);
    const atKill = await rows(store.account.id);
    // Every overage message was queued before Shopify was called; one claim is left without an answer.
    expect(atKill).toHaveLength(OVERAGE);
    const lost = atKill.filter((r) => r.reportedAt && !r.shopifyRecordId);
    expect(lost).toHaveLength(1);
    expect(atKill.filter((r) => r.shopifyRecordId)).toHaveLength(KILL_AT - 1);

    const second = await startWorker("worker 2");
    await sendJob("shopify-usage-report", {});
    const end = Date.now() + 90_000;
    while ((await rows(store.account.id)).filter((r) => !r.reportedAt).length > 0) {
      if (Date.now() > end) throw new Error("the second worker did not send the rest");
      await sleep(200);
    }
    await sleep(1000);
    await workers.kill(second);
    // The claim is not resent blindly: Shopify has exactly one record per message so far.
    expect(stand.store.usageRecords).toHaveLength(OVERAGE);

    // A later run (the claim now stale) finds the lost answer's record at Shopify and keeps it.
    const settled = await runShopifyUsageReport({ now: new Date(Date.now() + STALE_CLAIM_MS + 60_000) });
    expect(settled).toMatchObject({ recovered: 1, released: 0, reported: 0 });
    const after = await rows(store.account.id);
    expect(after.every((r) => r.shopifyRecordId)).toBe(true);
    const descriptions = stand.store.usageRecords.map((r) => r.description);
    expect(new Set(descriptions).size).toBe(OVERAGE);
    for (const row of after) expect(descriptions.filter((d) => d.includes(row.messageId))).toHaveLength(1);
    const lostRecord = stand.store.usageRecords.find((r) => r.description.includes(lost[0].messageId));
    expect(after.find((r) => r.messageId === lost[0].messageId)?.shopifyRecordId).toBe(lostRecord?.id);
    console.log(
      `Shopify usage crash test: worker 1 killed with ${killedAt} records at Shopify (1 answer lost); ${stand.store.usageRecords.length} records in all for ${OVERAGE} overage messages`,
    );
  });
});
