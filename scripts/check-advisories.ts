// Compares package-lock.json with the known-bad versions kept in security/known-bad-versions.json, without
// the network: `npm audit` is refused by the registry these machines reach (README: "Advisories").
// Exits 1, naming package, version, advisory and fixed version, when an installed package is affected.
// Usage: npm run check:advisories [-- --lockfile <path>] [--list <path>]
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { z } from "zod";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DEFAULT_LOCKFILE = path.join(ROOT, "package-lock.json");
export const DEFAULT_LIST = path.join(ROOT, "security", "known-bad-versions.json");

const advisorySchema = z.object({
  package: z.string().min(1),
  id: z.string().min(1),
  affected: z.string().refine((range) => semver.validRange(range) !== null, "is not a semver range"),
  fixed: z.string().refine((version) => semver.valid(version) !== null, "is not a version"),
  summary: z.string().optional(),
});
const listSchema = z.object({ advisories: z.array(advisorySchema) });
export type Advisory = z.infer<typeof advisorySchema>;

// Lockfile versions 2 and 3 list every installed copy under "packages", keyed by its folder.
const lockfileSchema = z.object({
  packages: z.record(
    z.string(),
    z.object({ name: z.string().optional(), version: z.string().optional(), link: z.boolean().optional() }),
  ),
});

export type InstalledPackage = { name: string; version: string; location: string };
export type Finding = { installed: InstalledPackage; advisory: Advisory };

export function parseAdvisories(json: string): Advisory[] {
  return listSchema.parse(JSON.parse(json)).advisories;
}

/** Every package copy the lockfile installs; a nested copy (a/node_modules/b) counts as well as the top one. */
export function installedPackages(lockfileJson: string): InstalledPackage[] {
  const parsed = lockfileSchema.safeParse(JSON.parse(lockfileJson));
  if (!parsed.success) {
    throw new Error('the lockfile has no "packages" map (lockfileVersion 2 or 3 is needed: run npm install)');
  }
  const installed: InstalledPackage[] = [];
  for (const [location, entry] of Object.entries(parsed.data.packages)) {
    const at = location.lastIndexOf("node_modules/");
    // The root ("") and workspace folders are our own code; a link points at one of those.
    if (at === -1 || entry.link || !entry.version) continue;
    // An aliased install (`"x": "npm:real@1"`) names the real package in `name`.
    const name = entry.name ?? location.slice(at + "node_modules/".length);
    installed.push({ name, version: entry.version, location });
  }
  return installed;
}

/** The installed copies whose version is in an advisory's affected range (pre-releases included). */
export function findKnownBad(installed: InstalledPackage[], advisories: Advisory[]): Finding[] {
  const findings: Finding[] = [];
  for (const pkg of installed) {
    for (const advisory of advisories) {
      if (advisory.package !== pkg.name) continue;
      if (semver.satisfies(pkg.version, advisory.affected, { includePrerelease: true })) {
        findings.push({ installed: pkg, advisory });
      }
    }
  }
  return findings;
}

export function describeFinding({ installed, advisory }: Finding): string {
  return (
    `${installed.name} ${installed.version} (${installed.location}): ${advisory.id}` +
    `${advisory.summary ? ` (${advisory.summary})` : ""}; affected ${advisory.affected}, fixed in ${advisory.fixed}`
  );
}

function option(args: string[], name: string, fallback: string): string {
  const at = args.indexOf(name);
  if (at === -1) return fallback;
  const value = args[at + 1];
  if (!value) throw new Error(`${name} needs a path`);
  return path.resolve(value);
}

/** A path below the working folder as relative, any other as absolute. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith("..") ? relative : file;
}

function main(args: string[]): number {
  const lockfile = option(args, "--lockfile", DEFAULT_LOCKFILE);
  const list = option(args, "--list", DEFAULT_LIST);
  const advisories = parseAdvisories(readFileSync(list, "utf8"));
  const installed = installedPackages(readFileSync(lockfile, "utf8"));
  const findings = findKnownBad(installed, advisories);
  const where = `${shown(lockfile)} against ${advisories.length} known-bad ranges (${shown(list)})`;
  if (findings.length === 0) {
    console.log(`check:advisories: ${installed.length} installed packages in ${where}: none affected`);
    return 0;
  }
  console.error(`check:advisories: known-bad versions found (${findings.length}) in ${where}:`);
  for (const finding of findings) console.error(`  ${describeFinding(finding)}`);
  console.error(
    'Upgrade each to its fixed version (package.json, or "overrides" for a nested copy), then npm install.',
  );
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    console.error(`check:advisories: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}
