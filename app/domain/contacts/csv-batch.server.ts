import { randomFillSync } from "node:crypto";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Transaction as PgliteTransaction } from "@electric-sql/pglite";
import type postgres from "postgres";
import { databaseHandle } from "#db/client.server";
import { keysRepeat, mergeStatement } from "./csv-merge-sql";
import { formatCsvRecord } from "./csv-parser";
import { encodeReasons, type ImportRow, type RowError, type RowReason } from "./csv-rows";

/**
 * Applies one batch of an import in one transaction: the batch's rows are loaded with COPY into a
 * staging table, merged into contacts with one set-based statement (update the contacts matched by
 * phone, then by email; insert the others; set their attribute values; link them to the chosen
 * products), the refused rows are written to csv_import_errors, and the import's committed position
 * moves past the batch. A crash before the commit leaves nothing of the batch; a crash after it
 * leaves all of it, and the import resumes at the committed position.
 */

export type BatchPlan = {
  accountId: string;
  importId: string;
  /** Position (data records read) the import must be at for this batch to apply. */
  fromRecord: number;
  toRecord: number;
  rows: ImportRow[];
  errors: RowError[];
  attributeIds: string[];
  productIds: string[];
  /** Who started the import: recorded on the consent events it writes. */
  userId?: string | null;
};

export type BatchOutcome = { imported: number; failed: number; added: number };

/** Another worker moved the import on (a job taken over after its expiry): this one stops. */
export class ImportTakenOverError extends Error {
  constructor() {
    super("The import was continued by another worker");
    this.name = "ImportTakenOverError";
  }
}

/** Settings of a batch's transaction (set_config(..., true): they end with it). */
const BATCH_SETTINGS = {
  // The batch's sorts in memory; the search index's pending list (GIN fastupdate) is merged into it
  // once per several batches, in bulk, rather than several times per batch (autovacuum merges what is
  // left), and that merge sorts in maintenance_work_mem when autovacuum does it in this session's
  // stead. Set here, per transaction, on the import's connection only (set_config(..., true)).
  work_mem: "64MB",
  maintenance_work_mem: "128MB",
  gin_pending_list_limit: "64MB",
  // Every join of the merge looks rows up by a unique key: btree index lookups, never a scan of all
  // the company's contacts (which grows with each batch of a large file, faster than its
  // statistics), nor a bitmap scan (which sorts the few rows it finds by page for nothing).
  enable_hashjoin: "off",
  enable_mergejoin: "off",
  enable_material: "off",
  enable_bitmapscan: "off",
  // The commit does not wait for its WAL to reach the disk. Safe here: a crash may lose only the
  // last batches' commits, all of each (the WAL is written in order), and their committed position
  // with them, so the retried job redoes exactly those batches. Whatever another session wrote
  // after reading such a batch (a journey enrollment, a message) is durable only with it: its own
  // synchronous commit flushes the WAL up to and past the batch's commit record.
  // (Never plan_cache_mode=force_custom_plan: the foreign key checks of every inserted row run as
  // cached plans in this transaction too, and replanning them tripled the merge's time.)
  synchronous_commit: "off",
  // The merge's estimated cost passes jit_above_cost as the company grows; compiling it took longer
  // than it saved (a few percent of the batch's time in LLVM).
  jit: "off",
};
/** What a batch needs of a connection inside its transaction, the same on both databases. */
type BatchConnection = {
  query: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;
  copyIn: (table: string, columns: string[], data: string) => Promise<void>;
};

/** A batch with its COPY text built, ready to be sent. */
export type PreparedBatch = BatchPlan & { stage: string; keysRepeat: boolean };

/**
 * Builds what the batch sends (its COPY text, and whether its keys repeat), so that the caller can
 * do it while the database still merges the previous batch.
 */
export function prepareBatch(plan: BatchPlan): PreparedBatch {
  return {
    ...plan,
    stage: plan.rows.length > 0 ? stageText(plan.rows) : "",
    keysRepeat: keysRepeat(plan.rows),
  };
}

export async function applyBatch(batch: BatchPlan | PreparedBatch): Promise<BatchOutcome> {
  const plan = "stage" in batch ? batch : prepareBatch(batch);
  const raw = databaseHandle().raw;
  if (raw.kind === "postgres") return raw.sql.begin((tx) => runBatch(postgresConnection(tx), plan));
  return raw.pglite.transaction((tx) => runBatch(pgliteConnection(tx), plan));
}

function postgresConnection(tx: postgres.TransactionSql): BatchConnection {
  return {
    query: async (text, params = []) =>
      (await tx.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as Record<
        string,
        unknown
      >[],
    async copyIn(table, columns, data) {
      const writable = await tx.unsafe(`copy ${table} (${columns.join(", ")}) from stdin`).writable();
      await pipeline(Readable.from(chunks(data)), writable);
    },
  };
}

function pgliteConnection(tx: PgliteTransaction): BatchConnection {
  return {
    query: async (text, params = []) => (await tx.query<Record<string, unknown>>(text, params)).rows,
    async copyIn(table, columns, data) {
      await tx.query(`copy ${table} (${columns.join(", ")}) from '/dev/blob'`, [], {
        blob: new Blob([data]),
      });
    },
  };
}

function* chunks(text: string, size = 256 * 1024) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function runBatch(db: BatchConnection, plan: PreparedBatch): Promise<BatchOutcome> {
  // Imports of one company take turns batch by batch, so two files never race for the same phone.
  await db.query("select pg_advisory_xact_lock(hashtext('csv-import:' || $1::text))", [plan.accountId]);
  const [current] = await db.query("select committed_rows from csv_imports where id = $1 for update", [
    plan.importId,
  ]);
  if (!current || Number(current.committed_rows) !== plan.fromRecord) throw new ImportTakenOverError();

  let conflicts: number[] = [];
  let added = 0;
  if (plan.rows.length > 0) {
    // Attribute values have no foreign keys (migration 0037): the batch's attributes are locked here
    // once, as each value's key check locked its attribute; one deleted since the import started
    // fails the batch as that check did (a retry reads the file's columns again, without it).
    if (plan.attributeIds.length > 0) {
      const locked = await db.query(
        "select id from attributes where account_id = $1 and id = any($2::uuid[]) for key share",
        [plan.accountId, plan.attributeIds],
      );
      if (locked.length !== new Set(plan.attributeIds).size)
        throw new Error("An attribute of the import is no longer the company's");
    }
    const attributeColumns = plan.attributeIds.map((_, i) => `a${i}`);
    await db.query(
      `create temp table csv_stage (row_number integer not null, new_id uuid not null, first_name text not null,
        last_name text not null, phone text, email text, sms_text text, wa_text text${attributeColumns.map((c) => `, ${c} text`).join("")})
        on commit drop`,
    );
    await db.query(
      `select ${Object.entries(BATCH_SETTINGS)
        .map(([name, value]) => `set_config('${name}', '${value}', true)`)
        .join(", ")}`,
    );
    await db.copyIn(
      "csv_stage",
      [
        "row_number",
        "new_id",
        "first_name",
        "last_name",
        "phone",
        "email",
        "sms_text",
        "wa_text",
        ...attributeColumns,
      ],
      plan.stage,
    );
    const [merged] = await db.query(mergeStatement(plan.attributeIds.length, plan.keysRepeat), [
      plan.accountId,
      plan.productIds,
      ...plan.attributeIds,
      plan.userId ?? null,
    ]);
    conflicts = (merged.conflicts as number[] | null) ?? [];
    added = Number(merged.inserted);
  }

  const errorLines = plan.errors.map((e) => errorLine(plan.importId, e.row, e.reasons, e.fields));
  if (conflicts.length > 0) {
    const wanted = new Set(conflicts);
    for (const r of plan.rows)
      if (wanted.has(r.row))
        errorLines.push(errorLine(plan.importId, r.row, [["contactConflict"]], r.fields));
  }
  if (errorLines.length > 0)
    await db.copyIn("csv_import_errors", ["import_id", "row_number", "reason", "raw"], errorLines.join(""));

  const failed = plan.errors.length + conflicts.length;
  const imported = plan.rows.length - conflicts.length;
  await db.query(
    `update csv_imports set committed_rows = $2, rows_done = rows_done + $3,
       rows_imported = rows_imported + $4, rows_failed = rows_failed + $5, rows_added = rows_added + $6,
       rows_updated = rows_updated + $4 - $6, status = 'processing'
     where id = $1`,
    [plan.importId, plan.toRecord, plan.rows.length + plan.errors.length, imported, failed, added],
  );
  // Heard at commit by the progress streams of this import (no account: the page-wide stream skips it).
  await db.query("select pg_notify('blusteam_events', $1)", [
    JSON.stringify({ topic: "csvImport", importId: plan.importId }),
  ]);
  return { imported, failed, added };
}

/** COPY text format: tab-separated, \N for null, backslash escapes. */
function copyField(value: string | null): string {
  if (value === null) return "\\N";
  if (!/[\\\t\n\r]/.test(value)) return value;
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
  );
}

function stageText(rows: ImportRow[]): string {
  const ids = timeOrderedIds(rows.length);
  const lines: string[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    let line = `${r.row}\t${ids[i]}\t${copyField(r.firstName)}\t${copyField(r.lastName)}\t${copyField(r.phone)}\t${copyField(r.email)}\t${copyField(r.smsText ?? null)}\t${copyField(r.whatsappText ?? null)}`;
    for (const value of r.attributes) line += `\t${copyField(value)}`;
    lines[i] = line;
  }
  return `${lines.join("\n")}\n`;
}

function errorLine(importId: string, row: number, reasons: RowReason[], fields: string[]) {
  return `${importId}\t${row}\t${copyField(encodeReasons(reasons))}\t${copyField(formatCsvRecord(fields))}\n`;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
let lastIdTime = 0;
let idSequence = 0;

/**
 * Ids for the batch's new contacts, in increasing order across batches (UUID version 7: the time in
 * milliseconds, a 26-bit sequence, 48 random bits). Random ids (version 4) land all over the primary
 * key and the keyset index, so that every inserted row touched another page of them; these are
 * appended at their end. The id is not a secret: every read of a contact checks its company.
 */
export function timeOrderedIds(count: number): string[] {
  const random = randomFillSync(Buffer.allocUnsafe(count * 6));
  const ids: string[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const now = Date.now();
    if (now > lastIdTime) {
      lastIdTime = now;
      idSequence = 0;
    } else if (++idSequence > 0x3ffffff) {
      lastIdTime++;
      idSequence = 0;
    }
    const t = lastIdTime;
    const high = Math.floor(t / 0x1000000); // first 24 bits of the 48-bit time
    const low = t % 0x1000000;
    const q = idSequence;
    const r = i * 6;
    ids[i] =
      `${HEX[(high >> 16) & 0xff]}${HEX[(high >> 8) & 0xff]}${HEX[high & 0xff]}${HEX[(low >> 16) & 0xff]}-` +
      `${HEX[(low >> 8) & 0xff]}${HEX[low & 0xff]}-` +
      `${HEX[0x70 | ((q >> 22) & 0x0f)]}${HEX[(q >> 14) & 0xff]}-` +
      `${HEX[0x80 | ((q >> 8) & 0x3f)]}${HEX[q & 0xff]}-` +
      `${HEX[random[r]]}${HEX[random[r + 1]]}${HEX[random[r + 2]]}${HEX[random[r + 3]]}${HEX[random[r + 4]]}${HEX[random[r + 5]]}`;
  }
  return ids;
}
