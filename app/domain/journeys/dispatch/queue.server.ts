import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import type { Queryable } from "~/domain/kernel/scope";
import { sendJob, sendJobs } from "~/services/jobs/jobs.server";
import { chunk, SEND_CHUNK } from "./policy";

/** The channel workers LISTEN on to dispatch at once instead of at the next minute. */
export const DISPATCH_CHANNEL = "journey_dispatch";

/** Queues send jobs; each batch of ids is one job. The stages use enqueueSendJobs; tests capture them. */
export type Enqueue = (batches: string[][], startAfter?: Date) => Promise<void>;

/** Queues one "journey-send" job per batch, starting at `startAfter` when given. */
export const enqueueSendJobs: Enqueue = (batches, startAfter) =>
  sendJobs(
    "journey-send",
    batches.map((messageIds) => ({ messageIds })),
    { startAfter },
  );

/**
 * The one enqueue loop: messages due now go in SEND_CHUNK jobs at once; messages due later (quiet
 * hours, a retry's backoff) get jobs that start when they are due (the sweeper is the backstop).
 */
export async function enqueueMessages(
  enqueue: Enqueue,
  now: string[],
  later: { id: string; until: Date }[] = [],
): Promise<void> {
  if (now.length > 0) await enqueue(chunk(now, SEND_CHUNK));
  const byTime = new Map<number, string[]>();
  for (const { id, until } of later) {
    const group = byTime.get(until.getTime());
    if (group) group.push(id);
    else byTime.set(until.getTime(), [id]);
  }
  for (const [time, group] of byTime) await enqueue(chunk(group, SEND_CHUNK), new Date(time));
}

/** Queues a dispatch job unless one is already waiting (the queue keeps one queued and one active). */
export async function queueDispatchJob(): Promise<void> {
  await sendJob("journey-dispatch", {});
}

/** Wakes the workers' dispatchers (they LISTEN on journey_dispatch): cheap, no pg-boss in this process. */
export async function notifyDispatcher(db: Queryable = getDb()): Promise<void> {
  await db.execute(sql`select pg_notify(${DISPATCH_CHANNEL}, '')`);
}
