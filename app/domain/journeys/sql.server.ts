import type { SQL } from "drizzle-orm";
import { rowsOf as resultRows } from "#db/rows";
import type { Queryable } from "~/domain/kernel/scope";

/** Runs raw SQL and returns its rows, whichever driver. */
export async function rowsOf<T = Record<string, unknown>>(db: Queryable, query: SQL): Promise<T[]> {
  return resultRows<T>(await db.execute(query));
}

/** A timestamp column read through raw SQL (PGlite gives a Date, postgres.js through Drizzle a string). */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(String(value));
}
