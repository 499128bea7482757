import { parse as csvParse } from "csv-parse/sync";
import { expect, test } from "vitest";
import { CsvTextParser, type Delimiter } from "./csv-parser";

/**
 * The import's CSV reader is our own (13x faster than csv-parse on 1,000,000 rows, `npm run
 * bench:csv-reader`; docs/decisions/0022). On well-formed RFC 4180 files it must read what the
 * library reads: quoted separators and line breaks, doubled quotes, CRLF and LF, empty fields,
 * ragged rows, text beyond ASCII. (Where the two differ on purpose, stray quotes and files that are
 * not UTF-8, csv-parser.test.ts says what ours does.)
 */
const FILES: [string, Delimiter][] = [
  ["First Name,Last Name,Phone\r\nAda,Lovelace,+44 20 7946 0018\r\nGrace,Hopper,(212) 555-0142\r\n", ","],
  ['name,note\n"Smith, Jr","He said ""hi""\nand left"\n"",x\n,,\n', ","],
  ['a;"b;1";"c\r\n""2"""\r\n;;\r\n"x"""\r\nlast;"";z', ";"],
  ['id,city\n1,Montréal\n2,København\n3,東京\n4,"São Paulo"', ","],
  ["a,b,c\n1,2\n3,4,5,6\n", ","],
];

function ours(text: string, delimiter: Delimiter, chunk: number): string[][] {
  const parser = new CsvTextParser(delimiter);
  const records: string[][] = [];
  for (let i = 0; i < text.length; i += chunk) records.push(...parser.push(text.slice(i, i + chunk)));
  records.push(...parser.end());
  return records;
}

test("reads well-formed files exactly as csv-parse does, whatever the chunk size", () => {
  for (const [text, delimiter] of FILES) {
    const library: string[][] = csvParse(text, { delimiter, relax_column_count: true });
    for (const chunk of [1, 3, 7, text.length]) expect(ours(text, delimiter, chunk), text).toEqual(library);
  }
});
