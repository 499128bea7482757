/**
 * `npm run bench:dispatch`: the journey dispatcher and sender, end to end, on PostgreSQL.
 *
 * Creates a scratch database on TEST_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres; dropped at the end), a company with one product whose
 * live journey has one immediate SMS touchpoint (to the local outbox: no provider configured), and
 * BENCH_CONTACTS contacts (default 100,000) with SMS consent. Starts BENCH_WORKERS worker processes
 * (default 2, `scripts/worker.ts`), then links every contact to the product in one statement (the
 * enrollment trigger enrolls them and wakes the dispatchers) and waits until every message reached
 * the outbox. Prints messages per second (from the enrollment's commit to the last delivery; the
 * enrollment's own time and the end-to-end rate are printed too), duplicates (outbox
 * rows beyond one per contact) and losses (contacts without one). Targets: 2,000 messages/s or more,
 * 0 duplicates, 0 losses.
 *
 * The contacts' phone numbers are in a country where it is daytime now, so quiet hours (21:00-08:00
 * in the contact's zone) hold nothing back whatever the time the benchmark runs.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 100_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const SERVER_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const TARGET_PER_SECOND = 2_000;
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 600_000);

const workDir = mkdtempSync(path.join(os.tmpdir(), "blusteam-bench-dispatch-"));
process.env.DATA_DIR = workDir;
delete process.env.SMTP_URL;
delete process.env.TWILIO_ACCOUNT_SID;

const { sql } = await import("drizzle-orm");
const { parsePhoneNumberFromString } = await import("libphonenumber-js");
const { closeDatabase, installDatabase, openDatabase } = await import("../db/client.server");
const { touchpoints, journeys } = await import("../db/schema");
const { createScratchPostgresDatabase } = await import("../tests/support/test-database");
const { createProduct } = await import("../app/domain/products/products.server");
const { quietHoursAt } = await import("../app/domain/messaging/phone-time-zones.server");
const { jobs, stopJobs } = await import("../app/services/jobs/jobs.server");
const { createAccount } = await import("../tests/support/factories");
const { eq } = await import("drizzle-orm");

/** Number prefixes (with the digits that follow) of countries spread around the clock. */
const REGIONS = [
  { country: "US", prefix: "+1212", digits: 7, first: 2_000_000 },
  { country: "GB", prefix: "+44207", digits: 7, first: 1_000_000 },
  { country: "IN", prefix: "+9198", digits: 8, first: 10_000_000 },
  { country: "JP", prefix: "+8190", digits: 8, first: 10_000_000 },
  { country: "AU", prefix: "+614", digits: 8, first: 10_000_000 },
];

function pickRegion(accountZone: string) {
  const now = new Date();
  for (const region of REGIONS) {
    const sample = `${region.prefix}${String(region.first).padStart(region.digits, "0")}`;
    if (parsePhoneNumberFromString(sample)?.country !== region.country) continue;
    // An hour of margin before the window closes.
    const inAnHour = new Date(now.getTime() + 60 * 60 * 1000);
    // As the dispatcher decides.
    if (!quietHoursAt(now)(sample, accountZone) && !quietHoursAt(inAnHour)(sample, accountZone))
      return region;
  }
  throw new Error("No region has daytime now: extend REGIONS");
}

const scratch = await createScratchPostgresDatabase(SERVER_URL, "blusteam_bench_dispatch");
const database = openDatabase({ url: scratch.url });
installDatabase(database);
const children: ChildProcess[] = [];
const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await database.db.execute(query)) as unknown as T[];

try {
  await database.migrate();
  // pg-boss installs its schema and queues once, here, before the workers start.
  await jobs();
  await stopJobs();

  const account = await createAccount({ company: "Bench Co" });
  // Live from the start: a new product's journey is a paused draft (issue 20), which sends nothing.
  const created = await createProduct({ account: { id: account.id } }, "Bench product", undefined, {
    journeyState: "live",
  });
  if (!created.ok) throw new Error("could not create the product");
  const [journey] = await database.db
    .select()
    .from(journeys)
    .where(eq(journeys.productId, created.product.id));
  await database.db.insert(touchpoints).values({
    accountId: account.id,
    journeyId: journey.id,
    ordinal: 1,
    name: "Welcome",
    waitMinutes: 0,
    waitUnit: "minutes",
    channel: "sms",
    message: "Hi {{first_name}}, welcome aboard!",
  });
  const region = pickRegion(account.timeZone);
  console.log(
    `Contacts: ${CONTACTS.toLocaleString("en-US")} with ${region.country} numbers (daytime there now)`,
  );
  await q(sql`insert into contacts (account_id, first_name, last_name, phone, email, sms_consent)
    select ${account.id}::uuid, 'Ann', 'Lee ' || i,
      ${region.prefix} || lpad((${region.first} + i)::text, ${region.digits}, '0'),
      'bench' || i || '@example.com', 'opted_in'
    from generate_series(1, ${CONTACTS}) as i`);
  await q(sql`analyze`);

  const ready: Promise<void>[] = [];
  for (let i = 0; i < WORKERS; i++) {
    // `node --import tsx`, not the tsx command: tsx runs the script in a child process of its own,
    // which a SIGKILL to the command would leave running.
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
      env: { ...process.env, DATABASE_URL: scratch.url },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    child.stderr?.on("data", (d) => process.stderr.write(`[worker ${i + 1}] ${d}`));
    ready.push(
      new Promise((resolve, reject) => {
        child.stdout?.on("data", (d) => {
          if (String(d).includes("worker is running")) resolve();
        });
        child.once("exit", (code) => reject(new Error(`worker ${i + 1} exited (${code})`)));
      }),
    );
  }
  await Promise.all(ready);
  console.log(`${WORKERS} workers running`);

  const started = performance.now();
  await q(sql`insert into contact_products (account_id, contact_id, product_id)
    select ${account.id}::uuid, id, ${created.product.id}::uuid from contacts where account_id = ${account.id}::uuid`);
  const enrolledAt = performance.now();
  const enrolledMs = enrolledAt - started;
  let delivered = 0;
  let lastPrint = 0;
  for (;;) {
    const [row] = await q<{ n: number }>(sql`select count(*)::int as n from outbox_messages`);
    delivered = Number(row.n);
    const elapsed = performance.now() - started;
    if (delivered >= CONTACTS) break;
    if (elapsed > TIMEOUT_MS) {
      console.log(`Timed out after ${Math.round(elapsed / 1000)} s`);
      break;
    }
    if (elapsed - lastPrint > 2000) {
      lastPrint = elapsed;
      const active = await q<{ name: string; state: string; n: number }>(
        sql`select name, state::text, count(*)::int as n from pgboss.job where name like 'journey-%' and state in ('created', 'active') group by 1, 2 order by 1, 2`,
      );
      const jobsNow = active.map((j) => `${j.name.replace("journey-", "")} ${j.state}: ${j.n}`).join(", ");
      console.log(
        `  ${delivered.toLocaleString("en-US")} delivered after ${(elapsed / 1000).toFixed(1)} s${jobsNow ? ` (jobs: ${jobsNow})` : ""}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const finished = performance.now();
  const seconds = (finished - enrolledAt) / 1000;
  const endToEnd = (finished - started) / 1000;
  // Let in-flight work settle, then count.
  await new Promise((r) => setTimeout(r, 1000));
  const [counts] = await q<{
    rows: number;
    recipients: number;
    sent: number;
    messages: number;
    usage: number;
  }>(
    sql`select
      (select count(*)::int from outbox_messages) as rows,
      (select count(distinct recipient)::int from outbox_messages) as recipients,
      (select count(*)::int from messages where status = 'sent') as sent,
      (select count(*)::int from messages) as messages,
      (select coalesce(sum(messages), 0)::int from message_usage) as usage`,
  );
  const duplicates = Number(counts.rows) - Number(counts.recipients);
  const losses = CONTACTS - Number(counts.recipients);
  const perSecond = Math.round(Number(counts.recipients) / seconds);
  console.log(`Enrollment of ${CONTACTS.toLocaleString("en-US")} links: ${(enrolledMs / 1000).toFixed(2)} s`);
  console.log(
    `Dispatched and delivered ${Number(counts.recipients).toLocaleString("en-US")} messages in ${seconds.toFixed(2)} s after enrollment: ${perSecond.toLocaleString("en-US")} messages/s (target ${TARGET_PER_SECOND.toLocaleString("en-US")})`,
  );
  console.log(
    `End to end, enrollment included: ${endToEnd.toFixed(2)} s, ${Math.round(Number(counts.recipients) / endToEnd).toLocaleString("en-US")} messages/s`,
  );
  console.log(
    `Load average during the run (other processes share this machine): ${os.loadavg()[0].toFixed(2)}`,
  );
  console.log(`Messages rows: ${counts.messages}, sent: ${counts.sent}, usage counted: ${counts.usage}`);
  console.log(`Duplicates: ${duplicates}`);
  console.log(`Losses: ${losses}`);
  const ok = perSecond >= TARGET_PER_SECOND && duplicates === 0 && losses === 0;
  console.log(ok ? "PASS" : "FAIL");
  process.exitCode = ok ? 0 : 1;
} finally {
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once("exit", r)) : Promise.resolve())),
  );
  await closeDatabase();
  await scratch.drop();
  rmSync(workDir, { recursive: true, force: true });
}
