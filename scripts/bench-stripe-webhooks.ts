/**
 * `npm run bench:stripe-webhooks`: POST /webhooks/stripe under load, on PostgreSQL.
 *
 * Creates a scratch database on TEST_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres; dropped at the end) with BENCH_COMPANIES companies
 * (default 460), then starts a server process (scripts/bench-stripe-webhooks-server.ts): the app's Express front
 * (body limit, cross-origin check, client address) on a free port, handing /webhooks/stripe to the
 * route module's action, with the job worker in the same process as `npm start` runs it
 * (BENCH_WORKER=separate: the server only queues and one `npm run worker` process applies). This process
 * sends signed events (Stripe.webhooks.generateTestHeaderString) at BENCH_RATE per second (default
 * 200; about 20 s with the default companies): each company's checkout, subscription and invoice
 * events in creation order, a type we do not handle, and one replay in twenty. It prints the answer
 * times (p50, p95, p99, max), the events stored and applied, and checks every company ended in the
 * state of its newest event. Target: p99 under 200 ms, every event applied once, no error.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const SERVER_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
// 460 companies make 3,795 distinct events and 199 replays: about 20 s at 200 events/s.
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 460);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const TARGET_P99_MS = 200;
// `separate`: the server queues only (RUN_WORKER=false) and one `npm run worker` process applies the
// events; by default the server's own worker does, as `npm start` runs.
const SEPARATE_WORKER = process.env.BENCH_WORKER === "separate";
const WEBHOOK_SECRET = "whsec_bench_stripe_webhooks";

await bench();

async function bench() {
  const workDir = mkdtempSync(path.join(os.tmpdir(), "blusteam-bench-stripe-"));
  process.env.DATA_DIR = workDir;
  const { default: Stripe } = await import("stripe");
  const { sql } = await import("drizzle-orm");
  const { closeDatabase, installDatabase, openDatabase } = await import("../db/client.server");
  const { seedReferenceData } = await import("../db/seed");
  const { createScratchPostgresDatabase } = await import("../tests/support/test-database");
  const { jobs, stopJobs } = await import("../app/services/jobs/jobs.server");
  const events = await import("../tests/support/stripe-events");

  const scratch = await createScratchPostgresDatabase(SERVER_URL, "blusteam_bench_stripe");
  const database = openDatabase({ url: scratch.url });
  installDatabase(database);
  const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await database.db.execute(query)) as unknown as T[];
  let child: ChildProcess | undefined;
  let worker: ChildProcess | undefined;

  try {
    await database.migrate();
    await seedReferenceData(database.db);
    // pg-boss installs its schema and queues once, here, before the server's worker starts.
    await jobs();
    await stopJobs();
    const companies = await q<{ id: string; customer: string }>(sql`
      insert into accounts (company, company_lowercased, url, account_status, dashboard_id, stripe_customer_id)
      select 'Bench ' || i, 'bench ' || i, 'www.bench-' || i || '.com', 'CREATED', 'default', 'cus_bench_' || i
      from generate_series(1, ${COMPANIES}) as i
      returning id, stripe_customer_id as customer`);

    // Each company's story in Stripe's creation order (one second apart); a quarter end cancelled.
    const base = Math.floor(Date.now() / 1000) - 60;
    const stories = companies.map((company, index) => {
      const sub = `sub_bench_${index}`;
      const at = (step: number) => base + step;
      const ref = { accountId: company.id, customer: company.customer };
      const story = [
        events.stripeEvent(
          "checkout.session.completed",
          events.checkoutSession({ ...ref, planId: "lite-5000", subscription: sub }),
          at(0),
        ),
        events.stripeEvent(
          "customer.subscription.created",
          events.subscription({ ...ref, id: sub, planId: "lite-5000", priceId: "price_lite_5000" }),
          at(1),
        ),
        events.stripeEvent("invoice.paid", events.invoice({ ...ref, subscription: sub }), at(2)),
        events.stripeEvent("customer.updated", { id: company.customer, object: "customer" }, at(3)),
        events.stripeEvent("invoice.payment_failed", events.invoice({ ...ref, subscription: sub }), at(4)),
        events.stripeEvent(
          "customer.subscription.updated",
          events.subscription({ ...ref, id: sub, status: "past_due", priceId: "price_lite_5000" }),
          at(5),
        ),
        events.stripeEvent("invoice.paid", events.invoice({ ...ref, subscription: sub }), at(6)),
        events.stripeEvent(
          "customer.subscription.updated",
          events.subscription({ ...ref, id: sub, planId: "lite-10000", priceId: "price_lite_10000" }),
          at(7),
        ),
      ];
      if (index % 4 === 0)
        story.push(
          events.stripeEvent(
            "customer.subscription.deleted",
            events.subscription({ ...ref, id: sub, status: "canceled" }),
            at(8),
          ),
        );
      return story;
    });
    const expectedCancelled = stories.filter((s) => s.length === 9).length;
    // Interleaved as Stripe would send them: every company's first event, then every second one...
    const unique = Array.from({ length: 9 }, (_, step) =>
      stories.flatMap((story) => (story[step] ? [story[step]] : [])),
    ).flat();
    // One replay in twenty sends (an event sent before, as Stripe retries); every event goes once at least.
    const sends: (typeof unique)[number][] = [];
    for (let i = 0, next = 0; next < unique.length; i++)
      sends.push(i % 20 === 19 ? unique[(i * 7919) % next] : unique[next++]);
    const total = sends.length;
    const handled = unique.filter((event) => event.type !== "customer.updated").length;
    const bodies = sends.map((event) => {
      const payload = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      return { payload, signature };
    });

    const env = {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: scratch.url,
      DATA_DIR: workDir,
      SESSION_SECRET: "bench-session-secret-not-for-production",
      STRIPE_SECRET_KEY: "sk_test_bench",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      APP_URL: "http://localhost:3000",
      RUN_WORKER: SEPARATE_WORKER ? "false" : "true",
    };
    child = spawn(process.execPath, ["--import", "tsx", "scripts/bench-stripe-webhooks-server.ts"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stderr?.on("data", (d) => process.stderr.write(`[server] ${d}`));
    if (SEPARATE_WORKER) {
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
    }
    const port = await new Promise<number>((resolve, reject) => {
      child?.stdout?.on("data", (d) => {
        const match = /listening on (\d+)/.exec(String(d));
        if (match) resolve(Number(match[1]));
      });
      child?.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
    });
    // Kept-alive connections, as Stripe's deliveries reuse theirs; at most 64 open at once.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const post = (payload: string, signature: string) =>
      new Promise<number>((resolve, reject) => {
        const request = http.request(
          {
            host: "127.0.0.1",
            port,
            path: "/webhooks/stripe",
            method: "POST",
            agent,
            headers: {
              "Content-Type": "application/json; charset=utf-8",
              "Content-Length": Buffer.byteLength(payload),
              "Stripe-Signature": signature,
            },
          },
          (response) => {
            response.resume();
            response.on("end", () => resolve(response.statusCode ?? 0));
            response.on("error", reject);
          },
        );
        request.on("error", reject);
        request.end(payload);
      });
    // Warm-up: connections, the route's first queries and pg-boss's statements (not measured).
    const warm = JSON.stringify(
      events.stripeEvent("customer.updated", { id: "cus_warm", object: "customer" }),
    );
    for (let i = 0; i < 50; i++)
      await post(warm, Stripe.webhooks.generateTestHeaderString({ payload: warm, secret: WEBHOOK_SECRET }));

    console.log(
      `Worker: ${SEPARATE_WORKER ? "a separate process (RUN_WORKER=false, scripts/worker.ts)" : "in the server process (RUN_WORKER=true)"}`,
    );
    console.log(
      `Sending ${total.toLocaleString("en-US")} signed events at ${RATE}/s to ${COMPANIES} companies (${unique.length} distinct, ${total - unique.length} replays), about ${Math.round(total / RATE)} s`,
    );
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let failures = 0;
    const inFlight: Promise<void>[] = [];
    const started = performance.now();
    // Open loop: each event leaves at its own time, whether or not earlier answers came back.
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const sentAt = performance.now();
      inFlight.push(
        post(bodies[i].payload, bodies[i].signature)
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

    // Every stored event applied by the worker.
    const applyStarted = performance.now();
    let counts = { stored: 0, processed: 0 };
    for (;;) {
      const [row] = await q<{ stored: number; processed: number }>(
        sql`select count(*)::int as stored, count(processed_at)::int as processed from stripe_events`,
      );
      counts = { stored: Number(row.stored), processed: Number(row.processed) };
      if (counts.processed >= counts.stored || performance.now() - applyStarted > 120_000) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const drainedAfter = (performance.now() - applyStarted) / 1000;
    const allDoneSeconds = (performance.now() - started) / 1000;

    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
    const outcomes = await q<{ outcome: string; n: number }>(
      sql`select regexp_replace(outcome, ' .*', '') as outcome, count(*)::int as n from stripe_events group by 1 order by 2 desc`,
    );
    const states = await q<{ status: string; n: number }>(
      sql`select account_status::text as status, count(*)::int as n from accounts where company like 'Bench %' group by 1 order by 1`,
    );
    const [audit] = await q<{ n: number }>(
      sql`select count(*)::int as n from audit_log where actor_email = 'stripe'`,
    );
    const [lastEvents] = await q<{ wrong: number }>(sql`
      select count(*)::int as wrong from accounts a
      where a.company like 'Bench %' and a.stripe_event_at is distinct from (
        select max(e.stripe_created_at) from stripe_events e where e.account_id = a.id)`);
    const cancelled = Number(states.find((s) => s.status === "CANCELLED")?.n ?? 0);
    const active = Number(states.find((s) => s.status === "ACTIVE")?.n ?? 0);

    console.log(
      `Sent ${latencies.length.toLocaleString("en-US")} in ${sendSeconds.toFixed(1)} s (${Math.round(latencies.length / sendSeconds)}/s); answers: ${[...statuses].map(([s, n]) => `${s} x${n}`).join(", ")}${failures ? `; ${failures} connection failures` : ""}`,
    );
    console.log(
      `Answer time: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${latencies[latencies.length - 1].toFixed(1)} ms (target p99 < ${TARGET_P99_MS} ms)`,
    );
    console.log(
      `Stored ${counts.stored.toLocaleString("en-US")} events (${handled} distinct events of handled types sent), applied ${counts.processed.toLocaleString("en-US")}; the last applied ${drainedAfter.toFixed(1)} s after the last answer (${allDoneSeconds.toFixed(1)} s from the first send)`,
    );
    console.log(
      `Outcomes: ${outcomes.map((o) => `${o.outcome} ${o.n}`).join(", ")}; audit entries ${audit.n}`,
    );
    console.log(
      `Companies: ${states.map((s) => `${s.status} ${s.n}`).join(", ")} (expected ACTIVE ${COMPANIES - expectedCancelled}, CANCELLED ${expectedCancelled}); marks not at their newest event: ${lastEvents.wrong}`,
    );
    console.log(
      `Load average during the run (other processes share this machine): ${os.loadavg()[0].toFixed(2)}`,
    );
    const ok =
      pct(99) < TARGET_P99_MS &&
      failures === 0 &&
      (statuses.get(200) ?? 0) === total &&
      counts.stored === handled &&
      counts.processed === counts.stored &&
      active === COMPANIES - expectedCancelled &&
      cancelled === expectedCancelled &&
      Number(lastEvents.wrong) === 0;
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
