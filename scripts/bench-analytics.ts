/**
 * `npm run bench:analytics`: the analytics page's loader at scale, on PostgreSQL.
 *
 * Creates the database bench_analytics_data on TEST_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres; dropped at the end), migrates it, and seeds with
 * set-based SQL (generate_series, no rows through Node): one company ("Big Co", New York) with
 * BENCH_CONTACTS contacts (1,000,000) and BENCH_MESSAGES messages (10,000,000) over 90 days on 5
 * journeys of 4 touchpoints (SMS, WhatsApp, email), with deliveries, failures, suppressions, clicks,
 * opt-outs, form views and submissions and store orders; plus 100 other companies with
 * BENCH_OTHER_MESSAGES messages each (10,000). The seed writes raw rows with triggers off
 * (session_replication_role = replica) and without the tables' secondary indexes, then builds every
 * company's rollups with analytics_rebuild_all (one pass, what `npm run analytics:rebuild` runs;
 * BENCH_REBUILD_ONE=1 also times analytics_rebuild of Big Co alone).
 *
 * Prints the seed and rebuild times, p50/p95 of loadCompanyAnalytics for the last 7, 30 and 90 days
 * (BENCH_RUNS runs each after a warm-up), the seeding process's peak memory and the load average.
 * Targets: p95 under 100 ms for each range, the seeding process under 300 MB.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import postgres from "postgres";

const SERVER_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const DATABASE = "bench_analytics_data";
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 1_000_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000_000);
const OTHER_COMPANIES = 100;
const OTHER_CONTACTS = 1_000;
const OTHER_MESSAGES = Number(process.env.BENCH_OTHER_MESSAGES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const CHUNK = 1_000_000;
const TARGET_P95_MS = 100;
const TARGET_MEMORY_MB = 300;

const { openDatabase } = await import("../db/client.server");
const { sql: sqlTag } = await import("drizzle-orm");
const { loadCompanyAnalytics } = await import("../app/domain/analytics/analytics.server");

const url = new URL(SERVER_URL);
url.pathname = `/${DATABASE}`;
const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
const seconds = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(line);

async function step(name: string, fn: () => Promise<unknown>) {
  const start = performance.now();
  await fn();
  log(`  ${name}: ${seconds(start)}`);
}

await admin.unsafe(`drop database if exists ${DATABASE} with (force)`);
await admin.unsafe(`create database ${DATABASE}`);
const handle = openDatabase({ url: url.toString() });
const seed = postgres(url.toString(), { max: 1, onnotice: () => {} });
try {
  await handle.migrate();
  log(
    `bench:analytics on ${DATABASE}: ${CONTACTS.toLocaleString("en")} contacts and ${MESSAGES.toLocaleString("en")} messages over 90 days, plus ${OTHER_COMPANIES} companies`,
  );
  log(
    `load average before: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}`,
  );
  const seedStart = performance.now();
  await seedRows();
  log(`seeded in ${seconds(seedStart)}`);

  await seed.unsafe("set session_replication_role = origin");
  await seed.unsafe("set work_mem = '64MB'");
  if (process.env.BENCH_REBUILD_ONE === "1") {
    const bigStart = performance.now();
    await seed.unsafe("select analytics_rebuild(pg_temp.bench_uuid(1, 0))");
    log(`rollups of Big Co alone rebuilt in ${seconds(bigStart)}`);
  }
  const allStart = performance.now();
  await seed.unsafe("select analytics_rebuild_all()");
  log(`rollups of all ${OTHER_COMPANIES + 1} companies rebuilt in one pass in ${seconds(allStart)}`);
  const [{ rows }] = await seed.unsafe(
    "select count(*)::int as rows from analytics_message_daily where account_id = pg_temp.bench_uuid(1, 0)",
  );
  log(`Big Co's message rollup rows: ${rows}`);

  const bigCo = (await seed.unsafe("select pg_temp.bench_uuid(1, 0)::text as id"))[0].id as string;
  const results: string[] = [];
  let met = true;
  for (const range of ["7d", "30d", "90d"] as const) {
    const times: number[] = [];
    for (let i = 0; i < RUNS + 5; i++) {
      const start = performance.now();
      const result = await loadCompanyAnalytics(handle.db, bigCo, { range });
      const ms = performance.now() - start;
      if (!result.ok) throw new Error(result.problem);
      if (i === 0 && result.report.headline.sent.current === 0) throw new Error("the report counted nothing");
      if (i >= 5) times.push(ms);
      if (i === 0 && range === "90d")
        log(
          `  90 days: ${result.report.headline.sent.current.toLocaleString("en")} sent, ${result.report.headline.clicks.current.toLocaleString("en")} clicks, ${result.report.funnel.length} journeys`,
        );
    }
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    met &&= p(0.95) < TARGET_P95_MS;
    results.push(
      `loadCompanyAnalytics ${range}: p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms (${RUNS} runs)`,
    );
  }
  // The floor this machine puts under any query now: one trivial round trip, timed the same way.
  const floor: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await handle.db.execute(sqlTag`select 1`);
    floor.push(performance.now() - start);
  }
  floor.sort((a, b) => a - b);
  const q = (xs: number[], f: number) => xs[Math.min(xs.length - 1, Math.floor(f * xs.length))];
  results.push(
    `one trivial query (select 1), for scale: p50 ${q(floor, 0.5).toFixed(1)} ms, p95 ${q(floor, 0.95).toFixed(1)} ms`,
  );
  for (const line of results) log(line);
  const peakMb = process.resourceUsage().maxRSS / 1024;
  log(`seeding process peak memory: ${peakMb.toFixed(0)} MB (target under ${TARGET_MEMORY_MB} MB)`);
  log(
    `load average after: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")} (${os.cpus().length} cores)`,
  );
  log(met && peakMb < TARGET_MEMORY_MB ? "targets met" : "TARGETS MISSED");
} finally {
  await seed.end({ timeout: 5 });
  await handle.close();
  if (process.env.BENCH_KEEP !== "1") await admin.unsafe(`drop database if exists ${DATABASE} with (force)`);
  await admin.end({ timeout: 5 });
}

/** Raw rows, set-based, on one session with triggers and foreign-key checks off. */
async function seedRows() {
  const q = (text: string) => seed.unsafe(text);
  await q("set session_replication_role = replica");
  await q("set synchronous_commit = off");
  await q("set work_mem = '64MB'");
  // Ordered ids (kind, number) so that primary keys grow at their right edge.
  await q(`create function pg_temp.bench_uuid(kind int, n bigint) returns uuid language sql immutable as
    $$ select (lpad(to_hex(kind), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid $$`);
  const secondary = await q(`select i.indexrelid::regclass::text as name from pg_index i
    join pg_class c on c.oid = i.indrelid
    where c.relname in ('messages', 'contacts', 'link_clicks', 'tracked_links', 'consent_events',
      'form_submissions', 'shopify_orders') and not i.indisprimary`);
  await step(
    `dropped ${secondary.length} secondary indexes of the raw tables (the loader reads rollups only)`,
    async () => {
      for (const { name } of secondary) await q(`drop index ${name}`);
    },
  );
  const companies = OTHER_COMPANIES + 1;
  await step("companies, products, journeys, touchpoints, forms", async () => {
    await q(`insert into accounts (id, company, company_lowercased, url, time_zone, account_status, created_at)
      select pg_temp.bench_uuid(1, c), co, lower(co), 'www.example.com',
        case when c = 0 then 'America/New_York' else (array['Europe/Paris', 'Asia/Tokyo', 'America/Los_Angeles', 'UTC'])[1 + c % 4] end,
        'ACTIVE', now() - interval '200 days'
      from generate_series(0, ${companies - 1}) c, lateral (select case when c = 0 then 'Big Co' else 'Company ' || c end as co) n`);
    await q(`insert into products (id, account_id, name)
      select pg_temp.bench_uuid(2, c * 5 + p), pg_temp.bench_uuid(1, c), 'Product ' || p
      from generate_series(0, ${companies - 1}) c, generate_series(0, 4) p`);
    await q(`insert into journeys (id, account_id, product_id, name, state)
      select pg_temp.bench_uuid(3, c * 5 + p), pg_temp.bench_uuid(1, c), pg_temp.bench_uuid(2, c * 5 + p), 'Journey ' || p, 'live'
      from generate_series(0, ${companies - 1}) c, generate_series(0, 4) p`);
    await q(`insert into touchpoints (id, account_id, journey_id, ordinal, name, channel, message, link_target)
      select pg_temp.bench_uuid(4, (c * 5 + p) * 4 + t), pg_temp.bench_uuid(1, c), pg_temp.bench_uuid(3, c * 5 + p), t + 1,
        'Step ' || (t + 1), (array['sms', 'sms', 'whatsapp', 'email'])[t + 1]::message_channel, 'Hi {{LINK}}',
        'https://shop.example.com/p' || p || '/t' || t
      from generate_series(0, ${companies - 1}) c, generate_series(0, 4) p, generate_series(0, 3) t`);
    await q(`insert into microsites (id, account_id, disabled, template_name, elements, style)
      select pg_temp.bench_uuid(8, c), pg_temp.bench_uuid(1, c), false, 'Blank', '[]', '{}'
      from generate_series(0, ${companies - 1}) c`);
  });
  await step(
    `${CONTACTS.toLocaleString("en")} contacts of Big Co, ${(OTHER_COMPANIES * OTHER_CONTACTS).toLocaleString("en")} of the others`,
    async () => {
      for (let from = 0; from < CONTACTS; from += CHUNK)
        await q(contactsSql(0, from, Math.min(CONTACTS, from + CHUNK) - 1, 0));
      for (let c = 1; c <= OTHER_COMPANIES; c += 25)
        await q(
          contactsSql("c", 0, OTHER_CONTACTS - 1, CONTACTS).replace(
            "__COMPANIES__",
            `${c}, ${Math.min(OTHER_COMPANIES, c + 24)}`,
          ),
        );
    },
  );
  await step(`${MESSAGES.toLocaleString("en")} messages of Big Co`, async () => {
    for (let from = 0; from < MESSAGES; from += CHUNK) {
      await q(messagesSql("0", from, Math.min(MESSAGES, from + CHUNK) - 1, CONTACTS, 0));
      process.stdout.write(`    ${Math.min(MESSAGES, from + CHUNK).toLocaleString("en")}\r`);
    }
  });
  await step(
    `${(OTHER_COMPANIES * OTHER_MESSAGES).toLocaleString("en")} messages of the other companies`,
    async () => {
      await q(
        messagesSql("c", 0, OTHER_MESSAGES - 1, OTHER_CONTACTS, MESSAGES).replace(
          "__COMPANIES__",
          `1, ${OTHER_COMPANIES}`,
        ),
      );
    },
  );
  await step("tracked links and clicks (every 50th message sent)", async () => {
    await q(`insert into tracked_links (id, code, account_id, target_url, touchpoint_id, message_id, contact_id, created_at)
      select pg_temp.bench_uuid(7, row_number() over ()), 'b' || row_number() over (), m.account_id,
        'https://shop.example.com/x', m.touchpoint_id, m.id, m.contact_id, m.sent_at
      from messages m where m.click_count > 0`);
    await q(`insert into link_clicks (account_id, tracked_link_id, message_id, contact_id, touchpoint_id, clicked_at)
      select l.account_id, l.id, l.message_id, l.contact_id, l.touchpoint_id, l.created_at + interval '1 hour'
      from tracked_links l`);
  });
  await step("opt-outs, form views and submissions, store orders", async () => {
    await q(`insert into consent_events (account_id, contact_id, kind, source, created_at)
      select pg_temp.bench_uuid(1, 0), pg_temp.bench_uuid(5, i * 100), 'opt_out', 'keyword',
        now() - make_interval(secs => (i::bigint * 7919) % (90 * 86400))
      from generate_series(0, ${Math.floor(CONTACTS / 100) - 1}) i`);
    await q(`insert into form_view_counts (form_id, account_id, day, views)
      select pg_temp.bench_uuid(8, c), pg_temp.bench_uuid(1, c), current_date - d, 50 + (c + d) % 50
      from generate_series(0, ${companies - 1}) c, generate_series(0, 89) d`);
    await q(`insert into form_submissions (form_id, account_id, idempotency_key, values, created_at)
      select pg_temp.bench_uuid(8, 0), pg_temp.bench_uuid(1, 0), 'k' || i, '{}',
        now() - make_interval(secs => (i::bigint * 7919) % (90 * 86400))
      from generate_series(0, 19999) i`);
    await q(`insert into shopify_orders (account_id, shop, shopify_order_id, contact_id, total_price_minor, currency,
        placed_at, attributed_touchpoint_id, cancelled_at)
      select pg_temp.bench_uuid(1, 0), 'big-co.myshopify.com', 'gid://shopify/Order/' || i, pg_temp.bench_uuid(5, i),
        1000 + (i * 37) % 9000, 'USD', now() - make_interval(secs => (i::bigint * 7919) % (90 * 86400)),
        case when i % 2 = 0 then pg_temp.bench_uuid(4, i % 20) end,
        case when i % 25 = 0 then now() end
      from generate_series(0, 19999) i`);
  });
  await step("analyze", () => q("analyze"));
}

/** Contacts numbered from..to of company `company` (a number, or the column c of __COMPANIES__). */
function contactsSql(company: number | string, from: number, to: number, idOffset: number) {
  const perCompany = company === 0 ? "" : `, generate_series(__COMPANIES__) c`;
  const n = company === 0 ? "i" : `${idOffset} + (c - 1) * ${OTHER_CONTACTS} + i`;
  return `insert into contacts (id, account_id, first_name, last_name, phone, sms_consent, created_at)
    select pg_temp.bench_uuid(5, ${n}), pg_temp.bench_uuid(1, ${company}), 'Contact', (${n})::text,
      '+1201' || lpad((${n})::text, 8, '0'), 'opted_in', now() - make_interval(secs => ((${n})::bigint * 7919) % (120 * 86400))
    from generate_series(${from}::bigint, ${to}) i${perCompany}`;
}

/**
 * Messages numbered from..to: one of the 20 touchpoints (its channel), spread over 90 days, 55% delivered,
 * 30% sent, 5% undelivered, 3% failed before sending, 4% suppressed for a reason, 3% waiting; every
 * 50th message sent is clicked once (click_count as the click trigger keeps it).
 */
function messagesSql(company: string, from: number, to: number, contacts: number, idOffset: number) {
  const perCompany = company === "0" ? "" : `, generate_series(__COMPANIES__) c`;
  const n = company === "0" ? "i" : `${idOffset} + (c - 1) * ${OTHER_MESSAGES} + i`;
  const contact =
    company === "0" ? `i % ${contacts}` : `${CONTACTS} + (c - 1) * ${OTHER_CONTACTS} + i % ${contacts}`;
  return `insert into messages (id, account_id, idempotency_key, contact_id, journey_id, touchpoint_id, channel, status,
      status_reason, attempts, segments, created_at, sent_at, updated_at, click_count, first_clicked_at)
    select pg_temp.bench_uuid(6, ${n}), pg_temp.bench_uuid(1, ${company}), 'b:' || (${n}), pg_temp.bench_uuid(5, ${contact}),
      pg_temp.bench_uuid(3, ${company} * 5 + tp / 4), pg_temp.bench_uuid(4, (${company} * 5 + tp / 4) * 4 + tp % 4),
      (array['sms', 'sms', 'whatsapp', 'email'])[1 + tp % 4]::message_channel, s.status::message_status, s.reason, 1, 1,
      t.created, case when s.sent then t.created + interval '1 minute' end, t.created,
      case when s.sent and i % 50 = 0 then 1 else 0 end,
      case when s.sent and i % 50 = 0 then t.created + interval '61 minutes' end
    from generate_series(${from}::bigint, ${to}) i${perCompany},
      lateral (select (i / 7) % 20 as tp) k,
      lateral (select now() - make_interval(days => (i % 90)::int, secs => (i * 7919) % 86400) as created) t,
      lateral (select case when r < 55 then 'delivered' when r < 85 then 'sent' when r < 90 then 'undelivered'
          when r < 93 then 'failed' when r < 97 then 'suppressed' else 'queued' end as status,
        case when r between 85 and 89 then 'Twilio: undelivered' when r between 90 and 92 then 'Twilio: failed'
          when r between 93 and 96 then (array['no_consent', 'journey_muted', 'opted_out', 'account_suspended'])[r - 92]
          when r >= 97 then 'quiet_hours' end as reason,
        r < 90 as sent
        from (select (i * 31) % 100 as r) x) s`;
}
