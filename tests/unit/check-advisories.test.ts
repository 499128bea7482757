import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import {
  DEFAULT_LIST,
  DEFAULT_LOCKFILE,
  findKnownBad,
  installedPackages,
  parseAdvisories,
} from "../../scripts/check-advisories";

const root = path.resolve(import.meta.dirname, "../..");
const advisories = parseAdvisories(readFileSync(DEFAULT_LIST, "utf8"));
const run = promisify(execFile);

/** A lockfile (version 3) holding the given package copies, keyed by folder as npm writes them. */
function lockfile(packages: Record<string, { version: string; name?: string; link?: boolean }>): string {
  return JSON.stringify({
    name: "fixture",
    lockfileVersion: 3,
    packages: { "": { name: "fixture", version: "1.0.0" }, ...packages },
  });
}

/** Runs the script as CI does, on a lockfile written to a temporary folder. */
async function checkAdvisories(lockfileJson: string) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "advisories-")), "package-lock.json");
  writeFileSync(file, lockfileJson);
  return run(process.execPath, ["--import", "tsx", "scripts/check-advisories.ts", "--lockfile", file], {
    cwd: root,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

test("the list holds the advisories of issue 33, each with a range that excludes its fixed version", () => {
  expect(advisories.map((a) => `${a.package} ${a.id}`)).toEqual(
    expect.arrayContaining([
      "nodemailer GHSA-rcmh-qjqh-p98v",
      "nodemailer GHSA-2x7j-588g-ccc2",
      "qs GHSA-6rw7-vpxm-498p",
      "path-to-regexp CVE-2026-4867",
    ]),
  );
  for (const advisory of advisories) {
    const atFixed = installedPackages(
      lockfile({ [`node_modules/${advisory.package}`]: { version: advisory.fixed } }),
    );
    expect(findKnownBad(atFixed, [advisory]), `${advisory.id} at ${advisory.fixed}`).toEqual([]);
  }
});

test("the versions main had before the upgrade are each found, nested copies and aliases too", () => {
  const installed = installedPackages(
    lockfile({
      "node_modules/nodemailer": { version: "7.0.10" },
      "node_modules/express": { version: "4.21.2" },
      "node_modules/body-parser/node_modules/qs": { version: "6.13.0" },
      "node_modules/path-to-regexp": { version: "0.1.12" },
      // An alias installs the real package under another folder name; a pre-release of 9.1.0 is before it.
      "node_modules/mailer": { name: "nodemailer", version: "9.1.0-beta.1" },
      // Not affected: a newer line of path-to-regexp, our own linked workspace.
      "node_modules/@react-router/dev/node_modules/path-to-regexp": { version: "6.3.0" },
      "node_modules/local": { version: "0.0.1", link: true },
    }),
  );
  const found = findKnownBad(installed, advisories).map(
    (f) => `${f.installed.location} ${f.installed.version} ${f.advisory.id}`,
  );
  expect(found.sort()).toEqual(
    [
      "node_modules/nodemailer 7.0.10 GHSA-rcmh-qjqh-p98v",
      "node_modules/nodemailer 7.0.10 GHSA-2x7j-588g-ccc2",
      "node_modules/mailer 9.1.0-beta.1 GHSA-2x7j-588g-ccc2",
      "node_modules/body-parser/node_modules/qs 6.13.0 GHSA-6rw7-vpxm-498p",
      "node_modules/path-to-regexp 0.1.12 CVE-2026-4867",
    ].sort(),
  );
});

test("npm run check:advisories fails on a lockfile with a listed version, naming package, version, advisory and fix", async () => {
  const result = await checkAdvisories(
    lockfile({ "node_modules/body-parser/node_modules/qs": { version: "6.13.0" } }),
  );
  expect(result.code).toBe(1);
  expect(result.stderr).toContain("known-bad versions found (1)");
  expect(result.stderr).toMatch(
    /qs 6\.13\.0 \(node_modules\/body-parser\/node_modules\/qs\): GHSA-6rw7-vpxm-498p .*; affected <6\.14\.1, fixed in 6\.14\.1/,
  );
}, 60_000);

test("npm run check:advisories passes on the project's own lockfile", async () => {
  const result = await checkAdvisories(readFileSync(DEFAULT_LOCKFILE, "utf8"));
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(/^check:advisories: \d+ installed packages in .* none affected$/m);
}, 60_000);

test("a lockfile without a packages map is refused rather than passed", async () => {
  const result = await checkAdvisories(JSON.stringify({ lockfileVersion: 1, dependencies: {} }));
  expect(result.code).toBe(2);
  expect(result.stderr).toContain('no "packages" map');
});
