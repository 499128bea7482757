import { describe, expect, test } from "vitest";
import {
  CsvByteReader,
  CsvFileError,
  CsvTextParser,
  detectDelimiter,
  formatCsvRecord,
  isBlankRecord,
  parseCsvRecord,
} from "./csv-parser";

const bytes = (text: string) => new TextEncoder().encode(text);

/** Reads a whole file through the byte reader, cut into chunks of `size` bytes. */
function readAll(
  input: Uint8Array | string,
  size = 7,
  limits?: ConstructorParameters<typeof CsvByteReader>[0],
) {
  const data = typeof input === "string" ? bytes(input) : input;
  const reader = new CsvByteReader(limits);
  const records: string[][] = [];
  for (let i = 0; i < data.length; i += size) records.push(...reader.push(data.subarray(i, i + size)));
  records.push(...reader.end());
  return { header: reader.header, records, delimiter: reader.delimiter, dataRows: reader.dataRows };
}

function refusal(run: () => unknown): CsvFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof CsvFileError) return error;
    throw error;
  }
  throw new Error("expected the file to be refused");
}

describe("detectDelimiter", () => {
  test("picks the separator that occurs most in the header line", () => {
    expect(detectDelimiter("First Name,Last Name,Phone")).toBe(",");
    expect(detectDelimiter("First Name;Last Name;Phone")).toBe(";");
    expect(detectDelimiter("Name;Notes, more;Phone")).toBe(";");
    expect(detectDelimiter("Name;Phone,Email")).toBe(",");
  });

  test("ignores separators inside quotes and after the first line", () => {
    expect(detectDelimiter('"Last, First";Phone;Email')).toBe(";");
    expect(detectDelimiter("Email\na,b,c,d")).toBe(",");
    expect(detectDelimiter("Email")).toBe(",");
  });
});

describe("CsvTextParser", () => {
  const parse = (text: string, delimiter: "," | ";" = ",", chunk = text.length) => {
    const parser = new CsvTextParser(delimiter);
    const out: string[][] = [];
    for (let i = 0; i < text.length; i += chunk) out.push(...parser.push(text.slice(i, i + chunk)));
    out.push(...parser.end());
    return out;
  };

  test("plain records with LF, CRLF and no final line break", () => {
    expect(parse("a,b\r\nc,d\ne,f")).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
    ]);
  });

  test("quoted fields keep separators, doubled quotes and line breaks", () => {
    const text = 'name,note\n"Smith, Jr","He said ""hi""\nand left"\n';
    expect(parse(text)).toEqual([
      ["name", "note"],
      ["Smith, Jr", 'He said "hi"\nand left'],
    ]);
  });

  test("gives the same records whatever the chunk size", () => {
    const text = 'a;"b;1";"c\r\n""2"""\r\n;;\r\n"x"""\r\nlast;"";z';
    const whole = parse(text, ";");
    for (const chunk of [1, 2, 3, 5, 8]) expect(parse(text, ";", chunk)).toEqual(whole);
    expect(whole).toEqual([["a", "b;1", 'c\r\n"2"'], ["", "", ""], ['x"'], ["last", "", "z"]]);
  });

  test("empty fields, empty lines and empty quoted fields", () => {
    expect(parse(',,\n\n"",x\n')).toEqual([["", "", ""], [""], ["", "x"]]);
  });

  test("is lenient with stray quotes: inside an unquoted field, or after a closing quote", () => {
    expect(parse('ab"c,"d"e,f\n')).toEqual([['ab"c', "de", "f"]]);
  });

  test("a quote left open at the end of the file is refused, naming its row", () => {
    const error = refusal(() => parse('a,b\nc,"d\ne,f\n'));
    expect(error.code).toBe("unclosedQuote");
    expect(error.values).toEqual({ row: "2" });
  });

  test("a record longer than the limit is refused instead of growing without end", () => {
    const parser = new CsvTextParser(",", 100);
    parser.push('a,"');
    expect(() => parser.push("x".repeat(200))).toThrow(CsvFileError);
  });
});

describe("CsvByteReader", () => {
  test("reads the header, then the data rows", () => {
    const result = readAll("First Name,Email\nAnn,ann@example.com\nBob,bob@example.com\n");
    expect(result.header).toEqual(["First Name", "Email"]);
    expect(result.records).toEqual([
      ["Ann", "ann@example.com"],
      ["Bob", "bob@example.com"],
    ]);
    expect(result.dataRows).toBe(2);
    expect(result.delimiter).toBe(",");
  });

  test("drops a UTF-8 byte order mark and keeps accented text whole across chunks", () => {
    const data = bytes("\uFEFFPrénom;Nom\nZoë;Müller-Ødegård\n");
    for (const size of [1, 2, 3, 64]) {
      const result = readAll(data, size);
      expect(result.header).toEqual(["Prénom", "Nom"]);
      expect(result.records).toEqual([["Zoë", "Müller-Ødegård"]]);
      expect(result.delimiter).toBe(";");
    }
  });

  test("semicolon files with quoted newlines", () => {
    const result = readAll('first name;last name;note\r\nAnn;Lee;"line 1\r\nline 2; still"\r\n');
    expect(result.records).toEqual([["Ann", "Lee", "line 1\r\nline 2; still"]]);
  });

  test("blank lines and separator-only rows are handed out but not counted as rows", () => {
    const result = readAll("a,b\n1,2\n\n,\n3,4\n");
    expect(result.records).toEqual([["1", "2"], [""], ["", ""], ["3", "4"]]);
    expect(result.dataRows).toBe(2);
    expect(result.records.filter((r) => !isBlankRecord(r))).toHaveLength(2);
  });

  test("blank lines before the header are skipped, and counted for row numbers", () => {
    const reader = new CsvByteReader();
    const records = [...reader.push(bytes("\n,\nEmail\na@example.com\n")), ...reader.end()];
    expect(reader.header).toEqual(["Email"]);
    expect(reader.headerRow).toBe(3);
    expect(records).toEqual([["a@example.com"]]);
  });

  test("a header without a line break is still a header (and the file has no rows)", () => {
    expect(refusal(() => readAll("First Name,Last Name")).code).toBe("headerOnly");
    expect(refusal(() => readAll("First Name,Last Name\r\n\r\n,\n")).code).toBe("headerOnly");
  });

  test("refuses empty files and files of blank space", () => {
    expect(refusal(() => readAll("")).code).toBe("empty");
    expect(refusal(() => readAll("  \n\n")).code).toBe("empty");
    expect(refusal(() => readAll(bytes("\uFEFF"))).code).toBe("empty");
  });

  test("refuses binary data", () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48]);
    expect(refusal(() => readAll(png)).code).toBe("binary");
    expect(refusal(() => readAll("a,b\n1,\u00002\n")).code).toBe("binary");
  });

  test("refuses text that is not UTF-8 (e.g. Latin-1), wherever it is", () => {
    const latin1 = new Uint8Array([...bytes("name\nJos"), 0xe9, ...bytes("\n")]);
    expect(refusal(() => readAll(latin1, 64)).code).toBe("notUtf8");
    // A multi-byte sequence cut off at the very end of the file.
    const truncated = new Uint8Array([...bytes("name\nAnn\n"), 0xc3]);
    expect(refusal(() => readAll(truncated, 64)).code).toBe("notUtf8");
  });

  test("refuses UTF-16 text (either byte order) as not UTF-8 rather than as binary", () => {
    const text = "first name,last name,email\nAnn,Lee,ann@example.com\n";
    const le = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, "utf16le")]);
    const be = new Uint8Array([0xfe, 0xff, ...Buffer.from(text, "utf16le").swap16()]);
    expect(refusal(() => readAll(le, 64)).code).toBe("notUtf8");
    expect(refusal(() => readAll(be, 64)).code).toBe("notUtf8");
  });

  test("refuses a header with too many columns", () => {
    const header = Array.from({ length: 1000 }, (_, i) => `c${i}`).join(",");
    const error = refusal(() => readAll(`${header}\n${"x,".repeat(999)}x\n`, 4096));
    expect(error.code).toBe("tooManyColumns");
    expect(error.values).toEqual({ count: "1000", max: "100" });
  });

  test("refuses a first line that never ends", () => {
    const error = refusal(() => readAll("x".repeat(5000), 512, { maxColumns: 100, maxRecordChars: 1000 }));
    expect(error.code).toBe("rowTooLong");
  });

  test("refuses a quote that never closes", () => {
    expect(refusal(() => readAll('a,b\n1,"2\n3,4\n')).code).toBe("unclosedQuote");
  });
});

describe("formatCsvRecord", () => {
  test("quotes only what needs it, and reads back the same", () => {
    const fields = ["plain", "with, comma", 'with "quote"', "line\nbreak", "", " padded "];
    const line = formatCsvRecord(fields);
    expect(line).toBe('plain,"with, comma","with ""quote""","line\nbreak",," padded "');
    const parser = new CsvTextParser(",");
    expect([...parser.push(`${line}\n`), ...parser.end()]).toEqual([fields]);
  });
});

describe("parseCsvRecord", () => {
  test("reads back what formatCsvRecord wrote", () => {
    const records = [
      ["plain", "with, comma", 'with "quote"', "line\r\nbreak", "", " padded "],
      ["", ""],
      ["a", ""],
      ['"', ",", '""'],
      ["=1+2", "+1 415 555 0198"],
    ];
    for (const fields of records) expect(parseCsvRecord(formatCsvRecord(fields))).toEqual(fields);
    expect(parseCsvRecord("")).toEqual([]);
  });
});
