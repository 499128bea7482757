import { readFileSync, writeFileSync } from "node:fs";
import { parse as parseYaml } from "yaml";

/**
 * Cuts a provider's published OpenAPI document down to what our contract tests read: the named
 * operations (path and method), the component schemas they reach through $ref (followed to the end),
 * and the source it came from. Nothing in what is kept is changed except that `examples`/`example`
 * are dropped (they are most of the bulk and no test reads them). Run by each provider's extract.ts,
 * never by the tests; the output is JSON so the tests need no YAML parser.
 */

export type Source = { repository: string; path: string; commit: string; retrieved: string };
export type Operation = { path: string; method: "get" | "post" };

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function extractOpenApi(options: {
  specFile: string;
  outFile: string;
  source: Source;
  operations: Operation[];
  /** Component schemas kept besides those the operations reach (e.g. an enum the code mirrors). */
  schemas?: string[];
}) {
  const text = readFileSync(options.specFile, "utf8");
  const spec = (options.specFile.endsWith(".json") ? JSON.parse(text) : parseYaml(text)) as Record<
    string,
    // biome-ignore lint/suspicious/noExplicitAny: an OpenAPI document is walked by JSON pointer.
    any
  >;
  const paths: Record<string, Record<string, Json>> = {};
  const kept = new Map<string, Json>();

  const resolve = (pointer: string): Json => {
    let node: Json = spec as Json;
    for (const raw of pointer.replace(/^#\//, "").split("/")) {
      const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
      if (node === null || typeof node !== "object" || Array.isArray(node) || !(key in node))
        throw new Error(`${pointer} is not in ${options.specFile}`);
      node = node[key];
    }
    return node;
  };
  const visit = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, Json> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "examples" || key === "example") continue;
      if (key === "$ref" && typeof value === "string") {
        if (!value.startsWith("#/")) throw new Error(`external $ref ${value} is not supported`);
        if (!kept.has(value)) {
          kept.set(value, null);
          kept.set(value, visit(resolve(value)));
        }
      }
      out[key] = visit(value);
    }
    return out;
  };

  for (const { path, method } of options.operations) {
    const operation = resolve(`#/paths/${path.replace(/~/g, "~0").replace(/\//g, "~1")}/${method}`);
    paths[path] = { ...paths[path], [method]: visit(operation) };
  }
  for (const name of options.schemas ?? []) {
    const pointer = `#/components/${name}`;
    kept.set(pointer, visit(resolve(pointer)));
  }

  // Each kept component goes back where it was, so every $ref still points at the same place.
  const components: Record<string, Record<string, Json>> = {};
  for (const [pointer, value] of [...kept].sort(([a], [b]) => a.localeCompare(b))) {
    const [, section, name] = pointer.replace(/^#\//, "").split("/");
    components[section] = { ...components[section], [name.replace(/~1/g, "/").replace(/~0/g, "~")]: value };
  }
  const extract = {
    "x-extract": {
      ...options.source,
      note: "A reduced extract made by the extract.ts beside this file: only the operations and component schemas our contract tests read, examples dropped, nothing else changed.",
      operations: options.operations.map((o) => `${o.method.toUpperCase()} ${o.path}`),
    },
    openapi: spec.openapi,
    info: { title: spec.info?.title, version: spec.info?.version },
    paths,
    components,
  };
  writeFileSync(options.outFile, `${JSON.stringify(extract, null, 2)}\n`);
  console.log(`${options.outFile}: ${options.operations.length} operations, ${kept.size} components`);
}
