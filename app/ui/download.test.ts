import { expect, test } from "vitest";
import { fileNameOf } from "./download";

const withDisposition = (value: string | null) => ({
  headers: new Headers(value === null ? {} : { "Content-Disposition": value }),
});

test("the file keeps the name its route gave it", () => {
  expect(fileNameOf(withDisposition('attachment; filename="analytics-2026-11-01.csv"'), "/x")).toBe(
    "analytics-2026-11-01.csv",
  );
  expect(fileNameOf(withDisposition("attachment; filename=report.csv"), "/x")).toBe("report.csv");
  expect(
    fileNameOf(
      withDisposition(`attachment; filename="fallback.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`),
      "/x",
    ),
  ).toBe("résumé.csv");
});

test("without a name from the route, the last part of the path", () => {
  expect(fileNameOf(withDisposition(null), "/resources/csv-sample?x=1")).toBe("csv-sample");
  expect(fileNameOf(withDisposition("attachment"), "/analytics/export.csv")).toBe("export.csv");
});
