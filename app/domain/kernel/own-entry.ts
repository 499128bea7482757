/**
 * A table's own entry for a key that comes from outside the code (a request, a header, a tenant's
 * text): `table[key]` would find Object.prototype's members for "constructor", "toString" or
 * "__proto__" (a function where a value was expected: a 500 or worse). Tables keyed by outside values
 * are Maps, or are read through this. app/domain/kernel/own-entry.test.ts checks the app for others.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
