import { type ChildProcess, spawn } from "node:child_process";

/**
 * Real worker processes (scripts/worker.ts) for the crash tests: started with the given environment,
 * resolved once the worker says it is running, and killed with SIGKILL as a crash would.
 * Node itself runs the script with tsx's loader, not the tsx command: the command runs the script
 * in a child process of its own, which a SIGKILL to the command would leave running.
 */
export function workerProcesses(options: { quiet: () => boolean }) {
  const children: ChildProcess[] = [];

  function start(name: string, env: Record<string, string>): Promise<ChildProcess> {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
      env: { ...process.env, SMTP_URL: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    child.stderr?.on("data", (d) => {
      if (!options.quiet()) process.stderr.write(`[${name}] ${d}`);
    });
    return new Promise((resolve, reject) => {
      child.stdout?.on("data", (d) => {
        if (String(d).includes("worker is running")) resolve(child);
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

  /** Kills every worker this set started (afterEach / afterAll). */
  async function killAll() {
    await Promise.all(children.splice(0).map(kill));
  }

  return { start, kill, killAll };
}
