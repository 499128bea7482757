/**
 * A small GraphQL engine for the Shopify stand-in (the `graphql` package is not installed, and no
 * dependency may be added): it parses a document (operations, variables with defaults, aliases,
 * arguments, fragments, inline fragments, @include/@skip) and runs its selections against plain
 * objects. An object names its type in `__typename` (and the abstract types it belongs to in
 * `__implements`); a field is a value or a function of its arguments. Selecting a field an object
 * does not have is an error worded as Shopify's, and then the answer has no data, as Shopify
 * validates a document before it runs it.
 */

export type GqlArgs = Record<string, unknown>;
export type GqlObject = { __typename: string; __implements?: string[]; [field: string]: unknown };
export type GqlError = {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
};

type Location = { line: number; column: number };
type Value =
  | { kind: "var"; name: string }
  | { kind: "list"; items: Value[] }
  | { kind: "object"; fields: Array<[string, Value]> }
  | { kind: "const"; value: unknown }
  | { kind: "enum"; value: string };
type Directive = { name: string; args: Array<[string, Value]> };
type Field = {
  kind: "field";
  alias?: string;
  name: string;
  args: Array<[string, Value]>;
  directives: Directive[];
  selections?: Selection[];
  loc: Location;
};
type Selection =
  | Field
  | { kind: "spread"; name: string; directives: Directive[]; loc: Location }
  | { kind: "inline"; on?: string; directives: Directive[]; selections: Selection[] };
type Operation = {
  type: "query" | "mutation";
  name?: string;
  variables: Array<{ name: string; defaultValue?: Value }>;
  selections: Selection[];
};
type Document = { operations: Operation[]; fragments: Map<string, { on: string; selections: Selection[] }> };

export class GqlSyntaxError extends Error {}

type Token = { kind: "punct" | "name" | "int" | "float" | "string"; value: string; loc: Location };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const loc = (): Location => ({ line, column: i - lineStart + 1 });
  while (i < source.length) {
    const c = source[i]!;
    if (c === "\n") {
      i++;
      line++;
      lineStart = i;
    } else if (c === " " || c === "\t" || c === "\r" || c === "," || c === "\ufeff") i++;
    else if (c === "#") while (i < source.length && source[i] !== "\n") i++;
    else if (source.startsWith("...", i)) {
      tokens.push({ kind: "punct", value: "...", loc: loc() });
      i += 3;
    } else if ("!$()::=@[]{}|&".includes(c)) {
      tokens.push({ kind: "punct", value: c, loc: loc() });
      i++;
    } else if (/[A-Za-z_]/.test(c)) {
      const start = loc();
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i))![0];
      tokens.push({ kind: "name", value: m, loc: start });
      i += m.length;
    } else if (/[-0-9]/.test(c)) {
      const start = loc();
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(source.slice(i));
      if (!m) throw new GqlSyntaxError(`Parse error on "${c}" at [${line}, ${start.column}]`);
      tokens.push({ kind: m[1] || m[2] ? "float" : "int", value: m[0], loc: start });
      i += m[0].length;
    } else if (source.startsWith('"""', i)) {
      const start = loc();
      const end = source.indexOf('"""', i + 3);
      if (end < 0) throw new GqlSyntaxError("Unterminated string");
      const text = source.slice(i + 3, end);
      for (const ch of text) if (ch === "\n") line++;
      tokens.push({ kind: "string", value: text.trim(), loc: start });
      i = end + 3;
    } else if (c === '"') {
      const start = loc();
      let j = i + 1;
      let text = "";
      while (j < source.length && source[j] !== '"') {
        if (source[j] === "\\") {
          const e = source[j + 1];
          if (e === "u") {
            text += String.fromCharCode(Number.parseInt(source.slice(j + 2, j + 6), 16));
            j += 6;
            continue;
          }
          text += ({ n: "\n", t: "\t", r: "\r", b: "\b", f: "\f" } as Record<string, string>)[e!] ?? e;
          j += 2;
        } else text += source[j++];
      }
      if (j >= source.length) throw new GqlSyntaxError("Unterminated string");
      tokens.push({ kind: "string", value: text, loc: start });
      i = j + 1;
    } else throw new GqlSyntaxError(`Parse error on "${c}" at [${line}, ${i - lineStart + 1}]`);
  }
  return tokens;
}

export function parseDocument(source: string): Document {
  const tokens = tokenize(source);
  let p = 0;
  const peek = () => tokens[p];
  const fail = (): never => {
    const t = peek();
    throw new GqlSyntaxError(
      t
        ? `Parse error on "${t.value}" (${t.kind.toUpperCase()}) at [${t.loc.line}, ${t.loc.column}]`
        : "Unexpected end of document",
    );
  };
  const is = (value: string) => peek()?.kind === "punct" && peek()?.value === value;
  const expect = (value: string) => {
    if (!is(value)) fail();
    p++;
  };
  const name = (): string => {
    const t = peek();
    if (t?.kind !== "name") return fail();
    p++;
    return t.value;
  };
  const value = (): Value => {
    const t = peek() ?? fail();
    if (is("$")) {
      p++;
      return { kind: "var", name: name() };
    }
    if (is("[")) {
      p++;
      const items: Value[] = [];
      while (!is("]")) items.push(value());
      p++;
      return { kind: "list", items };
    }
    if (is("{")) {
      p++;
      const fields: Array<[string, Value]> = [];
      while (!is("}")) {
        const key = name();
        expect(":");
        fields.push([key, value()]);
      }
      p++;
      return { kind: "object", fields };
    }
    p++;
    if (t.kind === "int" || t.kind === "float") return { kind: "const", value: Number(t.value) };
    if (t.kind === "string") return { kind: "const", value: t.value };
    if (t.kind === "name") {
      if (t.value === "true" || t.value === "false") return { kind: "const", value: t.value === "true" };
      if (t.value === "null") return { kind: "const", value: null };
      return { kind: "enum", value: t.value };
    }
    return fail();
  };
  const args = (): Array<[string, Value]> => {
    const list: Array<[string, Value]> = [];
    if (!is("(")) return list;
    p++;
    while (!is(")")) {
      const key = name();
      expect(":");
      list.push([key, value()]);
    }
    p++;
    return list;
  };
  const directives = (): Directive[] => {
    const list: Directive[] = [];
    while (is("@")) {
      p++;
      list.push({ name: name(), args: args() });
    }
    return list;
  };
  const skipType = () => {
    if (is("[")) {
      p++;
      skipType();
      expect("]");
    } else name();
    if (is("!")) p++;
  };
  const selections = (): Selection[] => {
    expect("{");
    const list: Selection[] = [];
    while (!is("}")) {
      if (is("...")) {
        const loc = peek()!.loc;
        p++;
        if (peek()?.kind === "name" && peek()!.value !== "on") {
          list.push({ kind: "spread", name: name(), directives: directives(), loc });
        } else {
          let on: string | undefined;
          if (peek()?.kind === "name" && peek()!.value === "on") {
            p++;
            on = name();
          }
          list.push({ kind: "inline", on, directives: directives(), selections: selections() });
        }
        continue;
      }
      const loc = peek()?.loc ?? fail();
      let fieldName = name();
      let alias: string | undefined;
      if (is(":")) {
        p++;
        alias = fieldName;
        fieldName = name();
      }
      const field: Field = {
        kind: "field",
        alias,
        name: fieldName,
        args: args(),
        directives: directives(),
        loc,
      };
      if (is("{")) field.selections = selections();
      list.push(field);
    }
    p++;
    return list;
  };
  const doc: Document = { operations: [], fragments: new Map() };
  while (p < tokens.length) {
    if (is("{")) {
      doc.operations.push({ type: "query", variables: [], selections: selections() });
      continue;
    }
    const keyword = name();
    if (keyword === "fragment") {
      const fragmentName = name();
      if (name() !== "on") fail();
      const on = name();
      directives();
      doc.fragments.set(fragmentName, { on, selections: selections() });
    } else if (keyword === "query" || keyword === "mutation") {
      const op: Operation = { type: keyword, variables: [], selections: [] };
      if (peek()?.kind === "name") op.name = name();
      if (is("(")) {
        p++;
        while (!is(")")) {
          expect("$");
          const variable: { name: string; defaultValue?: Value } = { name: name() };
          expect(":");
          skipType();
          if (is("=")) {
            p++;
            variable.defaultValue = value();
          }
          directives();
          op.variables.push(variable);
        }
        p++;
      }
      directives();
      op.selections = selections();
      doc.operations.push(op);
    } else {
      p--;
      fail();
    }
  }
  return doc;
}

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
