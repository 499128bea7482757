import { fileURLToPath } from "node:url";
import ts from "typescript";
import type { StripeObjectTypes } from "./stripe-types";

/**
 * Checks JSON values against the installed Stripe SDK's own TypeScript types, at run time: the
 * TypeScript checker reads the SDK's declarations (stripe-types.ts names the type of each object
 * kind) and a value is walked beside its type. An object must have every property the type requires
 * (Stripe's nullable fields are required and answered as null) and no property the type lacks;
 * values must be of the declared types, literal unions (statuses, enums) included. A union passes
 * when one of its members does; members whose `object` or `type` literal differs from the value's
 * are not tried (so an event is checked against the event type of its `type`).
 *
 * The SDK's types are generated from Stripe's OpenAPI at the SDK's pinned API version, so this is
 * Stripe's published contract at exactly the version the app speaks.
 */

const TYPES_FILE = fileURLToPath(new URL("./stripe-types.ts", import.meta.url));

export type Kind = keyof StripeObjectTypes;

let loaded: { checker: ts.TypeChecker; kinds: Map<string, ts.Type> } | undefined;

function load() {
  if (loaded) return loaded;
  const program = ts.createProgram([TYPES_FILE], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const source = program.getSourceFile(TYPES_FILE);
  const diagnostics = ts.getPreEmitDiagnostics(program, source);
  if (diagnostics.length > 0)
    throw new Error(diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n")).join("\n"));
  const checker = program.getTypeChecker();
  const declaration = source?.statements.find(ts.isTypeAliasDeclaration);
  if (!declaration) throw new Error(`${TYPES_FILE} declares no type`);
  const table = checker.getTypeAtLocation(declaration.name);
  const kinds = new Map(table.getProperties().map((p) => [p.name, checker.getTypeOfSymbol(p)]));
  loaded = { checker, kinds };
  return loaded;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function literalOf(checker: ts.TypeChecker, type: ts.Type, property: string): string | undefined {
  const symbol = type.getProperty(property);
  if (!symbol) return undefined;
  const propertyType = checker.getTypeOfSymbol(symbol);
  return propertyType.isStringLiteral() ? propertyType.value : undefined;
}

const isOtherString = (type: ts.Type) =>
  type.isIntersection() && type.types.some((t) => (t.flags & ts.TypeFlags.StringLike) !== 0);

function check(checker: ts.TypeChecker, value: unknown, type: ts.Type, path: string, errors: string[]): void {
  const flags = type.flags;
  if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return;
  // Decimal: the SDK turns the wire's decimal string into its own class, so the answer holds a string.
  if (type.aliasSymbol?.name === "Decimal") {
    if (typeof value !== "string") errors.push(`${path}: ${JSON.stringify(value)} is not a decimal string`);
    return;
  }
  if (type.isUnion()) {
    // The SDK adds OtherString (string & Record<never, never>) to every enum so that a newer value
    // still compiles; Stripe's OpenAPI enums are closed, so a value outside the listed ones fails.
    const closed = type.types.filter((m) => !isOtherString(m));
    let members = closed.length > 0 ? closed : type.types;
    if (isRecord(value))
      for (const discriminant of ["object", "type"]) {
        const given = value[discriminant];
        if (typeof given !== "string") continue;
        const matching = members.filter((m) => {
          const literal = literalOf(checker, m, discriminant);
          return literal === undefined || literal === given;
        });
        if (matching.length > 0) members = matching;
      }
    // Reported when none passes: the closest member of the value's own sort (an object's errors
    // against the object member, not "is not null").
    const absent = ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void;
    let best: string[] | undefined;
    for (const member of members) {
      const found: string[] = [];
      check(checker, value, member, path, found);
      if (found.length === 0) return;
      const sameSort = value === null || value === undefined || !(member.flags & absent);
      if (sameSort && (!best || found.length < best.length)) best = found;
    }
    const literal = (m: ts.Type) => m.isLiteral() || (m.flags & (ts.TypeFlags.BooleanLiteral | absent)) !== 0;
    if (!isRecord(value) && !Array.isArray(value) && members.every(literal)) {
      const allowed = members.map((m) => checker.typeToString(m)).join(" | ");
      errors.push(`${path}: ${JSON.stringify(value)} is not one of ${allowed}`);
      return;
    }
    errors.push(...(best ?? [`${path}: matches no member of ${checker.typeToString(type)}`]));
    return;
  }
  const fail = () =>
    errors.push(`${path}: ${JSON.stringify(value)?.slice(0, 80)} is not ${checker.typeToString(type)}`);
  if (flags & ts.TypeFlags.Null) return void (value === null || fail());
  if (flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return void (value === undefined || fail());
  if (type.isStringLiteral() || type.isNumberLiteral()) return void (value === type.value || fail());
  if (flags & ts.TypeFlags.BooleanLiteral)
    return void (value === (checker.typeToString(type) === "true") || fail());
  if (flags & ts.TypeFlags.StringLike) return void (typeof value === "string" || fail());
  if (flags & ts.TypeFlags.NumberLike) return void (typeof value === "number" || fail());
  if (flags & ts.TypeFlags.BooleanLike) return void (typeof value === "boolean" || fail());
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    if (!Array.isArray(value)) return void fail();
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    value.forEach((item, i) => {
      check(checker, item, element, `${path}[${i}]`, errors);
    });
    return;
  }
  if (isOtherString(type)) return void (typeof value === "string" || fail());
  if (flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection)) {
    if (!isRecord(value)) return void fail();
    const properties = checker.getPropertiesOfType(type);
    const known = new Set(properties.map((p) => p.name));
    for (const property of properties) {
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      if (!(property.name in value)) {
        if (!optional) errors.push(`${path}.${property.name}: missing (Stripe's type requires it)`);
        continue;
      }
      check(
        checker,
        value[property.name],
        checker.getTypeOfSymbol(property),
        `${path}.${property.name}`,
        errors,
      );
    }
    const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
    for (const [key, field] of Object.entries(value)) {
      if (known.has(key)) continue;
      if (index) check(checker, field, index.type, `${path}.${key}`, errors);
      else errors.push(`${path}.${key}: a field Stripe's ${checker.typeToString(type)} does not have`);
    }
    return;
  }
  errors.push(`${path}: no check for type ${checker.typeToString(type)}`);
}

/** The differences between a value and the SDK's type for its kind; [] when it conforms. */
export function stripeTypeErrors(kind: Kind, value: unknown): string[] {
  const { checker, kinds } = load();
  const type = kinds.get(kind);
  if (!type) throw new Error(`stripe-types.ts names no type for ${kind}`);
  const errors: string[] = [];
  check(checker, value, type, kind, errors);
  return errors;
}

export const knownKinds = (): string[] => [...load().kinds.keys()];
