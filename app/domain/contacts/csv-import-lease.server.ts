import { randomUUID } from "node:crypto";
import os from "node:os";
import { sql } from "drizzle-orm";
import { databaseHandle, getDb } from "#db/client.server";
import { rowsOf } from "#db/rows";
import { config } from "~/config.server";
import { isUuid } from "~/domain/kernel/ids";
import { publishEvent } from "~/services/events/events.server";
import { sendJob } from "~/services/jobs/jobs.server";
import { runCsvImport } from "./csv-import.server";

/**
 * Who is running a CSV import (issue 21). The worker that runs it holds a lease
 * (csv_import_leases) and renews it every third of CSV_IMPORT_LEASE_SECONDS while the import runs.
 * A worker that dies stops renewing; every worker sweeps for leases left to expire and queues the
 * import again, and whichever worker takes it resumes after the last committed batch. So a killed
 * worker's import goes on within about twice the lease (well under 2 minutes by default), instead
 * of after pg-boss's 30-minute expiry. The batches' own bookkeeping (committed_rows) still stops two
 * workers from applying the same batch; the lease stops them from both reading the file.
 */

/** This process, as lease holders are named (the multi-process test kills the holder by its pid). */
export const leaseOwner = () => `${os.hostname()}:${process.pid}`;

const RESUME_PREFIX = "resume:";

function leaseSeconds() {
  return config().CSV_IMPORT_LEASE_SECONDS;
}

/**
 * Takes the import's lease: free, expired, handed over by a sweep, or already this process's.
 * Returns false while another live worker holds it, and for an import that is gone or finished.
 */
export async function takeImportLease(importId: string, owner = leaseOwner()): Promise<boolean> {
  if (!isUuid(importId)) return false;
  const rows = await getDb().execute(sql`
    insert into csv_import_leases (import_id, owner, expires_at)
    select id, ${owner}, now() + make_interval(secs => ${leaseSeconds()}) from csv_imports
    where id = ${importId} and status in ('uploaded', 'queued', 'processing')
    on conflict (import_id) do update set owner = excluded.owner, expires_at = excluded.expires_at
      where csv_import_leases.expires_at < now()
         or csv_import_leases.owner = excluded.owner
         or csv_import_leases.owner like ${`${RESUME_PREFIX}%`}
    returning import_id`);
  return rowsOf(rows).length > 0;
}

/** The heartbeat: false when the lease is no longer ours (it expired and another worker took it). */
export async function renewImportLease(importId: string, owner = leaseOwner()): Promise<boolean> {
  const rows = await getDb().execute(sql`
    update csv_import_leases set expires_at = now() + make_interval(secs => ${leaseSeconds()})
    where import_id = ${importId} and owner = ${owner}
    returning import_id`);
  return rowsOf(rows).length > 0;
}

/** Lets go at once (a stop or a failure): the retry, here or on another worker, may take it now. */
async function releaseImportLease(importId: string, owner = leaseOwner()) {
  await getDb().execute(sql`
    update csv_import_leases set expires_at = now() where import_id = ${importId} and owner = ${owner}`);
}

/**
 * The csv-import job: the import under this worker's lease, renewed while it runs. Another live
 * worker holding the lease means the job has nothing to do (a copy queued by a sweep, or pg-boss
 * retrying a job whose import was taken over).
 */
export async function runLeasedCsvImport(
  importId: string,
  options: { signal?: AbortSignal; lastAttempt?: boolean } = {},
): Promise<void> {
  if (!(await takeImportLease(importId))) return;
  const lost = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, lost.signal]) : lost.signal;
  const heartbeat = setInterval(
    () => {
      renewImportLease(importId).then(
        (ours) => {
          if (!ours) lost.abort(new Error("the import's lease was taken over"));
        },
        // A missed beat (the database busy for a moment) is not a lost lease: the next one may land.
        (error) => console.warn(`CSV import ${importId}: lease not renewed:`, error),
      );
    },
    Math.max(1000, (leaseSeconds() * 1000) / 3),
  );
  try {
    await runCsvImport(importId, { signal, lastAttempt: options.lastAttempt });
  } catch (error) {
    // Taken over by another worker after this one stalled past its lease: that worker goes on.
    if (lost.signal.aborted && !options.signal?.aborted) return;
    throw error;
  } finally {
    clearInterval(heartbeat);
    if (!lost.signal.aborted) await releaseImportLease(importId).catch(() => undefined);
  }
}

type StalledImport = { import_id: string; account_id: string };

/**
 * Queues again every running import whose lease expired (its worker died), claiming each in one
 * statement so that of several workers sweeping at once one queues it. Returns the imports resumed.
 */
export async function resumeStalledImports(
  enqueue: (importId: string) => Promise<unknown> = (importId) => sendJob("csv-import", { importId }),
): Promise<string[]> {
  const resumed = rowsOf<StalledImport>(
    await getDb().execute(sql`
      update csv_import_leases l
      set owner = ${RESUME_PREFIX} || ${randomUUID()},
          expires_at = now() + make_interval(secs => ${leaseSeconds()}),
          resumes = l.resumes + 1,
          resumed_at = now()
      from csv_imports i
      where i.id = l.import_id
        and i.status in ('uploaded', 'queued', 'processing')
        and l.expires_at < now()
        and l.owner not like ${`${RESUME_PREFIX}%`}
      returning l.import_id, i.account_id`),
  );
  // A claimed import whose new job was itself lost is claimed again once this claim expires.
  const handedOver = rowsOf<StalledImport>(
    await getDb().execute(sql`
      update csv_import_leases l set expires_at = now() + make_interval(secs => ${leaseSeconds()})
      from csv_imports i
      where i.id = l.import_id
        and i.status in ('uploaded', 'queued', 'processing')
        and l.expires_at < now()
        and l.owner like ${`${RESUME_PREFIX}%`}
      returning l.import_id, i.account_id`),
  );
  for (const row of [...resumed, ...handedOver]) {
    await enqueue(row.import_id);
    await publishEvent({ topic: "csvImport", accountId: row.account_id, importId: row.import_id });
  }
  return [...resumed, ...handedOver].map((row) => row.import_id);
}

/**
 * The sweep every worker runs (a worker start hook), every third of the lease. On the embedded
 * database one process owns every import: leases left by its previous run are released at once.
 */
export async function startImportLeaseSweep(): Promise<() => Promise<void>> {
  if (databaseHandle().kind === "pglite")
    await getDb().execute(sql`update csv_import_leases set expires_at = now() where expires_at > now()`);
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(
    () => {
      running = resumeStalledImports().catch((error) => console.error("CSV import lease sweep:", error));
    },
    Math.max(1000, (leaseSeconds() * 1000) / 3),
  );
  return async () => {
    clearInterval(timer);
    await running;
  };
}
