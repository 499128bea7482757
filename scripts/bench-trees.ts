import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

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
