import PgBoss from "pg-boss";
import { databaseHandle } from "#db/client.server";
import { pgliteExecutor } from "./pglite-executor.server";

/**
 * Background jobs: the one module that owns pg-boss. Jobs live in the app's own database (schema
 * "pgboss"); on PGlite pg-boss runs through the embedded database's handle, on PostgreSQL it opens a
 * small pool of its own, so any number of server and worker processes share the queues.
 *
 * A queue's retries and expiry are declared here. Handlers are registered in handlers.server.ts,
 * loaded only by processes that work (startWorker), so a web process that only sends jobs never
 * imports them.
 */

export const queues = {
  /** One uploaded contacts file. Resumes after its last committed batch when retried. */
  csvImport: {
    name: "csv-import",
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    // A worker that dies mid-import leaves its job active; after this long another worker takes it
    // over (the import's own bookkeeping stops two workers from applying the same batch).
    expireInSeconds: 30 * 60,
  },
  /**
   * Due enrollments → messages (app/domain/journeys/dispatcher.server.ts). At most one waits ("short"),
   * so wake-ups do not pile up; several may run (claims skip each other's rows), and one left active by
   * a dead worker blocks nothing.
   */
  journeyDispatch: {
    name: "journey-dispatch",
    policy: "short",
    retryLimit: 2,
    retryDelay: 5,
    expireInSeconds: 5 * 60,
  },
  /** A chunk of messages to send; each message is claimed once, so a retried job never sends twice. */
  journeySend: {
    name: "journey-send",
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
  },
} satisfies Record<string, PgBoss.Queue>;

/** Jobs a worker process runs at once per queue (default 1). */
const concurrency: Partial<Record<QueueName, number>> = { "journey-send": 3 };

/** Cron schedules (UTC) created by every worker; pg-boss runs each once per tick across processes. */
const schedules: Partial<Record<QueueName, string>> = { "journey-dispatch": "* * * * *" };

export type QueueName = (typeof queues)[keyof typeof queues]["name"];

/** What a handler knows of its job besides the data. */
export type JobContext = {
  jobId: string;
  /** 0 on the first try. */
  retryCount: number;
  /** No retry follows if this attempt fails: the handler records the failure for the user. */
  lastAttempt: boolean;
  /** Aborted when the process stops: stop at the next safe point and throw (the job is retried). */
  signal: AbortSignal;
};

export type JobHandler = (data: Record<string, unknown>, context: JobContext) => Promise<void>;

type JobsState = {
  boss?: Promise<PgBoss>;
  workerIds: Map<string, string>;
  stopping: AbortController;
  /** What startWorker's onWorkerStart hooks return, run by stopJobs (e.g. stop listening). */
  stopHooks: (() => Promise<void>)[];
};

// Shared through globalThis, as the database handle is: server.ts and the server bundle each load a
// copy of this module, and a job sent from a route must reach the worker server.ts started.
const stateKey = Symbol.for("blusteam.jobs");
function state(): JobsState {
  const g = globalThis as typeof globalThis & { [stateKey]?: JobsState };
  g[stateKey] ??= { workerIds: new Map(), stopping: new AbortController(), stopHooks: [] };
  return g[stateKey];
}

/** The started pg-boss of this process (installed and its queues created on first use). */
export function jobs(): Promise<PgBoss> {
  const s = state();
  s.boss ??= startBoss().catch((error) => {
    s.boss = undefined;
    throw error;
  });
  return s.boss;
}

async function startBoss(): Promise<PgBoss> {
  const handle = databaseHandle();
  const common = { schema: "pgboss" };
  const boss =
    handle.raw.kind === "postgres"
      ? new PgBoss({ ...common, connectionString: handle.raw.url, max: 4, application_name: "blusteam-jobs" })
      : // One embedded database, one process: pg-boss's own cron clock and maintenance are enough.
        new PgBoss({ ...common, db: pgliteExecutor(handle.raw.pglite) });
  boss.on("error", (error) => console.error("jobs:", error));
  await boss.start();
  for (const queue of Object.values(queues)) await boss.createQueue(queue.name, queue);
  return boss;
}

/** Queues a job; returns its id. */
export async function sendJob(queue: QueueName, data: Record<string, unknown>): Promise<string> {
  const boss = await jobs();
  const id = await boss.send(queue, data);
  if (!id) throw new Error(`The job was not queued on ${queue}`);
  // A worker in this process starts it now instead of at its next poll.
  const workerId = state().workerIds.get(queue);
  if (workerId) boss.notifyWorker(workerId);
  return id;
}

/**
 * Works every queue in this process: one job at a time per queue. Loads the handlers. On PGlite
 * (one process only) jobs left active by a process that died are failed at once, so their retry
 * starts now rather than after the expiry.
 */
export async function startWorker(): Promise<void> {
  const boss = await jobs();
  const s = state();
  const { jobHandlers, onWorkerStart } = await import("./handlers.server");
  if (databaseHandle().raw.kind === "pglite") await failOrphanedJobs(boss);
  for (const queue of Object.values(queues)) {
    if (s.workerIds.has(queue.name)) continue;
    const handler: JobHandler = jobHandlers[queue.name];
    for (let extra = 1; extra < (concurrency[queue.name] ?? 1); extra++)
      await boss.work<Record<string, unknown>>(
        queue.name,
        { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          await handler(job.data, {
            jobId: job.id,
            retryCount: job.retryCount,
            lastAttempt: job.retryCount >= job.retryLimit,
            signal: s.stopping.signal,
          });
        },
      );
    const workerId = await boss.work<Record<string, unknown>>(
      queue.name,
      { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
      async ([job]) => {
        if (!job) return;
        await handler(job.data, {
          jobId: job.id,
          retryCount: job.retryCount,
          lastAttempt: job.retryCount >= job.retryLimit,
          signal: s.stopping.signal,
        });
      },
    );
    s.workerIds.set(queue.name, workerId);
  }
  for (const [name, cron] of Object.entries(schedules)) if (cron) await boss.schedule(name, cron);
  for (const start of onWorkerStart) s.stopHooks.push(await start());
}

async function failOrphanedJobs(boss: PgBoss) {
  for (const queue of Object.values(queues)) {
    const { rows } = await boss
      .getDb()
      .executeSql("select id from pgboss.job where name = $1 and state = 'active'", [queue.name]);
    for (const row of rows as { id: string }[])
      await boss.fail(queue.name, row.id, { reason: "the process running it stopped" });
  }
}

/** Stops working and sending: running handlers are told to stop, then given `timeoutMs` to finish. */
export async function stopJobs(timeoutMs = 10_000): Promise<void> {
  const s = state();
  if (!s.boss) return;
  s.stopping.abort();
  for (const stop of s.stopHooks.splice(0)) await stop().catch(() => {});
  const boss = await s.boss.catch(() => undefined);
  await boss?.stop({ graceful: true, wait: true, timeout: timeoutMs });
  s.boss = undefined;
  s.workerIds.clear();
  s.stopping = new AbortController();
}
