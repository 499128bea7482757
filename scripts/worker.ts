/**
 * `npm run worker`: a process that only runs background jobs (CSV imports, the journey dispatcher and
 * message sending, and the dispatcher's one-minute schedule), beside servers started with
 * RUN_WORKER=false or as extra capacity; any number of workers share the queues. It needs PostgreSQL (DATABASE_URL): the embedded PGlite
 * database belongs to the one server process. Uploaded files are read from DATA_DIR/uploads, which
 * the servers and workers must share.
 */
import { config } from "../app/config.server";
import { installProcessHandlers } from "../app/process-handlers.server";
import { startWorker, stopJobs } from "../app/services/jobs/jobs.server";
import { jobHandlers, workerStartHooks } from "../app/worker-handlers.server";
import { closeDatabase, databaseHandle } from "../db/client.server";

installProcessHandlers("worker");
const settings = config();
if (!settings.DATABASE_URL) {
  console.error(
    "npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database, npm start runs the jobs.",
  );
  process.exit(1);
}

const database = databaseHandle();
await database.migrate();
await startWorker(jobHandlers, workerStartHooks);
console.log(`${settings.PRODUCT_NAME} worker is running (uploads in ${settings.DATA_DIR}/uploads)`);

async function shutdown(signal: string) {
  console.log(`${signal} received, stopping the worker`);
  await stopJobs();
  await closeDatabase();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
