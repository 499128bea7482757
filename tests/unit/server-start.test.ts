import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, test } from "vitest";
import { exitWithOutput } from "../support/child-exit";

/**
 * `node --import tsx server.ts` as the Dockerfile runs it, with a production-like environment. The
 * checks run before the database is opened or the build is loaded, so no build is needed here.
 * (With SMTP_URL set it goes on to start: app/config.server.test.ts, db/seed.db.test.ts and
 * app/routes/dev/outbox.db.test.ts cover that it then has no outbox page and no demo users.)
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const dataDir = mkdtempSync(path.join(os.tmpdir(), "blusteam-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: rootDir,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      // Nothing listens: the checks stop the start first (or the test fails on "is ready at").
      PORT: "3209",
      DATA_DIR: dataDir,
      BUILD_DIR: path.join(dataDir, "no-build"),
      ...env,
    },
  });
  return exitWithOutput(child);
}

test("APP_URL=https://example.com without SMTP_URL refuses to start, naming SMTP_URL and DEV_OUTBOX", async () => {
  const { code, output } = await startServer({ APP_URL: "https://example.com" });
  expect(code).not.toBe(0);
  expect(output).toContain("APP_URL is https://example.com, not this machine, and SMTP_URL is unset");
  expect(output).toContain("DEV_OUTBOX=true");
  expect(output).not.toContain("is ready at");
});

test("a deployment without APP_URL refuses to start, naming APP_URL (issue 21)", async () => {
  const { code, output } = await startServer({ SMTP_URL: "smtp://mail.example.com:587" });
  expect(code).not.toBe(0);
  expect(output).toContain("APP_URL is unset, but this is a deployment, not the local trial (set: SMTP_URL)");
  expect(output).not.toContain("is ready at");
});

function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: rootDir,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...env },
  });
  let output = "";
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
}

test("a worker on a database on another machine without APP_URL refuses to start, naming APP_URL", async () => {
  const { code, output } = await startWorker({ DATABASE_URL: "postgres://app@db.internal:5432/blusteam" });
  expect(code).not.toBe(0);
  expect(output).toContain(
    "APP_URL is unset, but this is a deployment, not the local trial (set: DATABASE_URL (a database on another machine))",
  );
});

test("a deployed server without DATA_ENCRYPTION_KEY refuses to start, naming it (issue 32)", async () => {
  const { code, output } = await startServer({
    APP_URL: "https://example.com",
    SMTP_URL: "smtp://mail.example.com:587",
  });
  expect(code).not.toBe(0);
  expect(output).toContain(
    "APP_URL is https://example.com, not this machine, and DATA_ENCRYPTION_KEY is unset",
  );
  expect(output).not.toContain("is ready at");
});

test("a deployed worker without DATA_ENCRYPTION_KEY refuses to start, naming it (issue 32)", async () => {
  const { code, output } = await startWorker({
    APP_URL: "https://example.com",
    DATABASE_URL: "postgres://app@db.internal:5432/blusteam",
  });
  expect(code).not.toBe(0);
  expect(output).toContain(
    "APP_URL is https://example.com, not this machine, and DATA_ENCRYPTION_KEY is unset",
  );
});

test("TRUST_PROXY=true refuses to start, saying what to set instead", async () => {
  const { code, output } = await startServer({ TRUST_PROXY: "true" });
  expect(code).not.toBe(0);
  expect(output).toMatch(/TRUST_PROXY: true would believe an X-Forwarded-For written by the visitor/);
});
