/**
 * `npm run bench:pages`: what one production server process serves of the signed-in pages and the
 * public form page, on PostgreSQL, with autocannon.
 *
 *   npm run bench:pages                        this worktree
 *   npm run bench:pages -- --compare <git-ref>  <git-ref> first, then this worktree, one after the other
 *
 * For each build under test: `react-router build` into its own BUILD_DIR, a fresh database named
 * bench_scale_pages (BENCH_DATABASE) on TEST_DATABASE_URL's server (created here, dropped at the end), one
 * `server.ts` process (NODE_ENV=production, RUN_WORKER=false, APP_URL loopback so it seeds the demo
 * company), then: BENCH_CONTACTS (default 500) more contacts for Demo Co, a published sign-up form,
 * a sign-in as demo@blusteam.dev through POST /login, and for each page a warm-up and
 * BENCH_SECONDS (default 20) over BENCH_CONNECTIONS (default 50) connections. Prints req/s, p50, p99,
 * the server's CPU per request (from /proc: the figure a busy machine skews least) and the load
 * average; with --compare, both builds and the ratio (this / ref) per page.
 *
 * BENCH_PROFILE={dir}: the server of this worktree writes a CPU profile there (node --cpu-prof);
 * `npx tsx scripts/cpu-profile-top.ts {file}` lists its top self-time functions.
 * BENCH_PAGES=contacts,settings limits the pages measured.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";
import {
  addDemoContacts,
  buildTree,
  checkOut,
  demoSignInRequest,
  dirty,
  ROOT,
  revision,
  sessionCookieOf,
} from "./bench-trees";

const SERVER_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
// Another name (and BENCH_PORT) lets two people on one machine run it at once without dropping each other's database.
const DATABASE_NAME = process.env.BENCH_DATABASE ?? "bench_scale_pages";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const EXTRA_CONTACTS = Number(process.env.BENCH_CONTACTS ?? 500);
const PORT = Number(process.env.BENCH_PORT ?? 3261);
const SECRET = "bench-pages-session-secret-not-for-production";
const TARGET_P99_MS = 500;

type PageName = "contacts" | "touchpoints" | "settings" | "public form";
const allPages: PageName[] = ["contacts", "touchpoints", "settings", "public form"];
const onlyPages = process.env.BENCH_PAGES?.split(",").map((name) => name.trim());
const pages = allPages.filter((name) => !onlyPages || onlyPages.includes(name.split(" ")[0]));

type Figures = { rps: number; p50: number; p99: number; cpuMs: number; non2xx: number; errors: number };
type Run = { label: string; figures: Map<PageName, Figures>; loadBefore: number[]; loadAfter: number[] };

const compareIndex = process.argv.indexOf("--compare");
const compareRef = compareIndex >= 0 ? process.argv[compareIndex + 1] : undefined;
if (compareIndex >= 0 && !compareRef) throw new Error("--compare needs a git ref, e.g. --compare main");

await main();

async function main() {
  const runs: Run[] = [];
  let refTree: string | undefined;
  try {
    if (compareRef) {
      refTree = checkOut(compareRef, "blusteam-bench-pages-ref-");
      runs.push(await benchTree(refTree, `${compareRef} (${revision(compareRef)})`, false));
    }
    runs.push(
      await benchTree(ROOT, `this worktree (${revision("HEAD")}${dirty() ? " + changes" : ""})`, true),
    );
  } finally {
    if (refTree) rmSync(refTree, { recursive: true, force: true });
  }
  printSummary(runs);
}

async function benchTree(tree: string, label: string, mayProfile: boolean): Promise<Run> {
  // Inside the tree, so the built server resolves its packages from the tree's node_modules.
  const buildDir = path.join(tree, "build-bench-pages");
  console.log(`\n== ${label}\nBuilding into ${buildDir}...`);
  buildTree(tree, buildDir);

  const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DATABASE_NAME} with (force)`);
  await admin.unsafe(`create database ${DATABASE_NAME}`);
  const databaseUrl = new URL(SERVER_URL);
  databaseUrl.pathname = `/${DATABASE_NAME}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "blusteam-bench-pages-data-"));
  const profileDir = mayProfile ? process.env.BENCH_PROFILE : undefined;
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  const appUrl = `http://localhost:${PORT}`;
  let server: ChildProcess | undefined;
  try {
    server = spawn(
      process.execPath,
      [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), "--import", "tsx", "server.ts"],
      {
        cwd: tree,
        env: {
          ...process.env,
          NODE_ENV: "production",
          BUILD_DIR: buildDir,
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl.href,
          PORT: String(PORT),
          APP_URL: appUrl,
          SESSION_SECRET: SECRET,
          RUN_WORKER: "false",
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const child = server;
    child.stderr?.on("data", (d) => process.stderr.write(`[server] ${d}`));
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on("data", (d) => {
        if (String(d).includes("is ready at")) resolve();
      });
      child.once("exit", (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
    });

    const database = postgres(databaseUrl.href, { max: 1, onnotice: () => {} });
    const formId = await seedPages(database);
    await database.end();
    const cookie = await signIn(appUrl);
    const paths: Record<PageName, string> = {
      contacts: "/contacts",
      touchpoints: "/touchpoints",
      settings: "/settings",
      "public form": `/contact-form-builder/m/${formId}`,
    };

    const loadBefore = os.loadavg();
    const figures = new Map<PageName, Figures>();
    for (const name of pages) {
      const url = `${appUrl}${paths[name]}`;
      // What a browser sends (Chrome, Firefox): compression picks brotli.
      const headers: Record<string, string> = {
        "Accept-Encoding": "gzip, deflate, br, zstd",
        Accept: "text/html",
      };
      if (name !== "public form") headers.Cookie = cookie;
      const check = await fetch(url, { headers, redirect: "manual" });
      if (check.status !== 200) throw new Error(`${paths[name]} answered ${check.status}, not 200`);
      await autocannon({ url, connections: 10, amount: 300, headers });
      const pid = child.pid as number;
      const cpuBefore = processCpuMs(pid);
      const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
      const cpuMs = (processCpuMs(pid) - cpuBefore) / Math.max(1, result.requests.total);
      const entry = {
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        cpuMs,
        non2xx: result.non2xx,
        errors: result.errors,
      };
      figures.set(name, entry);
      console.log(`  ${formatLine(name, entry)}`);
    }
    const loadAfter = os.loadavg();
    console.log(`  ${loadLine(loadBefore, loadAfter)}`);
    return { label, figures, loadBefore, loadAfter };
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await admin.unsafe(`drop database if exists ${DATABASE_NAME} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(buildDir, { recursive: true, force: true });
  }
}

/** More contacts for Demo Co (a full first page and more), and a published sign-up form; returns the form's id. */
async function seedPages(database: postgres.Sql): Promise<string> {
  const accountId = await addDemoContacts(database, EXTRA_CONTACTS);
  // The form is written by this worktree's own domain code, as the form builder saves one.
  const { installDatabase, openDatabase, closeDatabase } = await import("../db/client.server");
  const { createForm } = await import("../app/domain/forms/forms.server");
  const { defaultFormDocument } = await import("../app/domain/forms/form-document");
  const url = new URL(SERVER_URL);
  url.pathname = `/${DATABASE_NAME}`;
  installDatabase(openDatabase({ url: url.href }));
  try {
    const form = await createForm(
      { account: { id: accountId } },
      { ...defaultFormDocument(), disabled: false },
    );
    if (!form.ok) throw new Error("the bench form was not saved");
    return form.form.id;
  } finally {
    await closeDatabase();
  }
}

/** Signs in as the demo member through the login form; returns the session cookie. */
async function signIn(appUrl: string): Promise<string> {
  return sessionCookieOf(await fetch(demoSignInRequest(appUrl)));
}

/** CPU time (user + system) the process used so far, from /proc/{pid}/stat. */
function processCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of the line (11 and 12 after the command), in 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

function formatLine(name: string, f: Figures): string {
  const p99 = f.p99 < TARGET_P99_MS ? "" : ` (p99 over ${TARGET_P99_MS} ms)`;
  const failures = f.non2xx || f.errors ? `, ${f.non2xx} non-2xx, ${f.errors} errors` : "";
  return `${name.padEnd(12)} ${f.rps.toFixed(1).padStart(8)} req/s  p50 ${String(f.p50).padStart(4)} ms  p99 ${String(f.p99).padStart(4)} ms  server CPU ${f.cpuMs.toFixed(2)} ms/request${failures}${p99}`;
}

function loadLine(before: number[], after: number[]): string {
  const format = (load: number[]) => load.map((value) => value.toFixed(2)).join(", ");
  return `load average (uptime) before ${format(before)}, after ${format(after)} on ${os.cpus().length} cores`;
}

function printSummary(runs: Run[]) {
  console.log("\n== bench:pages summary");
  console.log(`${CONNECTIONS} connections, ${SECONDS} s per page, one server process, PostgreSQL`);
  for (const run of runs) {
    console.log(`\n${run.label}`);
    for (const [name, figures] of run.figures) console.log(`  ${formatLine(name, figures)}`);
    console.log(`  ${loadLine(run.loadBefore, run.loadAfter)}`);
  }
  if (runs.length === 2) {
    const [before, after] = runs;
    console.log("\nratio (this worktree / ref):");
    for (const name of pages) {
      const a = before.figures.get(name);
      const b = after.figures.get(name);
      if (!a || !b) continue;
      console.log(
        `  ${name.padEnd(12)} req/s x${(b.rps / a.rps).toFixed(2)}  p99 ${a.p99} -> ${b.p99} ms  CPU/request x${(b.cpuMs / a.cpuMs).toFixed(2)}`,
      );
    }
  }
}
