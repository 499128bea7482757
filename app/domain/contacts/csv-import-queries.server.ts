import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { csvImportErrors, csvImports } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope } from "~/domain/kernel/scope";
import { decodeReasons, type RowReason } from "./csv-rows";
import { type CsvImportSummary, type ImportProblem, isRunning } from "./csv-types";

/**
 * What the company's CSV imports look like to its pages (spec 2 sections 2 and 7): the recent
 * imports, one import's progress, and the error report of its refused rows. The imports themselves
 * run in csv-import.server.ts.
 */

/** csv_import_errors keeps the file's header as row 1, so the error report can repeat it. */
export const HEADER_ROW = 1;

const summaryColumns = {
  id: csvImports.id,
  filename: csvImports.filename,
  status: csvImports.status,
  rowsTotal: csvImports.rowsTotal,
  rowsDone: csvImports.rowsDone,
  rowsImported: csvImports.rowsImported,
  rowsFailed: csvImports.rowsFailed,
  rowsAdded: csvImports.rowsAdded,
  rowsUpdated: csvImports.rowsUpdated,
  unknownColumns: csvImports.unknownColumns,
  productIds: csvImports.productIds,
  error: csvImports.error,
  createdAt: csvImports.createdAt,
  finishedAt: csvImports.finishedAt,
  // Its worker's lease ran out, or another worker took it over (csv-import-lease.server.ts).
  resuming: sql<boolean>`exists (select 1 from csv_import_leases l where l.import_id = ${csvImports.id}
    and (l.resumes > 0 or l.expires_at < now()))`,
};

function toSummary(
  row: {
    [K in Exclude<keyof typeof summaryColumns, "resuming">]: (typeof csvImports.$inferSelect)[K];
  } & { resuming: boolean },
): CsvImportSummary {
  return {
    id: row.id,
    filename: row.filename,
    status: row.status,
    rowsTotal: row.rowsTotal ?? 0,
    rowsDone: row.rowsDone,
    rowsImported: row.rowsImported,
    rowsFailed: row.rowsFailed,
    rowsAdded: row.rowsAdded,
    rowsUpdated: row.rowsUpdated,
    unknownColumns: row.unknownColumns,
    productCount: row.productIds.length,
    error: row.error ? decodeProblem(row.error) : null,
    resuming: isRunning(row.status) && row.resuming,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The company's most recent imports, newest first. */
export async function listCsvImports(context: AccountScope, limit = 5): Promise<CsvImportSummary[]> {
  const rows = await getDb()
    .select(summaryColumns)
    .from(csvImports)
    .where(eq(csvImports.accountId, context.account.id))
    .orderBy(desc(csvImports.createdAt), desc(csvImports.id))
    .limit(limit);
  return rows.map(toSummary);
}

/** Refused rows the result dialog lists inline (issue 20); the downloaded report has them all. */
export const REFUSED_SHOWN = 5;

/**
 * One import of the company, or null (unknown, malformed or another company's id). A completed one
 * carries its first refused rows with their reasons.
 */
export async function getCsvImport(context: AccountScope, id: string): Promise<CsvImportSummary | null> {
  if (!isUuid(id)) return null;
  const db = getDb();
  const [row] = await db
    .select(summaryColumns)
    .from(csvImports)
    .where(and(eq(csvImports.id, id), eq(csvImports.accountId, context.account.id)));
  if (!row) return null;
  const summary = toSummary(row);
  if (row.status === "completed" && row.rowsFailed > 0) {
    const refused = await db
      .select({ row: csvImportErrors.rowNumber, reason: csvImportErrors.reason })
      .from(csvImportErrors)
      .where(and(eq(csvImportErrors.importId, id), gt(csvImportErrors.rowNumber, HEADER_ROW)))
      .orderBy(asc(csvImportErrors.rowNumber))
      .limit(REFUSED_SHOWN);
    summary.refused = refused.map((r) => ({ row: r.row, reasons: decodeReasons(r.reason) }));
  }
  return summary;
}

export type ErrorReportLine = { row: number; reasons: RowReason[]; raw: string };

/**
 * The refused rows of one of the company's imports, in row order, read page by page (a file of a
 * million bad rows never sits in memory). Null when the import is not the company's.
 */
export async function readErrorReport(
  context: AccountScope,
  id: string,
): Promise<{ header: string; lines: AsyncGenerator<ErrorReportLine[]> } | null> {
  const found = await getCsvImport(context, id);
  if (!found) return null;
  const db = getDb();
  const [header] = await db
    .select({ raw: csvImportErrors.raw })
    .from(csvImportErrors)
    .where(and(eq(csvImportErrors.importId, id), eq(csvImportErrors.rowNumber, HEADER_ROW)));
  async function* pages() {
    let after = HEADER_ROW;
    for (;;) {
      const rows = await db
        .select({ row: csvImportErrors.rowNumber, reason: csvImportErrors.reason, raw: csvImportErrors.raw })
        .from(csvImportErrors)
        .where(and(eq(csvImportErrors.importId, id), gt(csvImportErrors.rowNumber, after)))
        .orderBy(asc(csvImportErrors.rowNumber))
        .limit(5000);
      if (rows.length === 0) return;
      yield rows.map((r) => ({ row: r.row, reasons: decodeReasons(r.reason), raw: r.raw }));
      after = rows[rows.length - 1].row;
    }
  }
  return { header: header?.raw ?? "", lines: pages() };
}

/**
 * The stored problem as the user may see it. Imports that failed before error ids existed stored the
 * raw error text (a database or storage message): that is never shown, only the words.
 */
function decodeProblem(text: string): ImportProblem {
  let problem: ImportProblem;
  try {
    problem = JSON.parse(text) as ImportProblem;
  } catch {
    return { key: "importFailed" };
  }
  if (problem.key !== "processingFailed") return problem;
  const errorId = problem.values?.errorId;
  return errorId ? { key: "processingFailed", values: { errorId } } : { key: "importFailed" };
}
