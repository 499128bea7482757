/**
 * The GraphQL document parser of the Shopify stand-in's engine (shopify-graphql.ts): operations,
 * variables with defaults, aliases, arguments, fragments, inline fragments and directives.
 */

export type Location = { line: number; column: number };
export type Value =
  | { kind: "var"; name: string }
  | { kind: "list"; items: Value[] }
  | { kind: "object"; fields: Array<[string, Value]> }
  | { kind: "const"; value: unknown }
  | { kind: "enum"; value: string };
export type Directive = { name: string; args: Array<[string, Value]> };
export type Field = {
  kind: "field";
  alias?: string;
  name: string;
  args: Array<[string, Value]>;
  directives: Directive[];
  selections?: Selection[];
  loc: Location;
};
export type Selection =
  | Field
  | { kind: "spread"; name: string; directives: Directive[]; loc: Location }
  | { kind: "inline"; on?: string; directives: Directive[]; selections: Selection[] };
export type Operation = {
  type: "query" | "mutation";
  name?: string;
  variables: Array<{ name: string; defaultValue?: Value }>;
  selections: Selection[];
};
export type Document = {
  operations: Operation[];
  fragments: Map<string, { on: string; selections: Selection[] }>;
};

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
