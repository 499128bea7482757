import type { ChildProcess } from "node:child_process";

/**
 * A child's exit code and everything it printed (stdout and stderr, interleaved as they came). A child
 * still running after `timeoutMs` is killed, so a start that should have been refused fails its test
 * instead of hanging it.
 */
export function exitWithOutput(
  child: ChildProcess,
  timeoutMs = 60_000,
): Promise<{ code: number | null; output: string }> {
  let output = "";
  const collect = (chunk: Buffer | string) => {
    output += chunk;
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
