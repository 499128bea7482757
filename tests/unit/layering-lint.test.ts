import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, expect, test } from "vitest";

// biome.json's layering rules (noRestrictedImports per folder, noImportCycles): `npm run lint`, which
// .ci/run runs, must fail on a backwards import or a cycle. Each test writes a probe module into the
// layer it checks, lints only that, and removes it.
const root = path.resolve(import.meta.dirname, "../..");
const biome = path.join(root, "node_modules/.bin/biome");
const run = promisify(execFile);
const probes: string[] = [];

async function lint(files: Record<string, string>) {
  const paths: string[] = [];
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(root, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
    probes.push(file);
    paths.push(relative);
  }
  try {
    await run(biome, ["lint", "--max-diagnostics=20", ...paths], { cwd: root });
    return { failed: false, output: "" };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { failed: true, output: `${stdout}\n${stderr}` };
  }
}

afterEach(async () => {
  for (const file of probes.splice(0)) await rm(file, { force: true });
  await rm(path.join(root, `app/domain/lint-probe-${process.pid}`), { recursive: true, force: true });
});

const probe = `lint-probe-${process.pid}`;

test.each([
  ["app/ui", "~/routes/resources/csv-imports", "app/ui never imports app/routes"],
  ["app/domain", "~/routes/resources/csv-imports", "app/domain never imports app/routes or app/ui"],
  ["app/domain", "~/ui/toast", "app/domain never imports app/routes or app/ui"],
  ["app/services", "~/domain/kernel/ids", "app/services never imports app/domain"],
])("a module in %s importing %s fails the lint", async (folder, target, message) => {
  const result = await lint({
    [`${folder}/${probe}.ts`]: `import * as probe from "${target}";\nexport const used = probe;\n`,
  });
  expect(result.failed).toBe(true);
  expect(result.output).toContain(message);
});

test("an import cycle fails the lint", async () => {
  const result = await lint({
    [`app/domain/${probe}/a.ts`]: `import { b } from "./b";\nexport const a = () => b();\n`,
    [`app/domain/${probe}/b.ts`]: `import { a } from "./a";\nexport const b = () => a();\n`,
  });
  expect(result.failed).toBe(true);
  expect(result.output).toContain("noImportCycles");
});

test("an import the other way passes", async () => {
  const result = await lint({
    [`app/ui/${probe}.ts`]: `import { isUuid } from "~/domain/kernel/ids";\nexport const check = isUuid;\n`,
  });
  expect(result.output).toBe("");
  expect(result.failed).toBe(false);
});
