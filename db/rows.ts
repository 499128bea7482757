/** The rows of a raw `db.execute(sql\`...\`)`: postgres.js returns an array of rows, PGlite { rows }. */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
