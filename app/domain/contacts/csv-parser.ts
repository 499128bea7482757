/**
 * A small streaming CSV reader (RFC 4180, read leniently): bytes in, records out, the file never held
 * whole. It decodes UTF-8 strictly (with or without a BOM), refuses binary data, detects a comma or
 * semicolon separator from the header line, and keeps quoted fields with separators, doubled quotes
 * and line breaks. Anything that makes the whole file unusable throws a CsvFileError before the
 * first data row is handed out or, for a broken ending, at end().
 */

import { quoteCsvField } from "~/domain/kernel/csv-writer";

export type CsvFileErrorCode =
  | "binary"
  | "notUtf8"
  | "empty"
  | "headerOnly"
  | "tooManyColumns"
  | "unclosedQuote"
  | "rowTooLong"
  | "noKnownColumn"
  | "duplicateColumn"
  | "missingColumns"
  | "tooLarge";

/** Why a file cannot be imported at all; `values` fill the message (csvImport.fileErrors.<code>). */
export class CsvFileError extends Error {
  constructor(
    readonly code: CsvFileErrorCode,
    readonly values: Record<string, string> = {},
  ) {
    super(`CSV file refused: ${code} ${JSON.stringify(values)}`);
    this.name = "CsvFileError";
  }
}

export type Delimiter = "," | ";";

export const CSV_LIMITS = {
  /** First name, last name, phone, email and the company's custom attributes fit well within this. */
  maxColumns: 100,
  /** One record (row) in characters; a longer one is almost surely a quote that never closes. */
  maxRecordChars: 1_000_000,
};

const QUOTE = 34; // "
const LF = 10;
const CR = 13;

/** Counts commas and semicolons outside quotes in the first line; the more frequent one wins (comma on a tie). */
export function detectDelimiter(firstLine: string): Delimiter {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = 0; i < firstLine.length; i++) {
    const c = firstLine[i];
    if (c === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (c === "\n") break;
    else if (c === ",") commas++;
    else if (c === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

/**
 * Text in, records out. Text is pushed in chunks of any size; a record cut by a chunk boundary is
 * kept (as text) until the rest arrives. An empty line is a record of one empty field.
 */
export class CsvTextParser {
  private pending = "";
  private emitted = 0;
  private readonly delimiterCode: number;

  constructor(
    readonly delimiter: Delimiter,
    private readonly maxRecordChars = CSV_LIMITS.maxRecordChars,
  ) {
    this.delimiterCode = delimiter.charCodeAt(0);
  }

  /** Records completed by this chunk. */
  push(text: string): string[][] {
    const input = this.pending ? this.pending + text : text;
    const records: string[][] = [];
    const consumed = this.parse(input, false, records);
    this.pending = consumed < input.length ? input.slice(consumed) : "";
    this.emitted += records.length;
    if (this.pending.length > this.maxRecordChars)
      throw new CsvFileError("rowTooLong", { row: String(this.emitted + 1) });
    return records;
  }

  /** The last record, if the text did not end with a line break. Throws on a quote left open. */
  end(): string[][] {
    const input = this.pending;
    this.pending = "";
    const records: string[][] = [];
    this.parse(input, true, records);
    this.emitted += records.length;
    return records;
  }

  /** Parses whole records from `input`; returns how many characters they used. */
  private parse(input: string, final: boolean, out: string[][]): number {
    const length = input.length;
    const delimiter = this.delimiterCode;
    let start = 0; // start of the current record
    let i = 0;
    let record: string[] = [];
    while (i <= length) {
      if (i === length) {
        // End of input inside a record: at the very end of the file that record is complete.
        if (!final) return start;
        if (record.length > 0) {
          record.push("");
          out.push(record);
        }
        return length;
      }
      let value: string;
      let next: number; // index of the character that ended the field (delimiter, CR, LF) or length
      if (input.charCodeAt(i) === QUOTE) {
        // Quoted field: up to the closing quote; "" stands for one quote.
        let j = i + 1;
        value = "";
        for (;;) {
          const close = input.indexOf('"', j);
          if (close === -1) {
            if (!final) return start;
            // Its row in a spreadsheet: every record before it, the header included, plus one.
            throw new CsvFileError("unclosedQuote", { row: String(this.emitted + out.length + 1) });
          }
          if (input.charCodeAt(close + 1) === QUOTE) {
            value += input.slice(j, close + 1);
            j = close + 2;
            continue;
          }
          if (close + 1 === length && !final) return start; // a doubled quote may follow in the next chunk
          value += input.slice(j, close);
          j = close + 1;
          break;
        }
        // Lenient: text after the closing quote (a"b"c) is kept as part of the field.
        next = j;
        while (next < length) {
          const c = input.charCodeAt(next);
          if (c === delimiter || c === LF || c === CR) break;
          next++;
        }
        if (next > j) value += input.slice(j, next);
      } else {
        next = i;
        while (next < length) {
          const c = input.charCodeAt(next);
          if (c === delimiter || c === LF || c === CR) break;
          next++;
        }
        value = input.slice(i, next);
      }
      if (next === length) {
        if (!final) return start;
        record.push(value);
        out.push(record);
        return length;
      }
      const c = input.charCodeAt(next);
      if (c === delimiter) {
        record.push(value);
        i = next + 1;
        continue;
      }
      // A line break ends the record (CRLF, LF, or a lone CR).
      let after = next + 1;
      if (c === CR) {
        if (after === length && !final) return start; // the LF of a CRLF may be in the next chunk
        if (input.charCodeAt(after) === LF) after++;
      }
      record.push(value);
      out.push(record);
      record = [];
      i = after;
      start = after;
    }
    return start;
  }
}

/**
 * Bytes in, records out, with the file-level checks: strict UTF-8, no binary data, a header, at
 * least one data row, at most `maxColumns` columns. The header is the first record; every later
 * record is handed out in order (blank ones too, so that row numbers match a spreadsheet's).
 */
export class CsvByteReader {
  header: string[] | null = null;
  delimiter: Delimiter | null = null;
  /** Data records handed out so far (the header not counted), blank ones included. */
  records = 0;
  /** Data records with at least one non-blank field: the rows to import. */
  dataRows = 0;
  /** The header's row number as a spreadsheet shows it (1 unless blank lines come first). */
  headerRow = 1;
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  private parser: CsvTextParser | null = null;
  private headText = "";
  private bytesSeen = 0;

  constructor(private readonly limits = CSV_LIMITS) {}

  /** Data records completed by this chunk of bytes. */
  push(bytes: Uint8Array): string[][] {
    if (bytes.length === 0) return [];
    // A UTF-16 file (as some spreadsheets save "Unicode text") starts with its byte order mark; it
    // is text in another encoding, not binary data, whatever its zero bytes suggest.
    if (this.bytesSeen === 0 && bytes.length >= 2 && isUtf16Bom(bytes[0], bytes[1]))
      throw new CsvFileError("notUtf8");
    this.bytesSeen += bytes.length;
    if (bytes.indexOf(0) !== -1) throw new CsvFileError("binary");
    let text: string;
    try {
      text = this.decoder.decode(bytes, { stream: true });
    } catch {
      throw new CsvFileError(hasControlBytes(bytes) ? "binary" : "notUtf8");
    }
    if (!this.parser) {
      // The separator is read from the whole first line, so wait for it (or for the end).
      this.headText += text;
      const lineEnd = this.headText.search(/[\r\n]/);
      if (lineEnd === -1) {
        if (this.headText.length > this.limits.maxRecordChars)
          throw new CsvFileError("rowTooLong", { row: "1" });
        return [];
      }
      this.startParser(this.headText.slice(0, lineEnd));
      text = this.headText;
      this.headText = "";
    }
    return this.accept(this.parser!.push(text));
  }

  /** The records left at the end of the file; throws if the file had no data row at all. */
  end(): string[][] {
    let tail: string;
    try {
      tail = this.decoder.decode();
    } catch {
      throw new CsvFileError("notUtf8");
    }
    let records: string[][] = [];
    if (!this.parser) {
      const text = this.headText + tail;
      this.headText = "";
      if (text.trim() === "") throw new CsvFileError("empty");
      this.startParser(text);
      records = this.accept(this.parser!.push(text));
    } else if (tail) {
      records = this.accept(this.parser.push(tail));
    }
    records = records.concat(this.accept(this.parser!.end()));
    if (!this.header) throw new CsvFileError("empty");
    if (this.dataRows === 0) throw new CsvFileError("headerOnly");
    return records;
  }

  get bytesRead() {
    return this.bytesSeen;
  }

  private startParser(firstLine: string) {
    this.delimiter = detectDelimiter(firstLine);
    this.parser = new CsvTextParser(this.delimiter, this.limits.maxRecordChars);
  }

  private accept(records: string[][]): string[][] {
    if (records.length === 0) return records;
    let from = 0;
    if (!this.header) {
      // Blank lines before the header are skipped (they still count for row numbers).
      while (from < records.length && isBlankRecord(records[from])) from++;
      this.headerRow += from;
      if (from === records.length) return [];
      const header = records[from];
      if (header.length > this.limits.maxColumns)
        throw new CsvFileError("tooManyColumns", {
          count: String(header.length),
          max: String(this.limits.maxColumns),
        });
      this.header = header;
      from += 1;
    }
    const data = from === 0 ? records : records.slice(from);
    this.records += data.length;
    for (const record of data) if (!isBlankRecord(record)) this.dataRows++;
    return data;
  }
}

function isUtf16Bom(first: number, second: number) {
  return (first === 0xff && second === 0xfe) || (first === 0xfe && second === 0xff);
}

/** Bytes no text file has (other than tab, line feed, form feed and carriage return). */
function hasControlBytes(bytes: Uint8Array) {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b < 0x20 && b !== 9 && b !== 10 && b !== 12 && b !== 13) return true;
  }
  return false;
}

/** An empty line, or a row of separators only (",,,," as spreadsheets export): not a row to import. */
export function isBlankRecord(record: string[]) {
  for (const field of record) if (field.trim() !== "") return false;
  return true;
}

/**
 * One record as a CSV line (comma separated, quoted where needed), without the line break: how
 * csv_import_errors keeps a row as the file had it. Not for downloads: csvDownloadLine writes those.
 */
export function formatCsvRecord(fields: readonly string[]): string {
  return fields.map(quoteCsvField).join(",");
}

/** The fields of a line formatCsvRecord wrote (an empty line is no field at all). */
export function parseCsvRecord(line: string): string[] {
  if (line === "") return [];
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    let field = "";
    if (line[i] === '"') {
      for (i++; i < line.length; i++) {
        if (line[i] !== '"') field += line[i];
        else if (line[i + 1] === '"') field += line[i++];
        else break;
      }
      i++; // the closing quote
    } else {
      const end = line.indexOf(",", i);
      field = line.slice(i, end === -1 ? line.length : end);
      i = end === -1 ? line.length : end;
    }
    fields.push(field);
    if (i >= line.length) return fields;
    i++; // the comma
  }
}
