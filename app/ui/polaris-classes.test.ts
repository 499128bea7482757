import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

/**
 * Markup we write with Polaris' class names instead of its components (the contacts table, the
 * contacts search box, the toast's close button lookup: docs/decisions/0010, 0011) looks right only
 * while the installed Polaris stylesheet still defines those classes. A Polaris release that renames
 * or drops one would leave that markup unstyled with nothing else failing (and our own styles that
 * adjust a Polaris class would stop applying): this test reads the stylesheet the app serves
 * (root.tsx links @shopify/polaris/build/esm/styles.css).
 */
const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stylesheetPath = createRequire(import.meta.url).resolve("@shopify/polaris/build/esm/styles.css");

/** `Polaris-Block__Element--modifier` as written in our .ts, .tsx and .css files (tests excluded). */
const CLASS_NAME = /\bPolaris-[A-Za-z0-9_-]*[A-Za-z0-9]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each Polaris class name our code writes, with the files that write it. */
function classesWeWrite(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of sourceFiles(appDir)) {
    for (const [name] of readFileSync(file, "utf8").matchAll(CLASS_NAME)) {
      const files = used.get(name) ?? [];
      const relative = path.relative(appDir, file);
      if (!files.includes(relative)) files.push(relative);
      used.set(name, files);
    }
  }
  return used;
}

/** Every class selector of the stylesheet (`.Polaris-Text--root`, `.Polaris-IndexTable__Table--sticky`...). */
function classesDefinedIn(css: string): Set<string> {
  return new Set(Array.from(css.matchAll(/\.(Polaris-[A-Za-z0-9_-]+)/g), ([, name]) => name));
}

test("every Polaris class our hand-written markup uses is defined in the installed Polaris stylesheet", () => {
  const used = classesWeWrite();
  // The contacts table and search box alone write dozens; fewer means the scan found nothing.
  expect(used.size).toBeGreaterThan(30);
  const defined = classesDefinedIn(readFileSync(stylesheetPath, "utf8"));
  const missing = [...used]
    .filter(([name]) => !defined.has(name))
    .map(([name, files]) => `${name} (${files.join(", ")})`);
  expect(missing, `not in ${path.relative(path.resolve(appDir, ".."), stylesheetPath)}`).toEqual([]);
});
