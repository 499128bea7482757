import { expect, test } from "vitest";
import { csvDownloadLine, neutraliseCsvCell, restoreNeutralisedCell } from "./csv-writer";

test("cells that a spreadsheet would run as a formula get a leading single quote", () => {
  for (const cell of ["=1+2", "+1 415 555 0198", "-2+3", "@SUM(A1)", "\t=cmd", "\r=cmd", '=HYPERLINK("x")']) {
    expect(neutraliseCsvCell(cell), JSON.stringify(cell)).toBe(`'${cell}`);
  }
  for (const cell of ["", "Jane", "(201) 555-0123", "a=b", "1+1", " =padded", "'=already"]) {
    expect(neutraliseCsvCell(cell), JSON.stringify(cell)).toBe(cell);
  }
});

test("a download line is neutralised, quoted where needed and ends with CRLF", () => {
  expect(csvDownloadLine(["Row", "=cmd|' /C calc'!A0", "a,b", 'say "hi"', "", "@x"])).toBe(
    `Row,'=cmd|' /C calc'!A0,"a,b","say ""hi""",,'@x\r\n`,
  );
  expect(csvDownloadLine(["\t=1"])).toBe(`'\t=1\r\n`);
});

test("our own neutralised cells read back as they were; other quotes stay", () => {
  for (const cell of ["=1+2", "+1 415 555 0198", "-2", "@x", "\t=1", "Jane", "'quoted'"]) {
    expect(restoreNeutralisedCell(neutraliseCsvCell(cell))).toBe(cell);
  }
  expect(restoreNeutralisedCell("'Jane")).toBe("'Jane");
});
