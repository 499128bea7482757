import { sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import type { Db } from "#db/client.server";
import { rowsOf } from "#db/rows";

/**
 * The move from pg-boss 10 (its schema version 24) to pg-boss 12. Neither 11 nor 12 migrates a
 * version 24 schema: 11 rewrote the job table (expire_in became expire_seconds, the archive table
 * went away, cron got schedule keys), its release notes say to move the jobs by hand, and 12's
 * migrations start from 11's schema (25). So, under the start-up lock:
 *
 * 1. before pg-boss starts, a version 24 schema is renamed pgboss_v10, and pg-boss 12 installs a
 *    fresh "pgboss" beside it;
 * 2. once our queues exist, every job of the old schema (queued, retrying, deferred, active, and the
 *    finished ones kept for their history) is copied with its id, state, retry count and dates, the
 *    old cron schedules are re-created through pg-boss, and the old schema is dropped, the copy and
 *    the drop in one transaction: a process that dies half-way starts the step again, and a job
 *    already copied (same queue and id) is not copied twice.
 *
 * pg-boss's own forwarding jobs (queues named __pgboss__*: v10's cron sends) are not copied: their
 * format is v10's, and the schedules themselves are, so the next tick is sent by pg-boss 12.
 * Every process running pg-boss 10 must be stopped before the first process on 12 starts (a deploy
 * replaces them all): a v10 worker still running would look for its tables under the old name.
 */

const OLD_SCHEMA_VERSION = 24;
export const VERSION_10_SCHEMA = "pgboss_v10";

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

async function schemaVersion(db: Db, schema: string): Promise<number | null> {
  const [table] = await rows<{ exists: boolean }>(
    db,
    sql`select to_regclass(${`${schema}.version`}) is not null as exists`,
  );
  if (!table.exists) return null;
  const [row] = await rows<{ version: number }>(
    db,
    sql`select version from ${sql.identifier(schema)}.version`,
  );
  return row ? Number(row.version) : null;
}

async function schemaExists(db: Db, schema: string): Promise<boolean> {
  const [row] = await rows<{ exists: boolean }>(
    db,
    sql`select exists (select 1 from pg_namespace where nspname = ${schema}) as exists`,
  );
  return row.exists;
}

/** Step 1, before pg-boss starts: a pg-boss 10 schema is set aside under its own name. */
export async function setAsidePgBoss10Schema(db: Db, schema: string): Promise<void> {
  const version = await schemaVersion(db, schema);
  if (version === null || version > OLD_SCHEMA_VERSION) return;
  if (version < OLD_SCHEMA_VERSION)
    throw new Error(
      `pg-boss schema version ${version} is older than pg-boss 10's; upgrade it with pg-boss 10 first`,
    );
  if (await schemaExists(db, VERSION_10_SCHEMA))
    throw new Error(
      `Both ${schema} and ${VERSION_10_SCHEMA} hold pg-boss 10's schema: move the jobs of one by hand before starting`,
    );
  await db.execute(
    sql`alter schema ${sql.identifier(schema)} rename to ${sql.identifier(VERSION_10_SCHEMA)}`,
  );
}

/** Step 2, once pg-boss 12 runs and our queues exist: the old jobs move in, the old schema goes. */
export async function moveInPgBoss10Jobs(db: Db, boss: PgBoss, schema: string): Promise<void> {
  if (!(await schemaExists(db, VERSION_10_SCHEMA))) return;
  const old = sql.identifier(VERSION_10_SCHEMA);
  const current = sql.identifier(schema);

  // A queue v10 had and our code no longer declares keeps its jobs (nobody works them): created with
  // its v10 options, so nothing is lost silently.
  const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
  const oldQueues = await rows<{
    name: string;
    policy: string | null;
    retry_limit: number | null;
    retry_delay: number | null;
    retry_backoff: boolean | null;
    expire_seconds: number | null;
  }>(
    db,
    sql`select name, policy, retry_limit, retry_delay, retry_backoff, expire_seconds
    from ${old}.queue where not starts_with(name, '__pgboss__') order by name`,
  );
  for (const queue of oldQueues) {
    if (existing.has(queue.name)) continue;
    await boss.createQueue(queue.name, {
      ...(queue.policy ? { policy: queue.policy } : {}),
      ...(queue.retry_limit !== null ? { retryLimit: queue.retry_limit } : {}),
      ...(queue.retry_delay !== null ? { retryDelay: queue.retry_delay } : {}),
      ...(queue.retry_backoff !== null ? { retryBackoff: queue.retry_backoff } : {}),
      ...(queue.expire_seconds ? { expireInSeconds: queue.expire_seconds } : {}),
    });
  }

  // v10 kept one schedule per queue; 12 keys them, the default key being v10's only one.
  const schedules = await rows<{
    name: string;
    cron: string;
    timezone: string | null;
    data: object | null;
    options: Record<string, unknown> | null;
  }>(
    db,
    sql`select name, cron, timezone, data, options from ${old}.schedule
    where not starts_with(name, '__pgboss__') order by name`,
  );
  for (const schedule of schedules)
    await boss.schedule(schedule.name, schedule.cron, schedule.data, {
      ...(schedule.options ?? {}),
      tz: schedule.timezone ?? "UTC",
    });

  // The archive holds v10's finished jobs moved out of the job table after 12 hours: history only.
  const columns = sql`id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff,
    start_after, started_on, singleton_key, singleton_on, expire_in, created_on, completed_on, keep_until,
    output, dead_letter, policy`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${current}.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay,
        retry_backoff, retry_delay_max, start_after, started_on, singleton_key, singleton_on,
        expire_seconds, deletion_seconds, created_on, completed_on, keep_until, output, dead_letter, policy)
      select old.id, old.name, old.priority, old.data, old.state::text::${current}.job_state, old.retry_limit,
        old.retry_count, old.retry_delay, old.retry_backoff, queue.retry_delay_max, old.start_after,
        old.started_on, old.singleton_key, old.singleton_on,
        greatest(1, extract(epoch from old.expire_in)::int), queue.deletion_seconds, old.created_on,
        old.completed_on, old.keep_until, old.output, old.dead_letter, old.policy
      from (
        select ${columns} from ${old}.job
        union all
        select ${columns} from ${old}.archive
      ) as old
      join ${current}.queue as queue on queue.name = old.name
      where not starts_with(old.name, '__pgboss__')
      on conflict do nothing`);
    await tx.execute(sql`drop schema ${old} cascade`);
  });
}
