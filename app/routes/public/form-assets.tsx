import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Route } from "./+types/form-assets";

/**
 * /forms/assets/{file}: the ALTCHA widget's files, served from the installed package (altcha's
 * "external" build: no inline workers, so the page's policy needs no blob: scripts). Read once.
 */
const FILES = new Map<string, { file: string; type: string }>([
  ["altcha.js", { file: "dist/external/altcha.umd.min.cjs", type: "text/javascript" }],
  ["altcha-pbkdf2.js", { file: "dist/workers/pbkdf2.js", type: "text/javascript" }],
  ["altcha-fr.js", { file: "dist/i18n/fr-fr.umd.cjs", type: "text/javascript" }],
]);

const loaded = new Map<string, string>();

function read(name: string, entry: { file: string }): string {
  let body = loaded.get(name);
  if (body === undefined) {
    // altcha exports no package.json: its external build sits at {root}/dist/external/.
    const root = path.resolve(
      path.dirname(createRequire(import.meta.url).resolve("altcha/external")),
      "../..",
    );
    body = readFileSync(path.join(root, entry.file), "utf8");
    loaded.set(name, body);
  }
  return body;
}

export function loader({ params }: Route.LoaderArgs) {
  // A Map: the URL's name never finds Object.prototype's members ("constructor", "__proto__").
  const entry = FILES.get(params.file);
  if (!entry) return new Response("Not found", { status: 404 });
  return new Response(read(params.file, entry), {
    headers: {
      "Content-Type": `${entry.type}; charset=utf-8`,
      // The page asks for ?v={altcha version}.
      "Cache-Control": "public, max-age=86400",
    },
  });
}
