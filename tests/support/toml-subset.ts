/**
 * A small TOML reader for the subset shopify.app.toml uses (no TOML package is installed, and the
 * tests need no other): comments, [tables] and [[arrays of tables]] with dotted names, bare keys,
 * "basic" and 'literal' strings, booleans, integers, and arrays of those over several lines.
 * Anything else (inline tables, dates, floats, multi-line strings, dotted keys) is refused with the
 * line number, so a later edit of the file that needs more fails the test instead of being misread.
 */

export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
export type TomlTable = { [key: string]: TomlValue };

export function parseTomlSubset(text: string): TomlTable {
  const root: TomlTable = {};
  let current: TomlTable = root;
  let pos = 0;
  const line = () => text.slice(0, pos).split("\n").length;
  const fail = (what: string): never => {
    throw new Error(`shopify.app.toml line ${line()}: ${what}`);
  };

  const skipSpaceAndComments = (newlines: boolean) => {
    while (pos < text.length) {
      const c = text[pos];
      if (c === " " || c === "\t" || c === "\r" || (newlines && c === "\n")) pos++;
      else if (c === "#") while (pos < text.length && text[pos] !== "\n") pos++;
      else break;
    }
  };

  const bareKey = () => {
    const match = /^[A-Za-z0-9_-]+/.exec(text.slice(pos));
    if (!match) fail("a key was expected");
    pos += (match as RegExpExecArray)[0].length;
    return (match as RegExpExecArray)[0];
  };

  const tableName = () => {
    const parts = [bareKey()];
    while (text[pos] === ".") {
      pos++;
      parts.push(bareKey());
    }
    return parts;
  };

  const basicString = () => {
    pos++; // opening quote
    let out = "";
    while (pos < text.length && text[pos] !== '"') {
      const c = text[pos];
      if (c === "\n") fail("a string may not span lines here");
      if (c === "\\") {
        const next = text[pos + 1];
        const simple: Record<string, string> = { '"': '"', "\\": "\\", n: "\n", t: "\t", r: "\r" };
        if (next in simple) {
          out += simple[next];
          pos += 2;
        } else if (next === "u") {
          out += String.fromCharCode(Number.parseInt(text.slice(pos + 2, pos + 6), 16));
          pos += 6;
        } else fail(`unsupported escape \\${next}`);
      } else {
        out += c;
        pos++;
      }
    }
    if (text[pos] !== '"') fail("an unterminated string");
    pos++;
    return out;
  };

  const literalString = () => {
    const end = text.indexOf("'", pos + 1);
    if (end < 0 || text.slice(pos + 1, end).includes("\n")) fail("an unterminated string");
    const out = text.slice(pos + 1, end);
    pos = end + 1;
    return out;
  };

  const value = (): TomlValue => {
    const c = text[pos];
    if (c === '"') {
      if (text.startsWith('"""', pos)) fail("multi-line strings are not supported");
      return basicString();
    }
    if (c === "'") return literalString();
    if (c === "[") {
      pos++;
      const items: TomlValue[] = [];
      for (;;) {
        skipSpaceAndComments(true);
        if (text[pos] === "]") {
          pos++;
          return items;
        }
        items.push(value());
        skipSpaceAndComments(true);
        if (text[pos] === ",") pos++;
        else if (text[pos] !== "]") fail("',' or ']' was expected in an array");
      }
    }
    const word = /^[^\s,\]#]+/.exec(text.slice(pos))?.[0] ?? "";
    pos += word.length;
    if (word === "true") return true;
    if (word === "false") return false;
    if (/^[+-]?\d+$/.test(word)) return Number(word);
    return fail(`unsupported value '${word}'`);
  };

  const descend = (names: string[], asArray: boolean) => {
    let table = root;
    names.forEach((name, index) => {
      const last = index === names.length - 1;
      const existing = table[name];
      if (last && asArray) {
        const list = existing ?? [];
        if (!Array.isArray(list)) fail(`${names.join(".")} is not an array of tables`);
        const entry: TomlTable = {};
        (list as TomlValue[]).push(entry);
        table[name] = list;
        table = entry;
        return;
      }
      if (existing === undefined) table[name] = {};
      const next = table[name];
      if (Array.isArray(next)) {
        const lastEntry = next[next.length - 1];
        if (typeof lastEntry !== "object" || Array.isArray(lastEntry)) fail(`${name} is not a table`);
        table = lastEntry as TomlTable;
      } else if (typeof next === "object") table = next;
      else fail(`${name} is not a table`);
    });
    return table;
  };

  for (;;) {
    skipSpaceAndComments(true);
    if (pos >= text.length) return root;
    if (text[pos] === "[") {
      const asArray = text[pos + 1] === "[";
      pos += asArray ? 2 : 1;
      skipSpaceAndComments(false);
      const names = tableName();
      skipSpaceAndComments(false);
      if (!text.startsWith(asArray ? "]]" : "]", pos)) fail("a table header is not closed");
      pos += asArray ? 2 : 1;
      current = descend(names, asArray);
    } else {
      const key = bareKey();
      if (text[pos] === ".") fail("dotted keys are not supported");
      skipSpaceAndComments(false);
      if (text[pos] !== "=") fail("'=' was expected");
      pos++;
      skipSpaceAndComments(false);
      if (key in current) fail(`${key} is defined twice`);
      current[key] = value();
    }
    skipSpaceAndComments(false);
    if (pos < text.length && text[pos] !== "\n") fail("a line has more than one definition");
  }
}
