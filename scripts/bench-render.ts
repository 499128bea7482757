/**
 * `npm run bench:render`: what a signed-in page costs to produce, in CPU per page, without HTTP,
 * compression or a load generator.
 *
 *   npm run bench:render                        this worktree
 *   npm run bench:render -- --compare <git-ref>  <git-ref> and this worktree, in alternating rounds
 *
 * bench:pages measures what one server serves, but on a shared 2-core machine its figures move by
 * 30-40% within minutes, so a 10% change in a page's cost cannot be seen there. Here each tree is
 * built (`react-router build`) and seeded into its own scratch database on TEST_DATABASE_URL's server
 * (bench_render_0, _1; dropped at the end), then BENCH_RENDER_ROUNDS (default 4) rounds each start a
 * fresh process per tree, in alternating order (scripts/bench-render-child.ts), that calls the build's
 * request handler for BENCH_RENDER_PAGES (default /contacts,/touchpoints,/settings) as the demo member,
 * BENCH_RENDER_REQUESTS (default 1,200) times each with BENCH_RENDER_IN_FLIGHT (default 8) in flight.
 * Prints each round's CPU milliseconds per page and the medians; with --compare, the ratio per page.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { addDemoContacts, buildTree, checkOut, dirty, ROOT, revision } from "./bench-trees";

const SERVER_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const ROUNDS = Number(process.env.BENCH_RENDER_ROUNDS ?? 4);
const PAGES = process.env.BENCH_RENDER_PAGES ?? "/contacts,/touchpoints,/settings";
const SECRET = "bench-render-session-secret-not-for-production";

const compareIndex = process.argv.indexOf("--compare");
const compareRef = compareIndex >= 0 ? process.argv[compareIndex + 1] : undefined;
if (compareIndex >= 0 && !compareRef) throw new Error("--compare needs a git ref, e.g. --compare main");

type Tree = { label: string; dir: string; env: NodeJS.ProcessEnv; rounds: Record<string, number>[] };

const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
const trees: Tree[] = [];
let refDir: string | undefined;
try {
  if (compareRef) {
    refDir = checkOut(compareRef, "blusteam-bench-render-ref-");
    trees.push(await prepare(refDir, `${compareRef} (${revision(compareRef)})`, 0));
  }
  trees.push(await prepare(ROOT, `this worktree (${revision("HEAD")}${dirty() ? " + changes" : ""})`, 1));
  for (let round = 0; round < ROUNDS; round++) {
    for (const tree of round % 2 ? [...trees].reverse() : trees) {
      const output = runChild(tree.dir, tree.env);
      const figures = JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as Record<string, number>;
      tree.rounds.push(figures);
      console.log(`round ${round + 1}, ${tree.label}: ${formatFigures(figures)}`);
    }
  }
  printSummary();
} finally {
  for (let i = 0; i < 2; i++) await admin.unsafe(`drop database if exists bench_render_${i} with (force)`);
  await admin.end();
  if (refDir) rmSync(refDir, { recursive: true, force: true });
}

async function prepare(dir: string, label: string, index: number): Promise<Tree> {
  const buildDir = path.join(dir, "build-bench-render");
  console.log(`== ${label}: building into ${buildDir}...`);
  buildTree(dir, buildDir);
  const name = `bench_render_${index}`;
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const databaseUrl = new URL(SERVER_URL);
  databaseUrl.pathname = `/${name}`;
  const env = {
    ...process.env,
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "blusteam-bench-render-data-")),
    DATABASE_URL: databaseUrl.href,
    // Loopback: the demo company and users are seeded, as `npm start` does on a laptop.
    APP_URL: "http://localhost:3000",
    SESSION_SECRET: SECRET,
    RUN_WORKER: "false",
    BENCH_RENDER_PAGES: PAGES,
  };
  runChild(dir, { ...env, BENCH_RENDER_SEED: "true" });
  // As bench:pages: 500 more contacts for Demo Co, so its table has full pages.
  const database = postgres(databaseUrl.href, { max: 1, onnotice: () => {} });
  await addDemoContacts(database, 500);
  await database.end();
  return { label, dir, env, rounds: [] };
}

/** Runs scripts/bench-render-child.ts with `dir`, the tree under test, as its working directory; returns its output. */
function runChild(dir: string, env: NodeJS.ProcessEnv): string {
  return execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "scripts/bench-render-child.ts")],
    {
      cwd: dir,
      env,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function formatFigures(figures: Record<string, number>): string {
  return Object.entries(figures)
    .map(([page, ms]) => `${page} ${ms.toFixed(2)} ms`)
    .join(", ");
}

function printSummary() {
  console.log(`\n== bench:render summary: CPU per page, median of ${ROUNDS} rounds`);
  const medians = trees.map((tree) =>
    Object.fromEntries(PAGES.split(",").map((page) => [page, median(tree.rounds.map((r) => r[page]))])),
  );
  for (const [i, tree] of trees.entries()) console.log(`${tree.label}: ${formatFigures(medians[i])}`);
  if (trees.length === 2)
    console.log(
      `ratio (this worktree / ref): ${PAGES.split(",")
        .map((page) => `${page} x${(medians[1][page] / medians[0][page]).toFixed(2)}`)
        .join(", ")}`,
    );
}
