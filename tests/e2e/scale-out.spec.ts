import type { ChildProcess } from "node:child_process";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { appProcesses } from "../support/app-processes";
import { createScratchPostgresDatabase, type ScratchPostgresDatabase } from "../support/test-database";

/**
 * Issue 21: two web processes and two workers on one PostgreSQL, started at the same moment by this
 * test on a database of their own, each with its own empty DATA_DIR and no shared variable but the
 * database (no SESSION_SECRET, no shared directory), as README "Running several processes" says.
 * A session made on one web process works on the other; a CSV uploaded to one is imported by a
 * worker; a worker killed mid-import is replaced (a short CSV_IMPORT_LEASE_SECONDS, as configuration)
 * well within 2 minutes; no message is sent twice. The web processes serve the e2e build.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const e2ePort = Number(process.env.E2E_PORT ?? 3100);
const buildDir = process.env.BUILD_DIR ?? (e2ePort === 3100 ? "build" : `build-e2e-${e2ePort}`);
const webPorts = [e2ePort + 23000, e2ePort + 23001];
// Both web processes stand behind one address, as behind a load balancer.
const appUrl = `http://localhost:${webPorts[0]}`;
const LEASE_SECONDS = 4;
const BIG_IMPORT_ROWS = 60_000;
const SMALL_IMPORT_ROWS = 20;

test.describe.configure({ mode: "serial" });
test.skip(!serverUrl, "needs PostgreSQL (TEST_DATABASE_URL): the embedded database belongs to one process");

let scratch: ScratchPostgresDatabase;
let sql: postgres.Sql;
let quiet = false;
const processes = appProcesses({ quiet: () => quiet });
let workers: (ChildProcess & { pid: number })[] = [];

test.beforeAll(async () => {
  test.setTimeout(180_000);
  scratch = await createScratchPostgresDatabase(serverUrl as string, "blusteam_scale_startup");
  sql = postgres(scratch.url, { max: 2, onnotice: () => {} });
  const common = {
    NODE_ENV: "production",
    DATABASE_URL: scratch.url,
    APP_URL: appUrl,
    BUILD_DIR: buildDir,
    SEED_DEMO_DATA: "true",
    CSV_IMPORT_LEASE_SECONDS: String(LEASE_SECONDS),
    DATABASE_POOL_SIZE: "4",
    JOBS_POOL_SIZE: "2",
  };
  // All four at once on the empty database: they take turns migrating and seeding.
  const [, , ...startedWorkers] = await Promise.all([
    processes.start("web-1", "web", { ...common, PORT: String(webPorts[0]), RUN_WORKER: "false" }),
    processes.start("web-2", "web", { ...common, PORT: String(webPorts[1]), RUN_WORKER: "false" }),
    processes.start("worker-1", "worker", common),
    processes.start("worker-2", "worker", common),
  ]);
  workers = startedWorkers;
});

test.afterAll(async () => {
  quiet = true;
  await processes.killAll();
  await sql?.end({ timeout: 5 });
  await scratch?.drop();
});

const web = (index: number, path: string) => `http://localhost:${webPorts[index]}${path}`;
// Reached directly rather than through a load balancer: a browser's posts carry that process's origin.
const originOf = (index: number) => `http://localhost:${webPorts[index]}`;

async function signIn(index: number): Promise<string> {
  const response = await fetch(web(index, "/login"), {
    method: "POST",
    redirect: "manual",
    headers: { Origin: originOf(index), "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "demo@blusteam.dev", password: "demo-password-1" }),
  });
  expect(response.status, `signing in answers with a redirect: ${await response.clone().text()}`).toBe(302);
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  expect(cookies.length).toBeGreaterThan(0);
  return cookies.join("; ");
}

async function upload(index: number, cookie: string, csv: string, productIds: string[] = []) {
  const form = new FormData();
  for (const id of productIds) form.append("productId", id);
  form.append("file", new Blob([csv], { type: "text/csv" }), "contacts.csv");
  const response = await fetch(web(index, "/resources/csv-upload"), {
    method: "POST",
    headers: { Cookie: cookie, Origin: originOf(index) },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const { importId } = (await response.json()) as { importId: string };
  return importId;
}

/** The import's row: status, committed rows, and its lease. */
async function importState(importId: string) {
  const [row] = await sql<
    { status: string; committed: number; imported: number; owner: string | null; resumes: number | null }[]
  >`select i.status, i.committed_rows as committed, i.rows_imported as imported, l.owner, l.resumes
      from csv_imports i left join csv_import_leases l on l.import_id = i.id where i.id = ${importId}`;
  return row;
}

test("a session made on one web process is accepted by the other", async () => {
  const cookie = await signIn(0);
  const onOther = await fetch(web(1, "/contacts"), { headers: { Cookie: cookie }, redirect: "manual" });
  expect(onOther.status).toBe(200);
  expect(await onOther.text()).toContain("Maya");
  // And the other way round.
  const cookie2 = await signIn(1);
  const onFirst = await fetch(web(0, "/contacts"), { headers: { Cookie: cookie2 }, redirect: "manual" });
  expect(onFirst.status).toBe(200);
  // Nothing was shared but the database: one secret, in it.
  const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from app_secrets`;
  expect(count).toBe(1);
});

test("a CSV uploaded to one web process is imported by a worker, and each contact gets one message", async () => {
  test.setTimeout(150_000);
  const cookie = await signIn(1);
  const [glowSerum] = await sql<{ id: string }[]>`select id from products where name = 'Glow Serum'`;
  const lines = ["First Name,Last Name,Phone,Email,SMS Consent"];
  for (let i = 0; i < SMALL_IMPORT_ROWS; i++)
    lines.push(`Small,Person ${i},+3361234${String(i).padStart(4, "0")},small${i}@example.com,yes`);
  const importId = await upload(1, cookie, lines.join("\n"), [glowSerum.id]);
  await expect.poll(async () => (await importState(importId)).status, { timeout: 60_000 }).toBe("completed");
  expect((await importState(importId)).imported).toBe(SMALL_IMPORT_ROWS);
  // The upload was kept in the database, and removed when the import ended.
  const [{ files }] = await sql<{ files: number }[]>`select count(*)::int as files from stored_files`;
  expect(files).toBe(0);

  // The Welcome touchpoint (no wait) gives every imported contact one message: sent, or held for
  // quiet hours, never two. Every message of the run is counted.
  const welcome = async () =>
    sql<{ contacts: number; messages: number }[]>`
      select count(distinct m.contact_id)::int as contacts, count(*)::int as messages
      from messages m join contacts c on c.id = m.contact_id where c.email like 'small%@example.com'`;
  await expect.poll(async () => (await welcome())[0].contacts, { timeout: 90_000 }).toBe(SMALL_IMPORT_ROWS);
  expect((await welcome())[0].messages).toBe(SMALL_IMPORT_ROWS);
  const twice = await sql`
    select contact_id, touchpoint_id, count(*) from messages
    where status in ('sent', 'delivered', 'sending') group by contact_id, touchpoint_id having count(*) > 1`;
  expect(twice).toEqual([]);
});

test("a worker killed mid-import is replaced by the other within 2 minutes", async () => {
  test.setTimeout(240_000);
  const cookie = await signIn(0);
  const lines = ["First Name,Last Name,Phone,Email"];
  for (let i = 0; i < BIG_IMPORT_ROWS; i++) lines.push(`Big,Person ${i},,big${i}@example.com`);
  const importId = await upload(0, cookie, lines.join("\n"));

  // The worker holding the import's lease (host:pid), once its first batch is in.
  await expect
    .poll(
      async () => {
        const state = await importState(importId);
        return state.status === "processing" && state.committed > 0 && state.owner !== null;
      },
      { timeout: 60_000, intervals: [100] },
    )
    .toBe(true);
  const { owner, committed } = await importState(importId);
  const holder = workers.find((w) => owner?.endsWith(`:${w.pid}`));
  expect(holder, `the lease holder ${owner} is one of the workers`).toBeDefined();
  expect(committed).toBeLessThan(BIG_IMPORT_ROWS);
  await processes.kill(holder as ChildProcess);
  const killedAt = Date.now();

  // The import page (its list of recent imports, read from the other web process) says it is resuming.
  const shown = async () => {
    const response = await fetch(web(1, "/resources/csv-imports"), { headers: { Cookie: cookie } });
    const { imports } = (await response.json()) as {
      imports: { id: string; resuming: boolean; status: string }[];
    };
    return imports.find((item) => item.id === importId);
  };
  await expect.poll(async () => (await shown())?.resuming, { timeout: 60_000, intervals: [250] }).toBe(true);

  await expect.poll(async () => (await importState(importId)).status, { timeout: 120_000 }).toBe("completed");
  expect(await shown()).toMatchObject({ status: "completed", resuming: false });
  const tookOverWithin = Date.now() - killedAt;
  expect(tookOverWithin).toBeLessThan(120_000);
  const finished = await importState(importId);
  expect(finished.resumes).toBeGreaterThanOrEqual(1);
  expect(finished.owner).not.toContain(`:${holder?.pid}`);
  // Every row exactly once, though a worker died in the middle.
  expect(finished.imported).toBe(BIG_IMPORT_ROWS);
  const [{ contacts }] = await sql<{ contacts: number }[]>`
    select count(*)::int as contacts from contacts where email like 'big%@example.com'`;
  expect(contacts).toBe(BIG_IMPORT_ROWS);
  console.log(
    `scale-out: the import resumed and finished ${Math.round(tookOverWithin / 1000)} s after its worker was killed`,
  );
});
