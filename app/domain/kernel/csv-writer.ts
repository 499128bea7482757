/**
 * Every CSV file the app hands out (the contacts sample, a CSV import's error report, any later
 * export) is written by csvDownloadLine, so no download can carry a formula.
 *
 * A spreadsheet program runs a cell that starts with =, +, - or @ as a formula (and a leading tab
 * or carriage return can hide such a start), which lets anyone who put text in the data (a contact's
 * name, an uploaded file's cell, an attribute's title) run commands or leak data on the computer of
 * whoever opens the download. As OWASP advises against CSV injection, such a cell gets a leading
 * single quote, which spreadsheets read as "this is text".
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCsvCell(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * The inverse, for our own files coming back: an error report is meant to be fixed and imported
 * again, and its "'+1 415 555 0198" must be read as the phone number it was.
 */
export function restoreNeutralisedCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** A field as CSV: quoted when it holds a quote, separator or line break, or starts or ends with a space. */
export function quoteCsvField(field: string): string {
  return /[",\r\n]/.test(field) || field !== field.trim() ? `"${field.replace(/"/g, '""')}"` : field;
}

/** One line of a downloaded CSV file: every cell neutralised and quoted as needed, CRLF-terminated. */
export function csvDownloadLine(cells: readonly string[]): string {
  return `${cells.map((cell) => quoteCsvField(neutraliseCsvCell(cell))).join(",")}\r\n`;
}
