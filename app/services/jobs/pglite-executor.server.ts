import type { PGlite } from "@electric-sql/pglite";

/**
 * pg-boss's `db` adapter over the embedded database. Parameterised SQL is one statement (extended
 * protocol); pg-boss's installs and maintenance send several statements in one text without
 * parameters, which only the simple protocol runs. A failed multi-statement text may leave its
 * BEGIN open on the one PGlite session: it is rolled back so the app's next query is not refused.
 */
export function pgliteExecutor(pglite: PGlite) {
  return {
    async executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> {
      if (values && values.length > 0) {
        const result = await pglite.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      try {
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        await pglite.exec("rollback").catch(() => {});
        throw error;
      }
    },
  };
}
