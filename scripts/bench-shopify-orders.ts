/**
 * `npm run bench:shopify-orders`: signed orders/create webhooks through POST /webhooks/shopify/*, on
 * PostgreSQL.
 *
 * Creates a scratch database on TEST_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres; dropped at the end) with BENCH_SHOPS linked stores
 * (default 25; half with the automatic opt-in on), each with a product mapped to three variants, a
 * journey whose first touchpoint goes at once, and 200 existing contacts. A server process
 * (scripts/bench-shopify-orders-server.ts: the app's Express front and the route module, the job
 * worker in the same process as `npm start` runs it; BENCH_WORKER=separate: one `npm run worker`
 * process applies from the start; BENCH_WORKER=after: that process starts once the last answer came,
 * so the intake is measured alone) receives BENCH_RATE webhooks per second (default 500) for BENCH_SECONDS (20),
 * signed as Shopify signs them: new buyers (most subscribed to SMS marketing, some not), existing
 * contacts, repeat buyers; one send in twenty replays an earlier delivery (same webhook id) and one
 * in twenty sends an earlier order again under a new id (orders/create again, or orders/updated).
 * Prints the answer times (p50, p95, p99), then, once the worker applied everything: contacts created,
 * enrollments, orders, duplicates and losses against what the sends should have produced.
 * Target: p99 under 200 ms, 0 duplicates, 0 losses.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const SERVER_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const SHOPS = Number(process.env.BENCH_SHOPS ?? 25);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const POOL = 200;
const TARGET_P99_MS = 200;
// "in-process" (as `npm start` runs), "separate" (an `npm run worker` process from the start), or
// "after" (the worker process starts once the last answer came: the intake measured alone).
const WORKER_MODE = (process.env.BENCH_WORKER ?? "in-process") as "in-process" | "separate" | "after";
const SEPARATE_WORKER = WORKER_MODE !== "in-process";
const API_KEY = "bench-shopify-orders-key";
const API_SECRET = "bench-shopify-orders-secret-0000000000";

await bench();

type Send = { path: string; headers: Record<string, string>; body: string; webhookId: string };

async function bench() {
  const workDir = mkdtempSync(path.join(os.tmpdir(), "blusteam-bench-orders-"));
  process.env.DATA_DIR = workDir;
  const { sql } = await import("drizzle-orm");
  const { closeDatabase, installDatabase, openDatabase } = await import("../db/client.server");
  const { seedReferenceData } = await import("../db/seed");
  const { createScratchPostgresDatabase } = await import("../tests/support/test-database");
  const { jobs, stopJobs } = await import("../app/services/jobs/jobs.server");
  const { signedWebhook } = await import("../tests/support/stand-ins/shopify-signing");
  const { marketingConsentJson, orderJson } = await import("../tests/support/shopify-order-payloads");

  const scratch = await createScratchPostgresDatabase(SERVER_URL, "blusteam_bench_orders");
  const database = openDatabase({ url: scratch.url });
  installDatabase(database);
  const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await database.db.execute(query)) as unknown as T[];
  let child: ChildProcess | undefined;
  let worker: ChildProcess | undefined;

  try {
    await database.migrate();
    await seedReferenceData(database.db);
    await jobs();
    await stopJobs();

    // Stores: company, linked profile (even ones with the automatic opt-in), product, journey, one
    // immediate touchpoint, three mapped variants, and 200 contacts who consented earlier.
    await q(sql`
      with a as (
        insert into accounts (company, company_lowercased, url, account_status, dashboard_id, source)
        select 'Bench store ' || i, 'bench store ' || i, 'www.bench-' || i || '.com', 'ACTIVE', 'default', 'shopify'
        from generate_series(0, ${SHOPS - 1}) as i returning id, company
      ), s as (
        select id, substring(company from 13)::int as i from a
      ), p as (
        insert into store_profiles (shop_domain, store_name, account_id, add_contacts_without_marketing_consent)
        select 'bench-' || i || '.myshopify.com', 'Bench ' || i, id, i % 2 = 0 from s returning account_id
      ), prod as (
        insert into products (account_id, name) select id, 'Machine ' || i from s returning id, account_id
      ), j as (
        insert into journeys (account_id, product_id, name) select account_id, id, 'Machine' from prod
        returning id, account_id
      ), t as (
        insert into touchpoints (account_id, journey_id, ordinal, name, wait_minutes, wait_unit, message, commercial)
        select account_id, id, 1, 'Setup guide', 0, 'minutes', 'Hi {{first_name}}, here is your setup guide', false
        from j returning id
      ), m as (
        insert into shopify_product_mappings (account_id, product_id, shopify_product_ids)
        select prod.account_id, prod.id, array['gid://shopify/Product/' || s.i] from prod join s on s.id = prod.account_id
        returning id, account_id, product_id
      ), v as (
        insert into shopify_mapped_variants (account_id, shopify_variant_id, shopify_product_id, product_id, mapping_id)
        select m.account_id, 'gid://shopify/ProductVariant/' || (s.i * 10 + k), 'gid://shopify/Product/' || s.i,
          m.product_id, m.id
        from m join s on s.id = m.account_id, generate_series(1, 3) as k
        returning 1
      )
      insert into contacts (account_id, first_name, last_name, phone, sms_consent)
      select s.id, 'Pool', 'Contact ' || n, '+1212' || (2000000 + s.i * ${POOL} + n)::text, 'opted_in'
      from s, generate_series(0, ${POOL - 1}) as n`);

    // The sends, and what they should produce (computed here as the rules say).
    const total = RATE * SECONDS;
    const sends: Send[] = [];
    const orders: { topicPath: string; shop: string; payload: unknown; key: string }[] = [];
    const expected = {
      orders: new Set<string>(),
      contactsCreated: new Set<string>(),
      enrollments: new Set<string>(),
      consentEvents: 0,
    };
    const newBuyers = new Map<number, { customerId: number; phone: string; subscribed: boolean }[]>();
    let nextBuyer = 0;
    const sign = (topic: string, shop: string, payload: unknown, webhookId?: string): Send => {
      const signed = signedWebhook({ url: "", topic, shop, secret: API_SECRET, payload, webhookId });
      return {
        path: `/webhooks/shopify/${topic.replace(/[/_]/g, "-")}`,
        headers: signed.headers,
        body: signed.body,
        webhookId: signed.headers["X-Shopify-Webhook-Id"]!,
      };
    };
    for (let i = 0, j = 0; i < total; i++) {
      if (i % 20 === 19 && sends.length > 0) {
        sends.push(sends[(i * 7919) % sends.length]!); // Shopify retrying a delivery: the same webhook id
        continue;
      }
      if (i % 20 === 9 && orders.length > 0) {
        const again = orders[(i * 104729) % orders.length]!; // the same order under a new webhook id
        sends.push(sign(i % 40 === 9 ? "orders/updated" : "orders/create", again.shop, again.payload));
        continue;
      }
      const s = j % SHOPS;
      const shop = `bench-${s}.myshopify.com`;
      const automaticOptIn = s % 2 === 0;
      const kind = j % 10;
      const line = { variantId: s * 10 + 1 + (j % 3), price: "129.00", title: "Machine" };
      const lines =
        j % 4 === 0 ? [line, { variantId: 999_000 + j, price: "9.50", title: "Filters" }] : [line];
      const orderId = 5_000_000 + j;
      let buyer: Parameters<typeof orderJson>[0]["buyer"];
      let qualifies = false;
      let contactKey = "";
      let created = false;
      const earlier = newBuyers.get(s) ?? [];
      if (kind < 2) {
        const n = (j * 31) % POOL;
        buyer = { phone: `+1212${2000000 + s * POOL + n}`, firstName: "Pool" };
        qualifies = true;
        contactKey = `${s}:pool:${n}`;
      } else if (kind === 2 && earlier.length > 0) {
        const repeat = earlier[(j * 13) % earlier.length]!;
        buyer = { customerId: repeat.customerId, phone: repeat.phone };
        qualifies = repeat.subscribed || automaticOptIn;
        contactKey = `${s}:new:${repeat.customerId}`;
      } else {
        const n = nextBuyer++;
        const subscribed = kind !== 9;
        const phone = `+1201${2000000 + n}`;
        buyer = {
          customerId: 10_000_000 + n,
          phone,
          email: `buyer${n}@bench.example`,
          firstName: "Buyer",
          lastName: String(n),
        };
        // The checkout's consent comes as its own webhook (API 2025-01 on), applied before or after
        // the order by whichever worker takes it first: the outcome is the same.
        const consent = subscribed
          ? ({ state: "subscribed" } as const)
          : ({ state: "not_subscribed", updatedAt: null } as const);
        sends.push(
          sign(
            "customers_marketing_consent/update",
            shop,
            marketingConsentJson(10_000_000 + n, phone, consent),
          ),
        );
        earlier.push({ customerId: 10_000_000 + n, phone, subscribed });
        newBuyers.set(s, earlier);
        qualifies = subscribed || automaticOptIn;
        created = qualifies;
        contactKey = `${s}:new:${10_000_000 + n}`;
      }
      const payload = orderJson({ id: orderId, buyer, lines, createdAt: new Date().toISOString() });
      if (qualifies) {
        expected.orders.add(`${s}:${orderId}`);
        expected.enrollments.add(contactKey);
        if (created) {
          expected.contactsCreated.add(contactKey);
          expected.consentEvents += 1;
        }
      }
      orders.push({ topicPath: "orders/create", shop, payload, key: `${s}:${orderId}` });
      sends.push(sign("orders/create", shop, payload));
      j++;
    }
    const distinctWebhooks = new Set(sends.map((s) => s.webhookId)).size;

    const env = {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: scratch.url,
      DATA_DIR: workDir,
      SESSION_SECRET: "bench-session-secret-not-for-production",
      SHOPIFY_API_KEY: API_KEY,
      SHOPIFY_API_SECRET: API_SECRET,
      APP_URL: "http://localhost:3000",
      RUN_WORKER: SEPARATE_WORKER ? "false" : "true",
    };
    // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    const serverNodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
    child = spawn(
      process.execPath,
      [...serverNodeArgs, "--import", "tsx", "scripts/bench-shopify-orders-server.ts"],
      {
        env,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child.stderr?.on("data", (d) => process.stderr.write(`[server] ${d}`));
    const startWorkerProcess = async () => {
      worker = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
        env,
        stdio: ["ignore", "pipe", "pipe"],
      });
      worker.stderr?.on("data", (d) => process.stderr.write(`[worker] ${d}`));
      await new Promise<void>((resolve, reject) => {
        worker?.stdout?.on("data", (d) => {
          if (String(d).includes("worker is running")) resolve();
        });
        worker?.once("exit", (code) => reject(new Error(`the worker exited (${code})`)));
      });
    };
    if (WORKER_MODE === "separate") await startWorkerProcess();
    const port = await new Promise<number>((resolve, reject) => {
      child?.stdout?.on("data", (d) => {
        const match = /listening on (\d+)/.exec(String(d));
        if (match) resolve(Number(match[1]));
      });
      child?.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
    });
    // Kept-alive connections, as Shopify's deliveries reuse theirs; at most 64 open at once.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const post = (send: Send) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: "127.0.0.1",
            port,
            path: send.path,
            method: "POST",
            agent,
            headers: { ...send.headers, "Content-Length": Buffer.byteLength(send.body) },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
            response.on("error", reject);
          },
        );
        request.on("error", reject);
        request.end(send.body);
      });
    // Warm-up (not measured): a shop we do not know, so nothing of it is counted.
    for (let i = 0; i < 50; i++)
      await post(sign("orders/create", "bench-warmup.myshopify.com", orderJson({ id: i, lines: [] })));

    console.log(
      `Worker: ${
        {
          "in-process": "in the server process (RUN_WORKER=true)",
          separate: "a separate process (RUN_WORKER=false, scripts/worker.ts)",
          after: "a separate process started after the last answer (the intake measured alone)",
        }[WORKER_MODE]
      }`,
    );
    console.log(
      `Sending ${total.toLocaleString("en-US")} signed webhooks at ${RATE}/s for ${SECONDS} s to ${SHOPS} stores: ${orders.length.toLocaleString("en-US")} orders, ${total - orders.length} repeats (same webhook id or same order again)`,
    );
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let failures = 0;
    const inFlight: Promise<void>[] = [];
    const started = performance.now();
    // Open loop: each webhook leaves at its own time, whether or not earlier answers came back.
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const sentAt = performance.now();
      inFlight.push(
        post(sends[i]!)
          .then((status) => {
            latencies.push(performance.now() - sentAt);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          })
          .catch(() => {
            failures++;
          }),
      );
    }
    await Promise.all(inFlight);
    agent.destroy();
    const sendSeconds = (performance.now() - started) / 1000;
    if (WORKER_MODE === "after") await startWorkerProcess();

    const applyStarted = performance.now();
    let counts = { stored: 0, processed: 0 };
    for (;;) {
      const [row] = await q<{ stored: number; processed: number }>(
        sql`select count(*)::int as stored, count(processed_at)::int as processed from shopify_webhooks
            where shop like 'bench-%' and shop <> 'bench-warmup.myshopify.com'`,
      );
      counts = { stored: Number(row.stored), processed: Number(row.processed) };
      if (counts.processed >= counts.stored || performance.now() - applyStarted > 300_000) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const drainedAfter = (performance.now() - applyStarted) / 1000;

    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? Number.NaN;
    const [actual] = await q<{
      contacts: number;
      enrollments: number;
      orders: number;
      events: number;
      messages: number;
    }>(sql`
      select (select count(*)::int from contacts) - ${SHOPS * POOL} as contacts,
        (select count(*)::int from enrollments) as enrollments,
        (select count(*)::int from shopify_orders) as orders,
        (select count(*)::int from consent_events) as events,
        (select count(*)::int from messages) as messages`);
    const outcomes = await q<{ outcome: string; n: number }>(sql`
      select regexp_replace(outcome, '(order|ignored: order) #?[0-9]+:? ?', '\\1 ') as outcome, count(*)::int as n
      from shopify_webhooks where shop <> 'bench-warmup.myshopify.com' group by 1 order by 2 desc limit 8`);

    const compare = {
      "contacts created": [Number(actual.contacts), expected.contactsCreated.size],
      enrollments: [Number(actual.enrollments), expected.enrollments.size],
      "orders stored": [Number(actual.orders), expected.orders.size],
      "consent events": [Number(actual.events), expected.consentEvents],
      "webhooks stored": [counts.stored, distinctWebhooks],
    } as const;
    let duplicates = 0;
    let losses = counts.stored - counts.processed + failures + (total - (statuses.get(200) ?? 0));
    for (const [got, want] of Object.values(compare)) {
      duplicates += Math.max(0, got - want);
      losses += Math.max(0, want - got);
    }

    console.log(
      `Sent ${latencies.length.toLocaleString("en-US")} in ${sendSeconds.toFixed(1)} s (${Math.round(latencies.length / sendSeconds)}/s); answers: ${[...statuses].map(([s, n]) => `${s} x${n}`).join(", ")}${failures ? `; ${failures} connection failures` : ""}`,
    );
    console.log(
      `Answer time: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms (target p99 < ${TARGET_P99_MS} ms)`,
    );
    console.log(
      `Applied ${counts.processed.toLocaleString("en-US")} of ${counts.stored.toLocaleString("en-US")} stored webhooks; the last ${drainedAfter.toFixed(1)} s after the last answer`,
    );
    for (const [what, [got, want]] of Object.entries(compare))
      console.log(`  ${what}: ${got.toLocaleString("en-US")} (expected ${want.toLocaleString("en-US")})`);
    console.log(
      `  journey messages created by the dispatcher meanwhile: ${Number(actual.messages).toLocaleString("en-US")}`,
    );
    console.log(
      `Outcomes: ${outcomes.map((o) => `${(o.outcome ?? "not applied").trim()} x${o.n}`).join("; ")}`,
    );
    console.log(`Duplicates: ${duplicates}; losses: ${losses}`);
    console.log(`Load average (other processes share this machine): ${os.loadavg()[0].toFixed(2)}`);
    const ok = pct(99) < TARGET_P99_MS && duplicates === 0 && losses === 0;
    console.log(ok ? "PASS" : "FAIL");
    process.exitCode = ok ? 0 : 1;
  } finally {
    for (const started of [child, worker]) {
      if (!started || started.exitCode !== null) continue;
      const exited = new Promise((r) => started.once("exit", r));
      started.kill("SIGTERM");
      await exited;
    }
    await closeDatabase();
    await scratch.drop();
    rmSync(workDir, { recursive: true, force: true });
  }
}
