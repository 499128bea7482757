import { closeDatabase } from "#db/client.server";

/**
 * What is left after every known failure is handled where it happens: an unhandled rejection or an
 * uncaught exception. The process state is unknown then, so it stops, but cleanly: the error is
 * logged, the database closed (the embedded PGlite's files must not be left half-written), and the
 * exit code is 1, so a supervisor (Docker, systemd) restarts it and sees that it failed.
 */
export function installProcessHandlers(processName: string) {
  const stop = fatalErrorHandler({
    processName,
    shutdown: closeDatabase,
    exit: (code) => process.exit(code),
  });
  process.on("unhandledRejection", (reason) => void stop("unhandled rejection", reason));
  process.on("uncaughtException", (error) => void stop("uncaught exception", error));
}

/** A shutdown that hangs must not keep a broken process alive. */
const SHUTDOWN_TIMEOUT_MS = 5_000;

export function fatalErrorHandler(options: {
  processName: string;
  shutdown: () => Promise<void>;
  exit: (code: number) => void;
}) {
  let stopping = false;
  return async (kind: string, error: unknown) => {
    console.error(`${options.processName}: ${kind}${stopping ? " while stopping" : ", stopping"}:`, error);
    if (stopping) return;
    // Node ends its own crash report with its version, which catching the error here suppressed: the
    // runtime is half of what a crash report needs (and which Node ran it: docs/decisions/0001-node-runtime.md).
    console.error(`Node.js ${process.version}`);
    stopping = true;
    const forced = setTimeout(() => options.exit(1), SHUTDOWN_TIMEOUT_MS);
    forced.unref();
    try {
      await options.shutdown();
    } catch (shutdownError) {
      console.error(`${options.processName}: could not close the database:`, shutdownError);
    } finally {
      clearTimeout(forced);
      options.exit(1);
    }
  };
}
