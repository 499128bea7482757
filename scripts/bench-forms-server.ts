/**
 * The server of `npm run bench:forms` (started by scripts/bench-forms.ts with the scratch database in
 * DATABASE_URL): the app's Express front as server.ts builds it (proxy trust, compression, the
 * cross-origin refusal, the database gate, the body limit, the client address, and the public form's
 * fast path to its route's answers), on a free port; with RUN_WORKER=true, the job worker in this process
 * as `npm start` runs it. Any other URL is a 404 here (server.ts hands them to React Router).
 * Prints "listening on {port}" when ready.
 */
import { config } from "../app/config.server";
import { createExpressApp } from "../app/express-app.server";
import * as publicFormRoute from "../app/routes/public/public-form.server";
import { startWorker, stopJobs } from "../app/services/jobs/jobs.server";
import { jobHandlers, workerStartHooks } from "../app/worker-handlers.server";
import { closeDatabase, databaseHandle } from "../db/client.server";

const settings = config();
const database = databaseHandle();
if (settings.RUN_WORKER === "true") await startWorker(jobHandlers, workerStartHooks);
const app = createExpressApp({
  settings,
  pingDatabase: () => database.db.execute("select 1"),
  databaseCanBeDown: true,
  publicFormRoute,
  handler: (_req, res) => {
    res.status(404).end();
  },
});
const server = app.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`listening on ${typeof address === "object" && address ? address.port : "?"}`);
});
server.keepAliveTimeout = 65_000;
process.on("SIGTERM", async () => {
  server.close();
  await stopJobs(5_000);
  await closeDatabase();
  process.exit(0);
});
