import { readFileSync } from "node:fs";
import { Ajv2020, type ErrorObject } from "ajv/dist/2020.js";

/**
 * Validates values against the schemas of a vendored OpenAPI extract (tests/contracts/<provider>),
 * with Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1; Twilio's 3.0 schemas read the same here,
 * `nullable` included, which Ajv knows).
 *
 * Closed: a provider's schemas rarely say `additionalProperties: false`, so an answer with a field the
 * provider does not have would pass. Every object schema is therefore closed with
 * `unevaluatedProperties: false`, which (unlike additionalProperties) sees the properties of allOf
 * branches: the parts of an allOf are left open and the schema holding the allOf is closed instead.
 * (Meta's TextMessage puts `additionalProperties: false` on its second allOf branch, which would refuse
 * the `to` and `messaging_product` of its first branch, i.e. every text message: read as closing the
 * whole, which is what it evidently means.)
 */

type Schema = { [key: string]: unknown };
type Document = { components?: { schemas?: Record<string, Schema> }; paths?: Record<string, unknown> };

const isObject = (value: unknown): value is Schema =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function closeSchemas(document: Document): Document {
  const copy = structuredClone(document);
  // Components that are parts of an allOf somewhere: left open (the allOf's holder is closed).
  const allOfParts = new Set<string>();
  const findParts = (node: unknown) => {
    if (Array.isArray(node)) {
      for (const item of node) findParts(item);
      return;
    }
    if (!isObject(node)) return;
    if (Array.isArray(node.allOf))
      for (const part of node.allOf)
        if (isObject(part) && typeof part.$ref === "string") allOfParts.add(part.$ref);
    for (const value of Object.values(node)) findParts(value);
  };
  findParts(copy);

  const close = (node: unknown, isPart: boolean) => {
    if (Array.isArray(node)) {
      for (const item of node) close(item, false);
      return;
    }
    if (!isObject(node)) return;
    if (Array.isArray(node.allOf)) {
      for (const part of node.allOf) {
        if (isObject(part) && part.additionalProperties === false) delete part.additionalProperties;
        close(part, true);
      }
      if (!isPart && !("unevaluatedProperties" in node)) node.unevaluatedProperties = false;
    }
    // Only schemas that list properties: a bare `type: object` is a free-form map (Twilio's subresource_uris).
    const open = "additionalProperties" in node || "unevaluatedProperties" in node;
    if (isObject(node.properties) && !isPart && !open) node.unevaluatedProperties = false;
    for (const [key, value] of Object.entries(node)) {
      if (key === "allOf") continue;
      if (key === "properties" && isObject(value))
        for (const child of Object.values(value)) close(child, false);
      else close(value, false);
    }
  };
  for (const [name, schema] of Object.entries(copy.components?.schemas ?? {}))
    close(schema, allOfParts.has(`#/components/schemas/${name}`));
  close(copy.paths, false);
  return copy;
}

export type Contract = {
  document: Document;
  /**
   * The errors of `value` against the schema at `pointer` (a JSON pointer into the document); [] when
   * it validates. `notRequired`: properties whose absence is no error (a Graph answer holds only the
   * fields asked for with ?fields=).
   */
  errors: (pointer: string, value: unknown, options?: { notRequired?: string[] }) => string[];
};

export function loadContract(file: URL): Contract {
  const document = JSON.parse(readFileSync(file, "utf8")) as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(closeSchemas(document), "contract");
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  const describe = (e: ErrorObject) =>
    `${e.instancePath || "/"} ${e.message}${e.params && "unevaluatedProperty" in e.params ? `: ${e.params.unevaluatedProperty}` : ""}${e.params && "allowedValues" in e.params ? ` ${JSON.stringify(e.params.allowedValues)}` : ""}`;
  return {
    document,
    errors: (pointer, value, options) => {
      let validate = compiled.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `contract${pointer}` });
        compiled.set(pointer, validate);
      }
      if (validate(value)) return [];
      const excused = (e: ErrorObject) =>
        e.keyword === "required" && options?.notRequired?.includes(String(e.params.missingProperty));
      return (validate.errors ?? []).filter((e) => !excused(e)).map(describe);
    },
  };
}

/** A JSON pointer to a path's operation, e.g. operation("/{Version}/{WABA-ID}/phone_numbers", "get"). */
export const operationPointer = (path: string, method: string) =>
  `#/paths/${path.replace(/~/g, "~0").replace(/\//g, "~1")}/${method}`;
