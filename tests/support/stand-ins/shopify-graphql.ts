/**
 * A small GraphQL engine the Shopify stand-in runs bulk queries with (its HTTP answers go through
 * graphql's own execution against Shopify's schema: shopify-admin-execution.ts): it parses a document (operations, variables with defaults, aliases,
 * arguments, fragments, inline fragments, @include/@skip) and runs its selections against plain
 * objects. An object names its type in `__typename` (and the abstract types it belongs to in
 * `__implements`); a field is a value or a function of its arguments. Selecting a field an object
 * does not have is an error worded as Shopify's, and then the answer has no data, as Shopify
 * validates a document before it runs it.
 */

import {
  type Directive,
  type Document,
  type Field,
  GqlSyntaxError,
  parseDocument,
  type Selection,
  type Value,
} from "./shopify-graphql-parser";

export type GqlArgs = Record<string, unknown>;
export type GqlObject = { __typename: string; __implements?: string[]; [field: string]: unknown };
export type GqlError = {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
};

function resolveValue(v: Value, variables: GqlArgs): unknown {
  switch (v.kind) {
    case "var":
      return variables[v.name] ?? null;
    case "list":
      return v.items.map((item) => resolveValue(item, variables));
    case "object":
      return Object.fromEntries(v.fields.map(([k, item]) => [k, resolveValue(item, variables)]));
    case "enum":
      return v.value;
    default:
      return v.value;
  }
}

/** A field resolver may throw this to add a GraphQL error at its path and answer null. */
export class GqlFieldError extends Error {
  constructor(
    message: string,
    readonly extensions?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export type GqlResult = { data?: Record<string, unknown> | null; errors?: GqlError[] };

/**
 * Runs the operation (the only one, or `operationName`) against the root object of its type.
 * Mutation fields run in order, as GraphQL requires.
 */
export function execute(options: {
  query: string;
  variables?: GqlArgs;
  operationName?: string;
  roots: { query: GqlObject; mutation: GqlObject };
}): GqlResult {
  let doc: Document;
  try {
    doc = parseDocument(options.query);
  } catch (error) {
    if (!(error instanceof GqlSyntaxError)) throw error;
    return { errors: [{ message: error.message, extensions: { code: "PARSE_ERROR" } }] };
  }
  const op = options.operationName
    ? doc.operations.find((o) => o.name === options.operationName)
    : doc.operations.length === 1
      ? doc.operations[0]
      : undefined;
  if (!op)
    return {
      errors: [
        {
          message: options.operationName
            ? `No operation named "${options.operationName}"`
            : "An operation name is required",
        },
      ],
    };
  const variables: GqlArgs = {};
  for (const v of op.variables) {
    const given = options.variables?.[v.name];
    variables[v.name] =
      given !== undefined ? given : v.defaultValue ? resolveValue(v.defaultValue, {}) : null;
  }
  const validation: GqlError[] = [];
  const errors: GqlError[] = [];
  const included = (dirs: Directive[]) =>
    dirs.every((d) => {
      const cond = d.args.find(([k]) => k === "if");
      const on = cond ? Boolean(resolveValue(cond[1], variables)) : true;
      return d.name === "include" ? on : d.name === "skip" ? !on : true;
    });
  const typeMatches = (object: GqlObject, on?: string) =>
    !on || on === object.__typename || (object.__implements ?? []).includes(on);

  // Flattens fragments into the fields that apply to this object, in document order.
  const collect = (object: GqlObject, selections: Selection[], out: Field[] = []): Field[] => {
    for (const s of selections) {
      if (!included(s.directives)) continue;
      if (s.kind === "field") out.push(s);
      else if (s.kind === "inline") {
        if (typeMatches(object, s.on)) collect(object, s.selections, out);
      } else {
        const fragment = doc.fragments.get(s.name);
        if (!fragment) {
          validation.push({ message: `Fragment ${s.name} was used, but not defined`, locations: [s.loc] });
          continue;
        }
        if (typeMatches(object, fragment.on)) collect(object, fragment.selections, out);
      }
    }
    return out;
  };

  const complete = (value: unknown, field: Field, path: Array<string | number>): unknown => {
    if (value === null || value === undefined) return null;
    if (Array.isArray(value)) return value.map((item, i) => complete(item, field, [...path, i]));
    const composite = typeof value === "object" && "__typename" in (value as object);
    if (composite && !field.selections) {
      const typeName = (value as GqlObject).__typename;
      validation.push({
        message: `Field must have selections (field '${field.name}' returns ${typeName} but has no selections. Did you mean '${field.name} { ... }'?)`,
        locations: [field.loc],
        path,
        extensions: { code: "selectionMismatch", nodeName: `field '${field.name}'`, typeName },
      });
      return null;
    }
    if (!composite) return value;
    return run(value as GqlObject, field.selections!, path);
  };

  const run = (object: GqlObject, selections: Selection[], path: Array<string | number>) => {
    const result: Record<string, unknown> = {};
    for (const field of collect(object, selections)) {
      const key = field.alias ?? field.name;
      const fieldPath = [...path, key];
      if (field.name === "__typename") {
        result[key] = object.__typename;
        continue;
      }
      if (!(field.name in object) || field.name.startsWith("__")) {
        validation.push({
          message: `Field '${field.name}' doesn't exist on type '${object.__typename}'`,
          locations: [field.loc],
          path: fieldPath,
          extensions: { code: "undefinedField", typeName: object.__typename, fieldName: field.name },
        });
        continue;
      }
      const args = Object.fromEntries(field.args.map(([k, v]) => [k, resolveValue(v, variables)]));
      const raw = object[field.name];
      try {
        const value = typeof raw === "function" ? (raw as (a: GqlArgs) => unknown)(args) : raw;
        result[key] = complete(value, field, fieldPath);
      } catch (error) {
        if (!(error instanceof GqlFieldError)) throw error;
        errors.push({
          message: error.message,
          locations: [field.loc],
          path: fieldPath,
          extensions: error.extensions,
        });
        result[key] = null;
      }
    }
    return result;
  };

  const data = run(op.type === "mutation" ? options.roots.mutation : options.roots.query, op.selections, [
    op.type === "mutation" ? "mutation" : "query",
  ]);
  if (validation.length) return { errors: validation };
  // Paths of data errors start at the first field, as Shopify's do.
  for (const e of errors) e.path = e.path?.slice(1);
  return errors.length ? { data, errors } : { data };
}
