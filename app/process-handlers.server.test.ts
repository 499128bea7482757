import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, vi } from "vitest";
import { fatalErrorHandler } from "./process-handlers.server";

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

test("a fatal error is logged, the database closed once, and the process exits with 1", async () => {
  const logged = vi.spyOn(console, "error").mockImplementation(() => {});
  const shutdown = vi.fn(async () => {});
  const exit = vi.fn();
  const stop = fatalErrorHandler({ processName: "server", shutdown, exit });

  await stop("unhandled rejection", new Error("connection lost"));
  await stop("uncaught exception", new Error("second failure"));

  expect(shutdown).toHaveBeenCalledTimes(1);
  expect(exit).toHaveBeenCalledWith(1);
  expect(logged.mock.calls.map((call) => String(call[0]))).toEqual([
    "server: unhandled rejection, stopping:",
    `Node.js ${process.version}`,
    "server: uncaught exception while stopping:",
  ]);
  expect(String(logged.mock.calls[0][1])).toContain("connection lost");
});

test("a shutdown that fails still exits with 1", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const exit = vi.fn();
  const stop = fatalErrorHandler({
    processName: "worker",
    shutdown: () => Promise.reject(new Error("already closed")),
    exit,
  });
  await stop("uncaught exception", new Error("boom"));
  expect(exit).toHaveBeenCalledWith(1);
});

test("installed in a process, an unhandled rejection is logged and ends it with exit code 1", () => {
  const script = [
    'import { installProcessHandlers } from "./app/process-handlers.server.ts";',
    'installProcessHandlers("probe");',
    'Promise.reject(new Error("lost connection to the database"));',
    "setTimeout(() => {}, 60_000);",
  ].join("\n");
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: rootDir,
    env: { ...process.env, DATA_DIR: process.env.DATA_DIR },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(child.stderr).toContain("probe: unhandled rejection, stopping:");
  expect(child.stderr).toContain("lost connection to the database");
  expect(child.status).toBe(1);
});
