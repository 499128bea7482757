/**
 * Stripe's request encoding, read back: the official SDK sends form bodies (and GET queries) in
 * bracket notation (`line_items[0][price]=price_1`, `metadata[planId]=x`, `expand[0]=customer`, and
 * `expand[]=customer` from curl users). This turns such a body into nested objects and arrays.
 */

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type Form = { [key: string]: FormValue };

export function parseStripeForm(encoded: string): Form {
  const root: Form = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(rawKey);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!)];
    let node: Record<string, FormValue> = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      // `[]` appends: give it the next free index.
      const key = segment === "" ? String(Object.keys(node).length) : segment;
      if (last) node[key] = value;
      else {
        const next = node[key];
        if (typeof next !== "object" || Array.isArray(next)) node[key] = {};
        node = node[key] as Record<string, FormValue>;
      }
    });
  }
  return arraysFromIndexes(root) as Form;
}

// Objects whose keys are all indexes (0, 1, ...) become arrays, in index order.
function arraysFromIndexes(value: FormValue): FormValue {
  if (typeof value === "string" || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((k) => [k, arraysFromIndexes(value[k]!)]));
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k)))
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((i) => converted[String(i)]!);
  return converted;
}

/** Reads typed fields out of a parsed form; Stripe's own "Invalid ..." answers for wrong types. */
export class FormReader {
  constructor(
    readonly form: Form,
    private readonly invalid: (message: string, param: string) => Error,
  ) {}

  has(name: string) {
    return this.form[name] !== undefined;
  }
  string(name: string): string | undefined {
    const value = this.form[name];
    if (value === undefined) return undefined;
    if (typeof value !== "string") throw this.invalid(`Invalid string: ${JSON.stringify(value)}`, name);
    return value;
  }
  integer(name: string): number | undefined {
    const value = this.string(name);
    if (value === undefined || value === "") return undefined;
    if (!/^-?\d+$/.test(value)) throw this.invalid(`Invalid integer: ${value}`, name);
    return Number(value);
  }
  boolean(name: string): boolean | undefined {
    const value = this.string(name);
    if (value === undefined) return undefined;
    if (value !== "true" && value !== "false") throw this.invalid(`Invalid boolean: ${value}`, name);
    return value === "true";
  }
  strings(name: string): string[] {
    const value = this.form[name];
    if (value === undefined) return [];
    if (!Array.isArray(value) || value.some((v) => typeof v !== "string"))
      throw this.invalid(`Invalid array`, name);
    return value as string[];
  }
  object(name: string): FormReader {
    const value = this.form[name];
    if (value === undefined) return new FormReader({}, this.invalid);
    if (typeof value !== "object" || Array.isArray(value)) throw this.invalid(`Invalid hash`, name);
    return new FormReader(value as Form, (message, param) => this.invalid(message, `${name}[${param}]`));
  }
  objects(name: string): FormReader[] {
    const value = this.form[name];
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw this.invalid(`Invalid array`, name);
    return value.map((item, i) => {
      if (typeof item !== "object" || Array.isArray(item))
        throw this.invalid(`Invalid hash`, `${name}[${i}]`);
      return new FormReader(item as Form, (message, param) =>
        this.invalid(message, `${name}[${i}][${param}]`),
      );
    });
  }
  /** Metadata as Stripe stores it: string values; an empty string removes the key on update. */
  metadata(name = "metadata"): Record<string, string> | undefined {
    const value = this.form[name];
    if (value === undefined) return undefined;
    if (value === "") return {};
    const reader = this.object(name);
    return Object.fromEntries(Object.keys(reader.form).map((k) => [k, reader.string(k) ?? ""]));
  }
}
