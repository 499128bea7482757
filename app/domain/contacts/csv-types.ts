/** Shapes of the CSV import that the browser sees too (nothing server-only here). */

export type CsvImportStatus = "uploaded" | "queued" | "processing" | "completed" | "failed";

/** Why a file or an import failed: an i18n key under csvImport, with its values. */
export type ImportProblem = { key: string; values?: Record<string, string> };

export type CsvImportSummary = {
  id: string;
  filename: string;
  status: CsvImportStatus;
  rowsTotal: number;
  rowsDone: number;
  rowsImported: number;
  rowsFailed: number;
  /** Of rowsImported: new contacts, and rows applied to contacts already there. */
  rowsAdded: number;
  rowsUpdated: number;
  /** The first refused rows with their reasons (completed imports, from getCsvImport). */
  refused?: { row: number; reasons: [key: string, values?: Record<string, string>][] }[];
  unknownColumns: string[];
  productCount: number;
  error: ImportProblem | null;
  /** Its worker stopped and another takes it over, from its last committed batch (issue 21). */
  resuming: boolean;
  createdAt: string;
  finishedAt: string | null;
};

export const isRunning = (status: CsvImportStatus) =>
  status === "uploaded" || status === "queued" || status === "processing";

/** The largest file the upload accepts. */
export const MAX_CSV_BYTES = 100 * 1024 * 1024;

/** What /resources/csv-imports answers: the recent imports and the products to link contacts to. */
export type CsvImportsData = { imports: CsvImportSummary[]; products: { id: string; name: string }[] };
