import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { EXTENSION_DIR } from "../../scripts/build-checkout-extension";
import {
  shopifyTypeDefinition,
  typecheckCheckoutExtension,
} from "../../scripts/typecheck-checkout-extension";

/**
 * The checkout extension typechecks (checkJs, strict) against the installed @shopify/ui-extensions at
 * the target its shopify.extension.toml names (`npm run build:extension` runs the same check in CI),
 * and the check does catch a wrong field of the `shopify` API or a wrong attribute of an s-* element.
 */

const root = path.resolve(import.meta.dirname, "../..");
const scratch = mkdtempSync(path.join(tmpdir(), "sms-consent-types-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** An extension of its own in a scratch folder, with the real one's tsconfig and the project's packages. */
function probeExtension(source: string) {
  const dir = path.join(scratch, "probe");
  mkdirSync(path.join(dir, "src"), { recursive: true });
  symlinkSync(path.join(root, "node_modules"), path.join(scratch, "node_modules"));
  writeFileSync(
    path.join(dir, "tsconfig.json"),
    JSON.stringify({ extends: path.join(EXTENSION_DIR, "tsconfig.json"), include: ["src", "shopify.d.ts"] }),
  );
  writeFileSync(
    path.join(dir, "shopify.extension.toml"),
    readFileSync(path.join(EXTENSION_DIR, "shopify.extension.toml"), "utf8").replace(
      /^module = .*$/m,
      'module = "./src/Probe.jsx"',
    ),
  );
  writeFileSync(path.join(dir, "src", "Probe.jsx"), source);
  return dir;
}

test("the extension typechecks against the installed @shopify/ui-extensions", () => {
  expect(() => typecheckCheckoutExtension()).not.toThrow();
  // The `shopify` global is typed as the CLI types it, for the TOML's target and module.
  expect(readFileSync(path.join(EXTENSION_DIR, "shopify.d.ts"), "utf8")).toBe(
    shopifyTypeDefinition("purchase.checkout.contact.render-after", "./src/Checkout.jsx"),
  );
});

test("a field the target's API lacks, or an attribute value the element refuses, fails the check", () => {
  const dir = probeExtension(
    [
      'import "@shopify/ui-extensions/preact";',
      'import { render } from "preact";',
      "export default async () => {",
      '  render(<s-consent-checkbox policy="sms-marketin" label={shopify.shop.nombre} />, document.body);',
      "};",
      "",
    ].join("\n"),
  );
  let report = "";
  try {
    typecheckCheckoutExtension(dir);
  } catch (error) {
    report = (error as Error).message;
  }
  // (Matched loosely: the package's type names may change between versions, the errors stay.)
  expect(report).toMatch(/Probe\.jsx\(\d+,\d+\): error TS2339: Property 'nombre' does not exist/);
  expect(report).toMatch(/Probe\.jsx\(\d+,\d+\): error TS2322: Type '"sms-marketin"' is not assignable/);
});
