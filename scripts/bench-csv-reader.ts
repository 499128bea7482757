/**
 * `npm run bench:csv-reader` (issue 19): the import's own streaming CSV reader
 * (app/domain/contacts/csv-parser.ts, CsvByteReader) against csv-parse, the field's library, on the
 * same file of BENCH_ROWS rows (default 1,000,000; the rows bench:csv-import writes, or BENCH_FILE),
 * with the same file checks around csv-parse (strict UTF-8, no binary data, no UTF-16, the separator
 * read from the header line, at most 100 columns, rows of at most 1,000,000 characters, blank rows
 * kept for row numbers). Each is run BENCH_RUNS times (default 3) in turn; prints the best time of
 * each, their ratio and the load average. The import keeps the faster one.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parse } from "csv-parse";
import {
  CSV_LIMITS,
  CsvByteReader,
  CsvFileError,
  detectDelimiter,
  isBlankRecord,
} from "../app/domain/contacts/csv-parser";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const firstNames = "James Mary John Patricia Robert Jennifer Michael Linda Amelie Lucas Chloé Zoë".split(" ");
const lastNames = "Smith Johnson Williams Brown Jones García Miller Davis Dubois Moreau Müller Lee".split(
  " ",
);

/** Rows like bench:csv-import's: a quoted last name, phones in three spellings, an attribute. */
function row(i: number): string {
  const first = firstNames[i % firstNames.length];
  const last = lastNames[(i >> 4) % lastNames.length];
  const phone = i % 3 === 0 ? `(201) 555-${String(i % 10_000).padStart(4, "0")}` : `+1 212 ${i}`;
  return `${first},"${last}",${phone},${first.toLowerCase()}.${i}@example.com,${["Gold", "Silver", ""][i % 3]}`;
}

async function writeFile(file: string) {
  const out = createWriteStream(file);
  out.write("First Name,Last Name,Phone,Email,Loyalty Tier\n");
  let buffer = "";
  for (let i = 0; i < ROWS; i++) {
    buffer += `${row(i)}\n`;
    if (buffer.length > 1 << 16) {
      if (!out.write(buffer)) await new Promise<void>((r) => out.once("drain", () => r()));
      buffer = "";
    }
  }
  out.write(buffer);
  await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
}

type Counts = { records: number; dataRows: number; fields: number };

async function ownReader(file: string): Promise<Counts> {
  const reader = new CsvByteReader();
  let fields = 0;
  const take = (records: string[][]) => {
    for (const record of records) fields += record.length;
  };
  for await (const chunk of createReadStream(file, { highWaterMark: 64 * 1024 }))
    take(reader.push(chunk as Buffer));
  take(reader.end());
  return { records: reader.records, dataRows: reader.dataRows, fields };
}

/** csv-parse with the same file checks around it. */
async function csvParseReader(file: string): Promise<Counts> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const input = createReadStream(file, { highWaterMark: 64 * 1024 });
  let head = "";
  let seen = 0;
  const texts = (async function* () {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      if (
        seen === 0 &&
        chunk.length >= 2 &&
        ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff))
      )
        throw new CsvFileError("notUtf8");
      seen += chunk.length;
      if (chunk.indexOf(0) !== -1) throw new CsvFileError("binary");
      yield decoder.decode(chunk, { stream: true });
    }
    yield decoder.decode();
  })();
  // The separator comes from the header line, as in CsvByteReader (next(), not for…of: a break
  // would close the generator).
  for (let next = await texts.next(); !next.done; next = await texts.next()) {
    head += next.value;
    if (/[\r\n]/.test(head)) break;
  }
  const parser = parse({
    delimiter: detectDelimiter(head),
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    max_record_size: CSV_LIMITS.maxRecordChars,
  });
  const feeding = (async () => {
    parser.write(head);
    for await (const text of texts)
      if (!parser.write(text)) await new Promise((r) => parser.once("drain", r));
    parser.end();
  })();
  let header: string[] | null = null;
  const counts: Counts = { records: 0, dataRows: 0, fields: 0 };
  const take = (record: string[]) => {
    if (!header) {
      if (isBlankRecord(record)) return;
      if (record.length > CSV_LIMITS.maxColumns) throw new CsvFileError("tooManyColumns");
      header = record;
      return;
    }
    counts.records++;
    counts.fields += record.length;
    if (!isBlankRecord(record)) counts.dataRows++;
  };
  // read() in a loop on 'readable': csv-parse's fastest streaming use (for await costs it more).
  await new Promise<void>((resolve, reject) => {
    parser.on("readable", () => {
      try {
        for (let record = parser.read(); record !== null; record = parser.read()) take(record);
      } catch (error) {
        reject(error);
      }
    });
    parser.on("error", reject);
    parser.on("end", resolve);
  });
  await feeding;
  if (!header) throw new CsvFileError("empty");
  if (counts.dataRows === 0) throw new CsvFileError("headerOnly");
  return counts;
}

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-contacts-scale-reader-"));
try {
  const file = process.env.BENCH_FILE || path.join(dir, "contacts.csv");
  if (!process.env.BENCH_FILE) await writeFile(file);
  const readers = { "csv-parser.ts (own)": ownReader, "csv-parse 7": csvParseReader };
  const best: Record<string, number> = {};
  const results: Record<string, Counts> = {};
  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
  for (let run = 0; run < RUNS; run++)
    for (const [name, read] of Object.entries(readers)) {
      const t0 = performance.now();
      results[name] = await read(file);
      const ms = performance.now() - t0;
      best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, ms);
    }
  console.log(`${ROWS.toLocaleString("en-US")} rows, best of ${RUNS} runs each, in turn:`);
  for (const [name, ms] of Object.entries(best))
    console.log(
      `  ${name.padEnd(22)} ${(ms / 1000).toFixed(2)} s  ${Math.round(ROWS / (ms / 1000))
        .toLocaleString("en-US")
        .padStart(10)} rows/s  ${JSON.stringify(results[name])}`,
    );
  const [own, library] = Object.values(best);
  console.log(`csv-parse takes ${(library / own).toFixed(2)}× the own reader's time`);
  console.log(
    `load average before ${load}; after ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(", ")}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
