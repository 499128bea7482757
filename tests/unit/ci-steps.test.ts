import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// What CI runs is .ci/run: each check below exists only because this script calls it. The type-level
// tests (the `@ts-expect-error` lines in app/i18n/keys.test.ts, hand-written interfaces such as the
// cookie wrapper) run in `npm run typecheck`, not in vitest, so dropping that step would silently
// stop checking them.
const script = readFileSync(path.resolve(import.meta.dirname, "../../.ci/run"), "utf8");
const commands = script
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line.startsWith("npm "))
  .map((line) => line.replace(/\s*<\/dev\/null$/, ""));

test("CI installs from the lockfile, then runs every check, the typecheck included, before the tests", () => {
  expect(commands).toEqual([
    "npm ci --no-audit --no-fund",
    "npm run check:advisories",
    "npm run lint",
    "npm run typecheck",
    "npm run build:extension",
    "npm test",
  ]);
});

test("the typecheck script generates the routes' types, then runs tsc over the whole project", () => {
  const scripts = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, "../../package.json"), "utf8"),
  ).scripts;
  expect(scripts.typecheck).toBe("react-router typegen && tsc");
});
