import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type postgres from "postgres";

/** The repository this script runs from: "this worktree" of the benchmarks that compare two trees. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The ref's files in a temporary directory (git archive: no worktree bookkeeping), node_modules hard-linked. */
export function checkOut(ref: string, prefix: string): string {
  const tree = mkdtempSync(path.join(os.tmpdir(), prefix));
  console.log(`Checking out ${ref} into ${tree}...`);
  execFileSync("sh", ["-c", `git archive ${JSON.stringify(ref)} | tar -x -C ${JSON.stringify(tree)}`], {
    cwd: ROOT,
    stdio: "inherit",
  });
  execFileSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(tree, "node_modules")]);
  return tree;
}

export function revision(ref: string): string {
  return execFileSync("git", ["rev-parse", "--short", ref], { cwd: ROOT, encoding: "utf8" }).trim();
}

export function dirty(): boolean {
  return execFileSync("git", ["status", "--porcelain"], { cwd: ROOT, encoding: "utf8" }).trim() !== "";
}

/** `react-router build` of a tree into `buildDir` (inside the tree, so its server resolves the tree's packages). */
export function buildTree(tree: string, buildDir: string) {
  execFileSync("npx", ["react-router", "build"], {
    cwd: tree,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * `count` more contacts for Demo Co (seeded by a start with a loopback APP_URL), so its contacts table
 * has full pages; returns the company's id.
 */
export async function addDemoContacts(database: postgres.Sql, count: number): Promise<string> {
  const [account] = await database<{ id: string }[]>`select id from accounts where company = 'Demo Co'`;
  if (!account) throw new Error("Demo Co was not seeded (is APP_URL loopback?)");
  await database`
    insert into contacts (account_id, first_name, last_name, phone, email, is_active, created_at, updated_at)
    select ${account.id}::uuid, 'Bench' || n, 'Contact', '+1201555' || lpad(n::text, 4, '0'),
           'bench' || n || '@example.com', true, now() - n * interval '1 minute', now()
    from generate_series(1, ${count}::int) as n`;
  return account.id;
}

/** The login form's post for the demo member, to an app at `origin` (a server, or its build's handler). */
export function demoSignInRequest(origin: string): Request {
  return new Request(`${origin}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ email: "demo@blusteam.dev", password: "demo-password-1" }),
    redirect: "manual",
  });
}

/** The session cookie ("__session=...") a sign-in answered with. */
export function sessionCookieOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .find((pair) => pair.startsWith("__session="));
  if (!cookie) throw new Error(`signing in answered ${response.status} without a session cookie`);
  return cookie;
}
