/**
 * What a server or a worker does when it starts, and nothing after (the concurrent-start test runs
 * four at once on an empty database): `START_AS=server` migrates and seeds as server.ts does,
 * `START_AS=worker` migrates as scripts/worker.ts does; both load the shared session secret, seal
 * secrets at rest again under the current key, install pg-boss with its queues and start working
 * them (with handlers that do nothing), then stop. Prints
 * "started <sha256 of the session secret>" and exits 0, or exits 1 with the error.
 */
import { createHash } from "node:crypto";
import { config } from "../../app/config.server";
import { resealSecretsAtRest } from "../../app/domain/platform/secrets-at-rest.server";
import { type JobHandlers, startWorker, stopJobs } from "../../app/services/jobs/jobs.server";
import { queueNames } from "../../app/services/jobs/queues";
import { closeDatabase, databaseHandle } from "../../db/client.server";
import { seedAll } from "../../db/seed";
import { loadSharedSessionSecret } from "../../db/start-up";

const settings = config();
const database = databaseHandle();
try {
  if (process.env.START_AS === "worker")
    await database.exclusive(async (migrate) => {
      await migrate();
      await loadSharedSessionSecret(database, settings);
    });
  else await seedAll(database, settings);
  await resealSecretsAtRest();
  const idle = Object.fromEntries(
    queueNames.map((queue) => [queue, async () => {}]),
  ) as unknown as JobHandlers;
  await startWorker(idle);
  await stopJobs(2_000);
  await closeDatabase();
  console.log(`started ${createHash("sha256").update(settings.sessionSecret).digest("hex")}`);
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
