import { randomUUID } from "node:crypto";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { csvImportErrors, csvImports, products } from "#db/schema";
import { companyCountry } from "~/domain/accounts/company-country.server";
import { listAttributes } from "~/domain/contacts/attributes.server";
import { logWithErrorId } from "~/domain/kernel/error-id.server";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope } from "~/domain/kernel/scope";
import { publishEvent } from "~/services/events/events.server";
import { sendJob } from "~/services/jobs/jobs.server";
import { FileTooLargeError, fileStorage, MAX_UPLOAD_BYTES } from "~/services/storage/storage.server";
import { applyBatch, type BatchOutcome, ImportTakenOverError, prepareBatch } from "./csv-batch.server";
import { type ColumnMap, type ImportAttribute, matchColumns } from "./csv-columns";
import type { ConsentDeclaration } from "./csv-consent";
import { releaseBatchMemory } from "./csv-import-memory.server";
import { HEADER_ROW } from "./csv-import-queries.server";
import { CsvByteReader, CsvFileError, formatCsvRecord, isBlankRecord } from "./csv-parser";
import { checkRow, encodeReasons, type ImportRow, isRowError, type RowError } from "./csv-rows";
import type { CsvImportSummary, ImportProblem } from "./csv-types";

/**
 * CSV import of contacts (spec 2 sections 2, 4 and 7 'processCSV'). The upload is stored and checked
 * as it streams in (encoding, header, row count); the import itself is a background job that reads
 * the stored file again and applies it in batches (csv-batch.server.ts), resuming after the last
 * committed batch when it is retried. Listing imports and reading their error reports is in
 * csv-import-queries.server.ts.
 */

export const IMPORT_BATCH_SIZE = 10_000;
const YIELD_EVERY_ROWS = 256;
const HEADER_REASON = encodeReasons([["header"]]);

type Uploader = AccountScope & { user: { id: string } };

export type StartImportResult = { ok: true; importId: string } | { ok: false; problem: ImportProblem };

/**
 * Stores an uploaded file and queues its import. The file is checked while it streams to storage:
 * a file that cannot be imported (binary, not UTF-8, empty, header only, too many columns, no known
 * column, over 100 MB) is refused and removed; nothing else changes.
 */
export async function startCsvImport(
  context: Uploader,
  upload: {
    filename: string;
    productIds: string[];
    source: AsyncIterable<Uint8Array>;
    /** The merchant's declaration that the file's contacts gave SMS consent (issue 20). */
    consent?: ConsentDeclaration | null;
  },
  enqueue: (importId: string) => Promise<unknown> = (importId) => sendJob("csv-import", { importId }),
): Promise<StartImportResult> {
  const accountId = context.account.id;
  const productIds = [...new Set(upload.productIds.filter((id) => id !== ""))];
  if (!(await productsBelongTo(accountId, productIds)))
    return { ok: false, problem: { key: "productNotFound" } };
  const attributes: ImportAttribute[] = await listAttributes(context, "contact");

  const importId = randomUUID();
  const storageKey = `csv-imports/${accountId}/${importId}.csv`;
  const reader = new CsvByteReader();
  let columns: ColumnMap | null = null;
  async function* checked() {
    for await (const chunk of upload.source) {
      reader.push(chunk);
      if (!columns && reader.header) columns = matchColumns(reader.header, attributes);
      yield chunk;
    }
  }
  let sizeBytes: number;
  try {
    sizeBytes = await fileStorage().write(storageKey, checked(), { maxBytes: MAX_UPLOAD_BYTES });
    reader.end();
    columns ??= matchColumns(reader.header ?? [], attributes);
  } catch (error) {
    await fileStorage().remove(storageKey);
    if (error instanceof CsvFileError) return { ok: false, problem: fileProblem(error) };
    if (error instanceof FileTooLargeError) return { ok: false, problem: { key: "fileErrors.tooLarge" } };
    throw error;
  }
  const map: ColumnMap = columns;

  const db = getDb();
  await db.transaction(async (tx) => {
    await tx.insert(csvImports).values({
      id: importId,
      accountId,
      userId: context.user.id,
      filename: cleanFilename(upload.filename),
      storageKey,
      sizeBytes,
      productIds,
      status: "queued",
      rowsTotal: reader.dataRows,
      unknownColumns: map.unknown,
      consentSource: upload.consent?.source ?? null,
      consentDate: upload.consent?.date ?? null,
    });
    await tx.insert(csvImportErrors).values({
      importId,
      rowNumber: HEADER_ROW,
      reason: HEADER_REASON,
      raw: formatCsvRecord(reader.header ?? []),
    });
  });
  try {
    await enqueue(importId);
  } catch (error) {
    const errorId = logWithErrorId(`CSV import ${importId} could not be queued`, error);
    await finishImport(importId, { key: "processingFailed", values: { errorId } });
    throw error;
  }
  await publishEvent({ topic: "csvImport", accountId, importId });
  return { ok: true, importId };
}

async function productsBelongTo(accountId: string, productIds: string[]) {
  if (productIds.length === 0) return true;
  if (!productIds.every(isUuid)) return false;
  const found = await getDb()
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.accountId, accountId), inArray(products.id, productIds)));
  return found.length === productIds.length;
}

function cleanFilename(name: string) {
  const base = path.basename(name.replace(/\\/g, "/")).trim();
  return (base || "contacts.csv").slice(0, 200);
}

function fileProblem(error: CsvFileError): ImportProblem {
  return { key: `fileErrors.${error.code}`, values: error.values };
}

export type RunOptions = {
  /** Aborted when the process stops: the import stops between batches (and resumes on retry). */
  signal?: AbortSignal;
  /** No retry follows: a failure is recorded on the import for the user. */
  lastAttempt?: boolean;
  batchSize?: number;
  /** Tests: called after each committed batch (throw to simulate a crash between batches). */
  afterBatch?: (outcome: BatchOutcome & { committedRows: number }) => Promise<void> | void;
};

/**
 * The job: imports the stored file from where the last committed batch left off. Nothing of a batch
 * is applied unless all of it is. Done and failed imports are left as they are.
 */
export async function runCsvImport(importId: string, options: RunOptions = {}): Promise<void> {
  const db = getDb();
  const [job] = await db.select().from(csvImports).where(eq(csvImports.id, importId));
  if (!job || job.status === "completed" || job.status === "failed") return;
  await db
    .update(csvImports)
    .set({ status: "processing" })
    .where(and(eq(csvImports.id, importId), inArray(csvImports.status, ["uploaded", "queued"])));
  await publishEvent({ topic: "csvImport", importId });

  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  const consent = {
    filename: job.filename,
    declaration:
      job.consentSource && job.consentDate ? { source: job.consentSource, date: job.consentDate } : null,
  };
  const attributes = await listAttributes({ account: { id: job.accountId } }, "contact");
  const country = await companyCountry({ account: { id: job.accountId } });
  const reader = new CsvByteReader();
  let map: ColumnMap | null = null;
  let position = 0; // data records read so far
  let batchStart = job.committedRows;
  let rows: ImportRow[] = [];
  let errors: RowError[] = [];
  // The batch being merged, settled with its outcome rather than left rejected: a batch that fails
  // while the next one is still being read (a lost connection, a takeover) would otherwise be an
  // unhandled rejection, which ends the process (on the embedded database, the web server).
  let inFlight: Promise<BatchSettled> | null = null;
  let failedBatch: BatchSettled | null = null;
  const settledBatch = async () => {
    const settled = await inFlight;
    if (settled && !settled.ok) throw settled.error;
  };

  // While a batch is merged in the database, the next one is read, checked and made ready here.
  const flush = async () => {
    if (position === batchStart) return;
    const plan = prepareBatch({
      accountId: job.accountId,
      importId,
      fromRecord: batchStart,
      toRecord: position,
      rows,
      errors,
      attributeIds: map?.attributes.map((a) => a.attribute.id) ?? [],
      productIds: job.productIds,
      userId: job.userId,
    });
    batchStart = position;
    rows = [];
    errors = [];
    // The database is still busy with the previous batch: a pause of this process costs nothing now.
    releaseBatchMemory();
    await settledBatch();
    options.signal?.throwIfAborted();
    inFlight = applyBatch(plan)
      .then((outcome) => options.afterBatch?.({ ...outcome, committedRows: plan.toRecord }))
      .then(
        (): BatchSettled => ({ ok: true }),
        (error: unknown): BatchSettled => {
          failedBatch = { ok: false, error };
          return failedBatch;
        },
      );
  };

  const take = async (records: string[][]) => {
    // A failed batch stops the reading at once rather than at the next batch's end.
    if (failedBatch && !failedBatch.ok) throw failedBatch.error;
    if (!map && reader.header) map = matchColumns(reader.header, attributes);
    for (const record of records) {
      const index = position++;
      if (index < job.committedRows) continue; // applied by an earlier attempt
      if (!isBlankRecord(record)) {
        const checked = checkRow(record, map!, reader.headerRow + index + 1, { country, consent });
        if (isRowError(checked)) errors.push(checked);
        else rows.push(checked);
      }
      if (rows.length + errors.length >= batchSize) await flush();
      // The merge of the previous batch goes on in the database in several round trips; each waits for
      // this loop to let its answer in. A chunk of the file is over a thousand rows (tens of
      // milliseconds of checks), so a pause every few hundred rows keeps those waits short.
      else if (position % YIELD_EVERY_ROWS === 0 && inFlight) await new Promise(setImmediate);
    }
  };

  try {
    for await (const chunk of fileStorage().read(job.storageKey)) await take(reader.push(chunk as Buffer));
    await take(reader.end());
    await flush();
    await settledBatch();
    await finishImport(importId, null, position);
  } catch (error) {
    // Never leave the merge running under a retry of this import.
    await inFlight;
    if (error instanceof ImportTakenOverError) return;
    if (error instanceof CsvFileError) return finishImport(importId, fileProblem(error), null);
    if (options.signal?.aborted) throw error;
    if (options.lastAttempt) {
      // The user sees words and an id; what the database or storage said goes to the log only.
      const errorId = logWithErrorId(`CSV import ${importId} failed`, error);
      await finishImport(importId, { key: "processingFailed", values: { errorId } }, null);
    }
    throw error;
  }
}

type BatchSettled = { ok: true } | { ok: false; error: unknown };

export type { CsvImportSummary, ImportProblem };

/**
 * Marks an import done (problem null) or failed, removes its stored file and tells the company's
 * pages. A done import is only marked by the worker that committed its last batch.
 */
async function finishImport(importId: string, problem: ImportProblem | null, position: number | null = null) {
  const db = getDb();
  const [row] = await db
    .update(csvImports)
    .set({
      status: problem ? "failed" : "completed",
      error: problem ? JSON.stringify(problem) : null,
      finishedAt: new Date(),
      ...(problem ? {} : { rowsTotal: sql`${csvImports.rowsDone}` }),
    })
    .where(
      and(
        eq(csvImports.id, importId),
        inArray(csvImports.status, ["uploaded", "queued", "processing"]),
        position === null ? undefined : eq(csvImports.committedRows, position),
      ),
    )
    .returning({ accountId: csvImports.accountId, storageKey: csvImports.storageKey });
  if (!row) return;
  await fileStorage().remove(row.storageKey);
  await publishEvent({ topic: "csvImport", accountId: row.accountId, importId });
}
