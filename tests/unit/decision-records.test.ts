import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

/**
 * docs/decisions/ keeps a record of every place we bypass a library (0010 on: what it replaces, the
 * gain measured, the test that guards it, when to delete it). A record whose guard was renamed or
 * deleted would promise a protection nobody has: each guard it names must be a test that exists.
 */
const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const decisionsDir = path.join(rootDir, "docs/decisions");
const records = readdirSync(decisionsDir).filter((name) => /^\d{4}-.+\.md$/.test(name));
const bypassRecords = records.filter((name) => Number(name.slice(0, 4)) >= 10);

/** `- \`path\`: "test name"` lines of a record's "Guarded by" section. */
function guardsOf(text: string): { file: string; name: string }[] {
  const section = text.split(/^## /m).find((part) => part.startsWith("Guarded by")) ?? "";
  return Array.from(section.matchAll(/^- `([^`]+)`: "(.+)"/gm), ([, file, name]) => ({ file, name }));
}

test("every bypass record says what it replaces, its gain, its guard and when to delete it", () => {
  expect(bypassRecords.length).toBeGreaterThanOrEqual(17);
  for (const record of bypassRecords) {
    const text = readFileSync(path.join(decisionsDir, record), "utf8");
    for (const heading of ["## What it replaces", "## Measured gain", "## Guarded by", "## Delete it when"])
      expect(text, `${record} has "${heading}"`).toContain(heading);
    expect(text, `${record}'s status line`).toMatch(/^Status: .+ Date: \d{4}-\d{2}-\d{2}\./m);
    expect(guardsOf(text).length, `${record} names at least one guarding test`).toBeGreaterThan(0);
  }
});

test("every test a record names as its guard exists, under that name", () => {
  for (const record of bypassRecords) {
    for (const { file, name } of guardsOf(readFileSync(path.join(decisionsDir, record), "utf8"))) {
      const full = path.join(rootDir, file);
      expect(existsSync(full), `${record}: ${file} exists`).toBe(true);
      expect(readFileSync(full, "utf8"), `${record}: ${file} has a test named "${name}"`).toContain(
        `"${name}"`,
      );
    }
  }
});

test("the index lists every record", () => {
  const index = readFileSync(path.join(decisionsDir, "README.md"), "utf8");
  for (const record of records) expect(index, `README.md links ${record}`).toContain(`(${record})`);
});
