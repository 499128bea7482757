import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Web processes (server.ts on a build) and workers (scripts/worker.ts) started by a test, as an
 * operator would run them: each with its own empty DATA_DIR (nothing shared but the database) and
 * only the variables given. Resolved once the process says it is ready; `kill` is SIGKILL, a crash.
 */
export function appProcesses(options: { quiet: () => boolean }) {
  const started: { child: ChildProcess; dataDir: string }[] = [];

  function start(
    name: string,
    kind: "web" | "worker",
    env: Record<string, string>,
  ): Promise<ChildProcess & { pid: number }> {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `blusteam-${name}-`));
    const script = kind === "web" ? "server.ts" : "scripts/worker.ts";
    const child = spawn(process.execPath, ["--import", "tsx", script], {
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATA_DIR: dataDir, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.push({ child, dataDir });
    const ready = kind === "web" ? "is ready at" : "worker is running";
    const echo = (d: Buffer) => {
      if (!options.quiet()) process.stderr.write(`[${name}] ${d}`);
    };
    child.stderr?.on("data", echo);
    return new Promise((resolve, reject) => {
      child.stdout?.on("data", (d: Buffer) => {
        if (process.env.E2E_VERBOSE) echo(d);
        if (String(d).includes(ready)) resolve(child as ChildProcess & { pid: number });
      });
      child.once("exit", (code, signal) => reject(new Error(`${name} exited (${code ?? signal})`)));
    });
  }

  async function kill(child: ChildProcess) {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;
  }

  async function killAll() {
    const all = started.splice(0);
    await Promise.all(all.map(({ child }) => kill(child)));
    for (const { dataDir } of all) rmSync(dataDir, { recursive: true, force: true });
  }

  return { start, kill, killAll };
}
