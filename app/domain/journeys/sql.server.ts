import type { SQL } from "drizzle-orm";
import type { Queryable } from "~/domain/contacts/contacts.server";

/** Runs raw SQL and returns its rows, whichever driver: PGlite returns { rows }, postgres.js the array. */
export async function rowsOf<T = Record<string, unknown>>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** A timestamp column read through raw SQL (PGlite gives a Date, postgres.js through Drizzle a string). */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}
