import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/**
 * Bundles the checkout UI extension (extensions/sms-consent) as the Shopify CLI does, without the
 * CLI (CI cannot install it): a generated entry that registers the module's default export for its
 * target with `shopify.extend`, bundled and minified by esbuild with Preact's JSX, no legal comments,
 * as a self-running script (the CLI sets no output format). Prints the size and the compressed size,
 * and fails above Shopify's 64 KB compressed limit. `npm run build:extension` writes
 * extensions/sms-consent/dist/sms-consent.js; `shopify app deploy` builds and uploads it for real.
 */

export const EXTENSION_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../extensions/sms-consent",
);
export const COMPRESSED_LIMIT_BYTES = 64 * 1024;

export type ExtensionBundle = { code: string; bytes: number; gzipBytes: number };

/** The target and module of the extension's one [[extensions.targeting]] entry. */
export function extensionTargeting(dir = EXTENSION_DIR): { target: string; module: string } {
  const toml = readFileSync(path.join(dir, "shopify.extension.toml"), "utf8");
  const block = toml.split("[[extensions.targeting]]")[1]?.split(/\n\[/)[0] ?? "";
  const value = (key: string) => block.match(new RegExp(`^${key}\\s*=\\s*"([^"]+)"`, "m"))?.[1];
  const target = value("target");
  const module = value("module");
  if (!target || !module)
    throw new Error("shopify.extension.toml has no [[extensions.targeting]] target and module");
  return { target, module };
}

export async function buildCheckoutExtension(): Promise<ExtensionBundle> {
  const { target, module } = extensionTargeting();
  const entry = [
    `import Extension from ${JSON.stringify(module)};`,
    `shopify.extend(${JSON.stringify(target)}, (...args) => Extension(...args));`,
  ].join("\n");
  const result = await build({
    stdin: { contents: entry, resolveDir: EXTENSION_DIR, sourcefile: "index.js", loader: "js" },
    bundle: true,
    write: false,
    minify: true,
    legalComments: "none",
    platform: "browser",
    target: "es2020",
    jsx: "automatic",
    jsxImportSource: "preact",
    loader: { ".js": "jsx", ".jsx": "jsx" },
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  const code = result.outputFiles[0]?.text ?? "";
  return { code, bytes: Buffer.byteLength(code), gzipBytes: gzipSync(code, { level: 9 }).byteLength };
}

export function sizeReport(bundle: ExtensionBundle): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return `sms-consent extension: ${kb(bundle.bytes)}, ${kb(bundle.gzipBytes)} compressed (Shopify's limit: ${kb(COMPRESSED_LIMIT_BYTES)} compressed)`;
}

async function main() {
  const bundle = await buildCheckoutExtension();
  const out = path.join(EXTENSION_DIR, "dist", "sms-consent.js");
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, bundle.code);
  console.log(sizeReport(bundle));
  if (bundle.gzipBytes >= COMPRESSED_LIMIT_BYTES) {
    console.error("The extension is over Shopify's compressed size limit.");
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
