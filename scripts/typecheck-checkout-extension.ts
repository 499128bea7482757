import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EXTENSION_DIR, extensionTargeting } from "./build-checkout-extension";

/**
 * Typechecks the checkout UI extension (extensions/sms-consent, JavaScript checked with checkJs and
 * strict) against the @shopify/ui-extensions installed, whatever its version: the `shopify` global
 * is typed as the API of the target shopify.extension.toml names, and the s-* elements by the
 * package's own JSX declarations for that target. First it writes extensions/sms-consent/shopify.d.ts
 * as the Shopify CLI writes it (`shopify app dev` and `build` do: type-generation.ts in github
 * Shopify/cli), from the TOML's target and module, so the check never reads a stale copy; the file
 * is not committed. A target the installed package does not know fails here, as in the CLI.
 * `npm run build:extension` runs this before bundling (that is the extension's step in .ci/run).
 */

/** The CLI's shopify.d.ts for the extension's one target. */
export function shopifyTypeDefinition(target: string, module: string): string {
  const relative = module.replace(/^\.\//, "");
  return [
    "import '@shopify/ui-extensions';\n",
    "//@ts-ignore",
    `declare module './${relative}' {`,
    `  const shopify: import('@shopify/ui-extensions/${target}').Api;`,
    "  const globalThis: { shopify: typeof shopify };",
    "}",
    "",
  ].join("\n");
}

const TSC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../node_modules/typescript/bin/tsc");

/** Runs tsc on the extension in `dir`; throws with its report when it finds a problem. */
export function typecheckCheckoutExtension(dir = EXTENSION_DIR): void {
  const { target, module } = extensionTargeting(dir);
  writeFileSync(path.join(dir, "shopify.d.ts"), shopifyTypeDefinition(target, module));
  try {
    execFileSync(process.execPath, [TSC, "--project", path.join(dir, "tsconfig.json"), "--pretty", "false"], {
      encoding: "utf8",
      stdio: "pipe",
    });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`The checkout extension does not typecheck:\n${stdout ?? ""}${stderr ?? ""}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    typecheckCheckoutExtension();
    console.log("sms-consent extension: typechecks against the installed @shopify/ui-extensions");
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
