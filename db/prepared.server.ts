import type postgres from "postgres";
import { type Db, databaseHandle } from "./client.server";

const statementsByDatabase = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query that runs on every signed-in request, built once per database handle and prepared: Drizzle
 * skips composing its SQL each time, and PostgreSQL (postgres.js names the statement on each pooled
 * connection) skips parsing and planning it. Only for fixed statements whose values are placeholders:
 * `name` must be unique to `build`. Tests and scripts install their own handles, so the cache is per
 * handle and goes with it.
 */
export function preparedStatement<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let statements = statementsByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    statementsByDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    statements.set(name, statement);
  }
  return statement;
}

/**
 * A fixed raw statement (positional $1, $2... parameters) outside any transaction, prepared on
 * PostgreSQL: postgres.js runs an unnamed statement with parameters as two round trips (describe,
 * then execute) and PostgreSQL parses and plans it each time; prepared, it is one round trip and
 * planned once per connection. For hot statements whose text never changes; PGlite runs it as is.
 */
export async function queryPrepared<T>(text: string, parameters: unknown[]): Promise<T[]> {
  const { raw } = databaseHandle();
  if (raw.kind === "postgres")
    return (await raw.sql.unsafe(text, parameters as postgres.ParameterOrJSON<never>[], {
      prepare: true,
    })) as unknown as T[];
  return (await raw.pglite.query<T>(text, parameters)).rows;
}
