/**
 * `npm run bench:csv-import`: the CSV import of a 1,000,000-row file, on PostgreSQL.
 *
 * Writes a file of BENCH_ROWS rows (First Name, Last Name, Phone, Email and one custom attribute;
 * 1 percent bad rows) into a temp directory (or reads BENCH_FILE), creates a scratch database on
 * TEST_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres; named
 * bench_contacts_scale_…, dropped at the end), and imports the file through the app's own functions:
 * startCsvImport (the upload: streamed to storage and checked) and runCsvImport (the job: COPY into
 * staging and one set-based merge per batch). Imported contacts are linked to BENCH_PRODUCTS products
 * (default 0). Prints rows per second end to end and the peak resident memory; targets: 50,000 rows/s
 * or more, and memory that stays under 300 MB whatever the file's size.
 *
 * `npm run bench:csv-import -- --compare <git-ref>` (issue 19): the machine may be shared, so absolute
 * rates say little. This runs the same file, one after the other on the same machine: the import of
 * <git-ref> (checked out in a git worktree under /tmp, node_modules hard-linked, this same harness),
 * then this tree's import, then bench:contacts-insert's floor; and prints both rates, their ratio, the
 * ratio to the floor and the load average before and after.
 */
import { execFileSync, spawn } from "node:child_process";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 0);
const SERVER_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const TARGET_ROWS_PER_SECOND = 50_000;
const TARGET_RSS_MB = 300;

// Storage (DATA_DIR/uploads) goes to the temp directory too; set before the app reads its config.
const workDir = mkdtempSync(path.join(os.tmpdir(), "bench-contacts-scale-csv-"));
process.env.DATA_DIR = workDir;
process.env.NODE_ENV = "production";
const { createReadStream } = await import("node:fs");
const { attributes, contacts, csvImports } = await import("../db/schema");
const { closeDatabase, installDatabase, openDatabase } = await import("../db/client.server");
const { createScratchPostgresDatabase } = await import("../tests/support/test-database");
const { runCsvImport, startCsvImport } = await import("../app/domain/contacts/csv-import.server");
const { createProduct } = await import("../app/domain/products/products.server");
const { count, eq, sql } = await import("drizzle-orm");
const { createAccount, createUser } = await import("../tests/support/factories");

const firstNames = "James Mary John Patricia Robert Jennifer Michael Linda Amelie Lucas Chloé Zoë".split(" ");
const lastNames = "Smith Johnson Williams Brown Jones García Miller Davis Dubois Moreau Müller Lee".split(
  " ",
);
const areaCodes = "201 212 213 305 312 347 404 415 512 617 646 702 718 773 818 917".split(" ");
const tiers = ["Gold", "Silver", "Bronze", ""];
const compareIndex = process.argv.indexOf("--compare");
if (compareIndex >= 0) {
  const ref = process.argv[compareIndex + 1];
  if (!ref) throw new Error("usage: npm run bench:csv-import -- --compare <git-ref>");
  await compare(ref);
  process.exit(0);
}

/** Row i: a unique, valid US number in one of three spellings; every 100th row is a bad one. */
function row(i: number): string {
  const first = firstNames[i % firstNames.length];
  const last = lastNames[(i >> 4) % lastNames.length];
  const area = areaCodes[i % areaCodes.length];
  const n = Math.floor(i / areaCodes.length); // unique per area code
  const exchange = 200 + (n % 700);
  const line = String(Math.floor(n / 700) % 10_000).padStart(4, "0");
  const phone =
    i % 3 === 0
      ? `(${area}) ${exchange}-${line}`
      : i % 3 === 1
        ? `+1 ${area} ${exchange} ${line}`
        : `${area}${exchange}${line}`;
  const email = `${first.toLowerCase()}.${i}@example.com`;
  const tier = tiers[i % tiers.length];
  if (i % 100 === 99)
    // One row in a hundred is bad: no first name, or a phone and an email that are not.
    return Math.floor(i / 100) % 2 === 0
      ? `,${last},${phone},${email},${tier}`
      : `${first},${last},12345,not-an-email,${tier}`;
  return `${first},"${last}",${phone},${email},${tier}`;
}

async function writeFile(file: string) {
  const out = createWriteStream(file);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((r) => out.once("drain", () => r()));
  await write("First Name,Last Name,Phone,Email,Loyalty Tier\n");
  let buffer = "";
  for (let i = 0; i < ROWS; i++) {
    buffer += `${row(i)}\n`;
    if (buffer.length > 1 << 16) {
      await write(buffer);
      buffer = "";
    }
  }
  await write(buffer);
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

/** CPU time (ms) used so far by the scratch database's server processes, from /proc (a local server). */
async function backendCpuMs() {
  const rows = (await handle.db.execute(
    sql`select pid from pg_stat_activity where datname = current_database()`,
  )) as unknown as { pid: number }[];
  let total = 0;
  for (const { pid } of rows) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // Not on this machine, or gone.
    }
  }
  return total;
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

const file = process.env.BENCH_FILE || path.join(workDir, "contacts.csv");
if (!process.env.BENCH_FILE) {
  console.log(`Writing ${ROWS.toLocaleString()} rows to ${file} …`);
  await writeFile(file);
}
console.log(`  ${mb(statSync(file).size)} MB`);

const scratch = await createScratchPostgresDatabase(SERVER_URL, "bench_contacts_scale_csv");
console.log(`Database ${scratch.name} on ${new URL(SERVER_URL).host}`);
const handle = openDatabase({ url: scratch.url });
try {
  await handle.migrate();
  installDatabase(handle);
  const account = await createAccount();
  const user = await createUser();
  await handle.db.insert(attributes).values({ accountId: account.id, title: "Loyalty Tier", type: "STRING" });
  const context = { account: { id: account.id }, user: { id: user.id } };
  const productIds: string[] = [];
  for (let p = 0; p < PRODUCTS; p++) {
    const created = await createProduct(context, `Bench product ${p + 1}`);
    if (created.ok) productIds.push(created.product.id);
  }

  peakRss = process.memoryUsage().rss;
  const idleRss = peakRss;
  const pgCpuBefore = await backendCpuMs();
  const nodeCpuBefore = process.cpuUsage();
  const t0 = performance.now();
  const started = await startCsvImport(
    context,
    { filename: "contacts.csv", productIds, source: createReadStream(file, { highWaterMark: 64 * 1024 }) },
    async () => {},
  );
  if (!started.ok) throw new Error(`upload refused: ${JSON.stringify(started.problem)}`);
  const t1 = performance.now();
  const uploadPeakRss = peakRss;
  peakRss = process.memoryUsage().rss;
  let lastReport = t1;
  await runCsvImport(started.importId, {
    afterBatch: ({ committedRows }) => {
      const now = performance.now();
      if (now - lastReport > 2000) {
        lastReport = now;
        const rate = Math.round(committedRows / ((now - t1) / 1000));
        const memory = process.memoryUsage();
        console.log(
          `  ${committedRows.toLocaleString()} rows, ${rate.toLocaleString()} rows/s, RSS ${mb(memory.rss)} MB (heap ${mb(memory.heapUsed)} MB)`,
        );
      }
    },
  });
  const t2 = performance.now();
  clearInterval(sampler);
  const nodeCpu = process.cpuUsage(nodeCpuBefore);
  const nodeCpuMs = (nodeCpu.user + nodeCpu.system) / 1000;
  const pgCpuMs = (await backendCpuMs()) - pgCpuBefore;

  const [result] = await handle.db.select().from(csvImports).where(eq(csvImports.id, started.importId));
  const [{ total }] = await handle.db
    .select({ total: count() })
    .from(contacts)
    .where(eq(contacts.accountId, account.id));
  const seconds = (t2 - t0) / 1000;
  const rate = Math.round(ROWS / seconds);
  const maxRss = process.resourceUsage().maxRSS * 1024;
  console.log("");
  console.log(
    `status ${result.status}: ${result.rowsImported.toLocaleString()} imported, ${result.rowsFailed.toLocaleString()} refused, ${total.toLocaleString()} contacts`,
  );
  console.log(`upload + checks   ${((t1 - t0) / 1000).toFixed(1)} s`);
  console.log(
    `import job        ${((t2 - t1) / 1000).toFixed(1)} s (${Math.round(ROWS / ((t2 - t1) / 1000)).toLocaleString()} rows/s)`,
  );
  console.log(
    `end to end        ${seconds.toFixed(1)} s: ${rate.toLocaleString()} rows/s (target ≥ ${TARGET_ROWS_PER_SECOND.toLocaleString()})`,
  );
  console.log(
    `peak RSS          upload ${mb(uploadPeakRss)} MB, import ${mb(peakRss)} MB (sampled; ${mb(idleRss)} MB before the upload); ${mb(maxRss)} MB max for the process (target < ${TARGET_RSS_MB} MB)`,
  );
  // The machine may be shared: CPU time says what the import costs whatever else runs beside it.
  const cpuPerRowUs = ((nodeCpuMs + pgCpuMs) * 1000) / ROWS;
  console.log(
    `CPU time          node ${(nodeCpuMs / 1000).toFixed(1)} s, PostgreSQL backends ${(pgCpuMs / 1000).toFixed(1)} s (${cpuPerRowUs.toFixed(0)} µs per row; side by side on two idle cores ≈ ${Math.round(ROWS / (Math.max(nodeCpuMs, pgCpuMs) / 1000)).toLocaleString()} rows/s)`,
  );
  // What the import left on disk, per 1,000,000 contacts (the table and each of its indexes).
  const sizes = (await handle.db.execute(sql`
    select 'table contacts' as name, pg_table_size('contacts') as bytes
    union all select 'index ' || indexname, pg_relation_size(indexname::regclass)
    from pg_indexes where tablename = 'contacts' order by 1`)) as unknown as {
    name: string;
    bytes: string;
  }[];
  let totalBytes = 0;
  for (const size of sizes) {
    totalBytes += Number(size.bytes);
    console.log(
      `  ${size.name.padEnd(46)} ${mb((Number(size.bytes) * 1_000_000) / Number(total))} MB per 1,000,000 contacts`,
    );
  }
  console.log(
    `  ${"contacts, all told".padEnd(46)} ${mb((totalBytes * 1_000_000) / Number(total))} MB per 1,000,000 contacts`,
  );
  const ok =
    result.status === "completed" &&
    rate >= TARGET_ROWS_PER_SECOND &&
    Math.max(uploadPeakRss, peakRss) < TARGET_RSS_MB * 1024 * 1024;
  console.log(ok ? "PASS" : "BELOW TARGET");
  // Read by --compare.
  console.log(
    `BENCH_RESULT ${JSON.stringify({ rowsPerSecond: rate, peakRssMb: Math.round(Math.max(uploadPeakRss, peakRss) / 1024 / 1024), status: result.status, totalMb: Math.round((totalBytes * 1_000_000) / Number(total) / 1024 / 1024), imported: result.rowsImported, refused: result.rowsFailed })}`,
  );
} finally {
  clearInterval(sampler);
  await closeDatabase().catch(() => {});
  await scratch.drop();
  rmSync(workDir, { recursive: true, force: true });
}

type RunResult = {
  rowsPerSecond: number;
  peakRssMb: number;
  totalMb: number;
  status: string;
  imported: number;
  refused: number;
};

/** Runs a bench script in a child process (its output passes through) and returns its BENCH_RESULT. */
function runChild(
  cwd: string,
  script: string,
  env: Record<string, string>,
  label: string,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    console.log(`\n=== ${label} (${cwd}) ===`);
    const child = spawn(process.execPath, [path.join(cwd, "node_modules/tsx/dist/cli.mjs"), script], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let result: RunResult | null = null;
    let pending = "";
    child.stdout.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines)
        if (line.startsWith("BENCH_RESULT ")) result = JSON.parse(line.slice("BENCH_RESULT ".length));
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      result && code === 0 ? resolve(result) : reject(new Error(`${label} ended with code ${code}`)),
    );
  });
}

function loadAverage() {
  return os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
}

/** --compare: <ref>'s import and this tree's, on one file, one after the other, then the floor. */
async function compare(ref: string) {
  const tree = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const git = (...args: string[]) => execFileSync("git", args, { cwd: tree, encoding: "utf8" }).trim();
  const commit = git("rev-parse", "--short", ref);
  const refTree = mkdtempSync(path.join(os.tmpdir(), "bench-contacts-scale-ref-"));
  rmSync(refTree, { recursive: true, force: true });
  git("worktree", "add", "--quiet", "--detach", refTree, commit);
  try {
    // Hard links: no copy of node_modules, no install.
    execFileSync("cp", ["-al", path.join(tree, "node_modules"), path.join(refTree, "node_modules")]);
    // The same harness on both sides: only the app's code differs.
    execFileSync("cp", [fileURLToPath(import.meta.url), path.join(refTree, "scripts/bench-csv-import.ts")]);
    const file = path.join(workDir, "contacts.csv");
    console.log(`Writing ${ROWS.toLocaleString()} rows to ${file} …`);
    await writeFile(file);
    const env = { BENCH_FILE: file };
    const loadBefore = loadAverage();
    const before = await runChild(refTree, "scripts/bench-csv-import.ts", env, `${ref} (${commit})`);
    const after = await runChild(
      tree,
      "scripts/bench-csv-import.ts",
      env,
      `this tree (${git("rev-parse", "--short", "HEAD")})`,
    );
    const floorOutput = execFileSync(
      process.execPath,
      [path.join(tree, "node_modules/tsx/dist/cli.mjs"), "scripts/bench-contacts-insert.ts"],
      { cwd: tree, encoding: "utf8", env: process.env },
    );
    console.log(`\n=== floor (bench:contacts-insert) ===\n${floorOutput}`);
    const floor = Number(/FLOOR_ROWS_PER_SECOND (\d+)/.exec(floorOutput)?.[1] ?? Number.NaN);
    const loadAfter = loadAverage();
    console.log(`\n${"".padEnd(24)} rows/s end to end   peak RSS   contacts on disk per 1M`);
    console.log(
      `${`${ref} (${commit})`.padEnd(24)} ${String(before.rowsPerSecond).padStart(17)}   ${before.peakRssMb} MB   ${before.totalMb} MB`,
    );
    console.log(
      `${"this tree".padEnd(24)} ${String(after.rowsPerSecond).padStart(17)}   ${after.peakRssMb} MB   ${after.totalMb} MB`,
    );
    console.log(
      `ratio this tree / ${ref}: ${(after.rowsPerSecond / before.rowsPerSecond).toFixed(2)}× (target ≥ 3×)`,
    );
    console.log(
      `floor (all indexes): ${floor.toLocaleString("en-US")} rows/s; this tree at ${((100 * after.rowsPerSecond) / floor).toFixed(0)}% of it (target ≥ 60%)`,
    );
    console.log(
      `same results: ${before.imported === after.imported && before.refused === after.refused} (${after.imported.toLocaleString()} imported, ${after.refused.toLocaleString()} refused)`,
    );
    console.log(`load average before ${loadBefore}; after ${loadAfter} (${os.cpus().length} CPUs)`);
  } finally {
    git("worktree", "remove", "--force", refTree);
    rmSync(workDir, { recursive: true, force: true });
  }
}
