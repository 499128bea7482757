/**
 * `npm run worker`: a process that only runs background jobs (CSV imports, the journey dispatcher and
 * message sending, and the dispatcher's one-minute schedule), beside servers started with
 * RUN_WORKER=false or as extra capacity; any number of workers share the queues. It needs PostgreSQL (DATABASE_URL): the embedded PGlite
 * database belongs to the one server process. Uploaded files are read from the database (or the S3
 * bucket), which every server and worker shares; no directory needs sharing.
 */
import {
  assertDataEncryptionKeyConfigured,
  assertPublicAddressConfigured,
  config,
} from "../app/config.server";
import { resealSecretsAtRest } from "../app/domain/platform/secrets-at-rest.server";
import { installProcessHandlers } from "../app/process-handlers.server";
import { startWorker, stopJobs } from "../app/services/jobs/jobs.server";
import { jobHandlers, workerStartHooks } from "../app/worker-handlers.server";
import { closeDatabase, databaseHandle } from "../db/client.server";
import { loadSharedSessionSecret } from "../db/start-up";

installProcessHandlers("worker");
const settings = config();
if (!settings.DATABASE_URL) {
  console.error(
    "npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database, npm start runs the jobs.",
  );
  process.exit(1);
}

assertPublicAddressConfigured(settings);
assertDataEncryptionKeyConfigured(settings);

const database = databaseHandle();
// Workers sign what servers check (emailed codes): the same secret, from the database.
await database.exclusive(async (migrate) => {
  await migrate();
  await loadSharedSessionSecret(database, settings);
});
await resealSecretsAtRest();
await startWorker(jobHandlers, workerStartHooks);
console.log(
  `${settings.PRODUCT_NAME} worker is running (Node ${process.version}, uploads in ${uploadsPlace(settings)})`,
);

function uploadsPlace(s: typeof settings) {
  return s.S3_BUCKET ? `the S3 bucket ${s.S3_BUCKET}` : "the database";
}

async function shutdown(signal: string) {
  console.log(`${signal} received, stopping the worker`);
  await stopJobs();
  await closeDatabase();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
