import { fromPglite, type JobResult, type JobWithMetadata, PgBoss } from "pg-boss";
import { databaseHandle } from "#db/client.server";
import { config } from "~/config.server";
import { yieldToWeb } from "~/services/http/web-load.server";
import { moveInPgBoss10Jobs, setAsidePgBoss10Schema } from "./pg-boss-10-upgrade.server";
import { type JobPayload, type QueueName, queueNames, queues, type SentJobId } from "./queues";

export type { JobPayload, QueueName };

/**
 * Background jobs: the one module that owns pg-boss. Jobs live in the app's own database (schema
 * "pgboss"); on PGlite pg-boss runs through the embedded database's handle, on PostgreSQL it opens a
 * small pool of its own, so any number of server and worker processes share the queues.
 *
 * Queues, their options and payload schemas are declared in queues.ts; sendJob and sendJobs are the
 * only ways to enqueue. The handlers come from the process that works (startWorker's caller), so a web
 * process that only sends jobs never imports them, and this module imports no domain code.
 */

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

export type JobHandler<Q extends QueueName = QueueName> = (
  payload: JobPayload<Q>,
  context: JobContext,
) => Promise<void>;

/** What a worker runs: one handler per queue. */
export type JobHandlers = { [Q in QueueName]: JobHandler<Q> };

/** Run when a worker starts (e.g. listen for wake-ups); each returns what stops it. */
export type WorkerStartHook = () => Promise<() => Promise<void>>;

type JobsState = {
  boss?: Promise<PgBoss>;
  workerIds: Map<string, string>;
  stopping: AbortController;
  /** What startWorker's onStart hooks return, run by stopJobs (e.g. stop listening). */
  stopHooks: (() => Promise<void>)[];
  /** Sends under way that nobody waits for (inBackground): finished before the jobs stop. */
  background: Set<Promise<unknown>>;
  /** Work gathered in memory that stopJobs queues before it stops (beforeJobsStop). */
  flushes: Set<() => Promise<void>>;
};

// Shared through globalThis, as the database handle is: server.ts and the server bundle each load a
// copy of this module, and a job sent from a route must reach the worker server.ts started.
const stateKey = Symbol.for("blusteam.jobs");
function state(): JobsState {
  const g = globalThis as typeof globalThis & { [stateKey]?: JobsState };
  g[stateKey] ??= {
    workerIds: new Map(),
    stopping: new AbortController(),
    stopHooks: [],
    background: new Set(),
    flushes: new Set(),
  };
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

const SCHEMA = "pgboss";

async function startBoss(): Promise<PgBoss> {
  const handle = databaseHandle();
  const common = { schema: SCHEMA };
  const boss =
    handle.raw.kind === "postgres"
      ? new PgBoss({
          ...common,
          connectionString: handle.raw.url,
          max: config().JOBS_POOL_SIZE,
          application_name: "blusteam-jobs",
        })
      : // One embedded database, one process: pg-boss's own cron clock and maintenance are enough.
        new PgBoss({ ...common, backend: "pglite", db: fromPglite(handle.raw.pglite) });
  boss.on("error", (error) => console.error("jobs:", error));
  // Processes starting together on a fresh database would install pg-boss's schema and create its
  // queues at once (a deadlock, 40P01): they take turns under the start-up lock, and a deadlock
  // with anything else is tried again. The first one on a database from pg-boss 10 moves its jobs.
  await handle.exclusive(async () => {
    await setAsidePgBoss10Schema(handle.db, SCHEMA);
    await boss.start();
    await retryOnDeadlock(async () => {
      const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
      for (const name of queueNames)
        if (!existing.has(name)) await boss.createQueue(name, queues[name].options);
    });
    await moveInPgBoss10Jobs(handle.db, boss, SCHEMA);
  });
  return boss;
}

async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== "40P01" || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt + Math.random() * 200));
    }
  }
}

/** Queues a job with its checked payload; returns its id (null when a "short" queue already has one waiting). */
export async function sendJob<Q extends QueueName>(
  queue: Q,
  payload: JobPayload<Q>,
  options: { startAfter?: Date } = {},
): Promise<SentJobId<Q>> {
  const boss = await jobs();
  const data = queues[queue].payload.parse(payload) as object;
  const id = await boss.send(queue, data, options.startAfter ? { startAfter: options.startAfter } : {});
  const queueOptions = queues[queue].options;
  if (!id && !("policy" in queueOptions && queueOptions.policy === "short"))
    throw new Error(`The job was not queued on ${queue}`);
  wakeLocalWorker(boss, queue);
  return id as SentJobId<Q>;
}

/**
 * Work on the queue that nobody waits for (a send that must not hold up an answer): its failure is
 * logged, and stopJobs waits for it before it stops.
 */
export function inBackground(what: string, work: () => Promise<void>): Promise<void> {
  const { background } = state();
  const done = work().catch((error: unknown) => console.error(`${what} failed`, error));
  background.add(done);
  void done.finally(() => background.delete(done));
  return done;
}

/** Queues many jobs of one queue in one statement (pg-boss insert), each payload checked. */
export async function sendJobs<Q extends QueueName>(
  queue: Q,
  payloads: JobPayload<Q>[],
  options: { startAfter?: Date } = {},
): Promise<void> {
  if (payloads.length === 0) return;
  const boss = await jobs();
  await boss.insert(
    queue,
    payloads.map((payload) => ({
      data: queues[queue].payload.parse(payload) as object,
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    })),
  );
  wakeLocalWorker(boss, queue);
}

/** A worker in this process starts a new job now instead of at its next poll. */
function wakeLocalWorker(boss: PgBoss, queue: QueueName) {
  const workerId = state().workerIds.get(queue);
  if (workerId) boss.notifyWorker(workerId);
}

/**
 * Works every queue in this process with the caller's handlers, `concurrency` jobs at a time per
 * queue, and creates the schedules. On PGlite (one process only) jobs left active by a process that
 * died are failed at once, so their retry starts now rather than after the expiry.
 */
export async function startWorker(handlers: JobHandlers, onStart: WorkerStartHook[] = []): Promise<void> {
  const boss = await jobs();
  const s = state();
  if (databaseHandle().raw.kind === "pglite") await failOrphanedJobs(boss);
  for (const queue of queueNames) {
    if (s.workerIds.has(queue)) continue;
    const definition = queues[queue];
    const handler = handlers[queue] as JobHandler;
    const yieldsToWeb = "yieldsToWeb" in definition && definition.yieldsToWeb;
    const work = async (job: JobWithMetadata<object>) => {
      if (yieldsToWeb) await yieldToWeb();
      return handler(definition.payload.parse(job.data) as JobPayload<QueueName>, {
        jobId: job.id,
        retryCount: job.retryCount,
        lastAttempt: job.retryCount >= job.retryLimit,
        signal: s.stopping.signal,
      });
    };
    const batchSize = "batchSize" in definition ? definition.batchSize : 1;
    // perJobResults: the handler says how each job of a batch ended, and pg-boss settles each.
    const options = {
      batchSize,
      pollingIntervalSeconds: 1,
      includeMetadata: true,
      perJobResults: true,
    } as const;
    const lanes = "concurrency" in definition ? definition.concurrency : 1;
    // A lane fetches once per polling interval unless woken: a queue that must keep up with many
    // small jobs takes a batch per fetch and runs its jobs one by one. Each job fails on its own
    // (with its error as the job's output, as pg-boss stores a thrown one), the rest complete.
    const workBatch = async (batch: JobWithMetadata<object>[]): Promise<JobResult[]> => {
      const results: JobResult[] = [];
      for (const job of batch) {
        try {
          if (batch.length > 1 && s.stopping.signal.aborted)
            throw new Error("the worker stopped before this job");
          await work(job);
          results.push({ id: job.id, status: "completed" });
        } catch (error) {
          results.push({
            id: job.id,
            status: "failed",
            output: error instanceof Error ? error : new Error(String(error)),
          });
        }
      }
      return results;
    };
    // Each boss.work is one lane; the last one's id is the one sendJob wakes.
    let workerId = "";
    for (let lane = 0; lane < lanes; lane++) workerId = await boss.work(queue, options, workBatch);
    s.workerIds.set(queue, workerId);
  }
  for (const queue of queueNames) {
    const definition = queues[queue];
    if ("schedule" in definition) await boss.schedule(queue, definition.schedule);
  }
  for (const start of onStart) s.stopHooks.push(await start());
}

async function failOrphanedJobs(boss: PgBoss) {
  for (const queue of queueNames) {
    const { rows } = await boss
      .getDb()
      .executeSql("select id from pgboss.job where name = $1 and state = 'active'", [queue]);
    for (const row of rows as { id: string }[])
      await boss.fail(queue, row.id, { reason: "the process running it stopped" });
  }
}

/**
 * Registers work a module gathers in memory before it queues it (the CRM's page loads, batched for
 * 5 s): stopJobs, which every shutdown path calls (server.ts, scripts/worker.ts), runs `flush` first,
 * while jobs can still be sent, so the process stops without losing it. Kept in the shared state:
 * server.ts and the server bundle each load their own copy of such a module.
 */
export function beforeJobsStop(flush: () => Promise<void>): void {
  state().flushes.add(flush);
}

/**
 * Stops working and sending: what beforeJobsStop registered is queued first (starting pg-boss if
 * nothing was sent yet), then running handlers are told to stop and given `timeoutMs` to finish.
 */
export async function stopJobs(timeoutMs = 10_000): Promise<void> {
  const s = state();
  for (const flush of s.flushes)
    await flush().catch((error) => console.error("jobs: work kept in memory was lost at stop", error));
  // Taken before the first await: a second stop (SIGTERM during a test's own stop) clears s.boss.
  const starting = s.boss;
  if (!starting) return;
  s.stopping.abort();
  // A send finishing may start another (a batch stored meanwhile): wait until none is left.
  while (s.background.size > 0) await Promise.all([...s.background]);
  for (const stop of s.stopHooks.splice(0)) await stop().catch(() => {});
  const boss = await starting.catch(() => undefined);
  // A graceful stop waits (up to the timeout) for running handlers before it closes the pool.
  await boss?.stop({ graceful: true, timeout: timeoutMs });
  s.boss = undefined;
  s.workerIds.clear();
  s.stopping = new AbortController();
}
