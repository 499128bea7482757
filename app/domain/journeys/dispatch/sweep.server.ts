import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { config } from "~/config.server";
import type { Queryable } from "~/domain/kernel/scope";
import { rowsOf } from "../sql.server";
import { SENDING_TIMEOUT_SECONDS } from "./policy";
import { type Enqueue, enqueueMessages, enqueueSendJobs } from "./queue.server";

/** A queued message whose job was queued this long ago and has not run is re-queued. */
export function staleSeconds(): number {
  return config().JOURNEY_SEND_STALE_SECONDS;
}

const iso = (d: Date) => d.toISOString();
const REQUEUE_CHUNK = 5000;

/**
 * Sweep (in every dispatch job): re-queues jobs for queued messages whose job was lost, and fails
 * messages stuck in 'sending' for SENDING_TIMEOUT_SECONDS: whether the provider got them is unknown,
 * so they are never resent. The reason says why: "unknown_outcome" when the provider's answer was
 * lost (its worker marked it), else "interrupted" (the worker died during the call).
 */
export async function sweep(options: { now?: Date; enqueue?: Enqueue; db?: Queryable } = {}) {
  const now = options.now ?? new Date();
  const db = options.db ?? getDb();
  const stale = new Date(now.getTime() - staleSeconds() * 1000);
  const interrupted = await rowsOf<{ id: string }>(
    db,
    sql`update messages set status = 'failed',
          status_reason = case when status_reason = 'unknown_outcome' then 'unknown_outcome' else 'interrupted' end,
          updated_at = ${iso(now)}::timestamptz
        where status = 'sending' and updated_at < ${iso(new Date(now.getTime() - SENDING_TIMEOUT_SECONDS * 1000))}::timestamptz
        returning id`,
  );
  let requeued = 0;
  for (;;) {
    const lost = await rowsOf<{ id: string }>(
      db,
      sql`update messages set enqueued_at = ${iso(now)}::timestamptz
          where id in (
            select id from messages
            where status = 'queued' and send_after <= ${iso(now)}::timestamptz
              and (enqueued_at is null or enqueued_at < ${iso(stale)}::timestamptz)
            order by send_after limit ${REQUEUE_CHUNK} for update skip locked)
          returning id`,
    );
    if (lost.length === 0) break;
    requeued += lost.length;
    await enqueueMessages(
      options.enqueue ?? enqueueSendJobs,
      lost.map((r) => r.id),
    );
    if (lost.length < REQUEUE_CHUNK) break;
  }
  return { requeued, interrupted: interrupted.length };
}
