import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { config } from "../app/config.server";
import { noDelaySocketOption } from "./postgres-socket.server";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the migrations (PostgreSQL: under the start-up lock, so processes starting together take turns). */
  migrate: () => Promise<void>;
  /**
   * Runs `work` while this process holds the start-up lock (a PostgreSQL advisory lock on a connection
   * of its own; PGlite has one process and no lock). `migrate` applies the migrations on that
   * connection. Every other process starting at the same moment waits, then finds nothing left to do.
   */
  exclusive: <T>(work: (migrate: () => Promise<void>) => Promise<T>) => Promise<T>;
  close: () => Promise<void>;
  /** LISTEN on a channel; resolves to a function that stops listening. */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  /** The driver underneath, for what Drizzle does not do: COPY (postgres.js), pg-boss's connection. */
  raw: { kind: "postgres"; sql: postgres.Sql; url: string } | { kind: "pglite"; pglite: PGlite };
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "migrations");

type OpenOptions = {
  url?: string;
  dataDir?: string;
  /** PostgreSQL: how long opening a connection may take (postgres.js's default: 30 s). */
  connectTimeoutSeconds?: number;
  /** PostgreSQL: how long one statement may run (unset or 0: no limit). Migrations have none. */
  statementTimeoutMs?: number;
  /** PostgreSQL: the most connections this handle's pool opens (DATABASE_POOL_SIZE). */
  poolSize?: number;
};

/** Opens the database named by a URL, or the embedded PGlite at dataDir ("memory://" for tests). */
export function openDatabase(options: OpenOptions): DatabaseHandle {
  if (options.url) {
    // Bounded waits: an unreachable or stuck database fails a request (503) instead of hanging it.
    const client = postgres(options.url, {
      max: options.poolSize ?? 10,
      onnotice: () => {},
      connect_timeout: options.connectTimeoutSeconds,
      connection: { statement_timeout: options.statementTimeoutMs ?? 0 },
      ...({ socket: noDelaySocketOption() } as object),
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    const exclusive = <T>(work: (migrate: () => Promise<void>) => Promise<T>) =>
      withStartUpLock(options.url as string, options.connectTimeoutSeconds, work);
    return {
      db,
      kind: "postgres",
      migrate: () => exclusive((migrate) => migrate()),
      exclusive,
      close: () => client.end({ timeout: 5 }),
      // postgres.js LISTENs on one dedicated connection per client (outside the pool, reopened if it
      // drops), shared by every channel: one per process, whatever listens (README's budget).
      listen: async (channel, onPayload) => {
        const { unlisten } = await client.listen(channel, onPayload);
        return unlisten;
      },
      raw: { kind: "postgres", sql: client, url: options.url },
    };
  }
  // pg_trgm backs the admin and contacts searches (migrations 0003, 0007); btree_gin lets the contacts
  // trigram indexes start with account_id (0007). PostgreSQL ships both as contrib extensions.
  const client = new PGlite(options.dataDir ?? "memory://", { extensions: { pg_trgm, btree_gin } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: resolveMigrationsFolder() }),
    exclusive: (work) =>
      work(() => migratePglite(db as never, { migrationsFolder: resolveMigrationsFolder() })),
    close: () => client.close(),
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return unsubscribe;
    },
    raw: { kind: "pglite", pglite: client },
  };
}

/** The advisory lock every process takes to migrate, seed and create its job queues ("blus" "t-up"). */
export const START_UP_LOCK_KEY = 0x626c_7573_7475_70n;

// Two processes migrating at once both create the same types and tables (duplicate key on
// pg_type_typname_nsp_index): the lock makes them take turns. It is held on a connection of its own,
// without a statement timeout (an index built on a large table may take minutes), and released with
// that connection even if the process dies.
async function withStartUpLock<T>(
  url: string,
  connectTimeoutSeconds: number | undefined,
  work: (migrate: () => Promise<void>) => Promise<T>,
): Promise<T> {
  const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: connectTimeoutSeconds });
  try {
    await client`select pg_advisory_lock(${START_UP_LOCK_KEY.toString()}::bigint)`;
    return await work(() =>
      migratePostgres(drizzlePostgres(client, { schema }), { migrationsFolder: resolveMigrationsFolder() }),
    );
  } finally {
    await client`select pg_advisory_unlock(${START_UP_LOCK_KEY.toString()}::bigint)`.catch(() => undefined);
    await client.end({ timeout: 5 });
  }
}

// The server bundle lives in build/server, the sources in db/: find the folder from either place.
function resolveMigrationsFolder() {
  const candidates = [migrationsFolder, path.resolve(process.cwd(), "db/migrations")];
  return candidates.find((c) => c.endsWith(path.join("db", "migrations"))) ?? candidates[1];
}

// One handle per process, kept on globalThis so the server script and the server bundle (two copies
// of this module) share it: PGlite data directories must only ever be opened once.
const globalKey = Symbol.for("blusteam.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: DatabaseHandle };

export function installDatabase(handle: DatabaseHandle) {
  (globalThis as GlobalWithDb)[globalKey] = handle;
}

export function databaseHandle(): DatabaseHandle {
  const existing = (globalThis as GlobalWithDb)[globalKey];
  if (existing) return existing;
  const settings = config();
  const handle = openDatabase({
    url: process.env.DATABASE_URL || undefined,
    dataDir: path.resolve(process.env.DATA_DIR ?? ".data", "pglite"),
    connectTimeoutSeconds: settings.DATABASE_CONNECT_TIMEOUT_SECONDS,
    statementTimeoutMs: settings.DATABASE_STATEMENT_TIMEOUT_MS,
    poolSize: settings.DATABASE_POOL_SIZE,
  });
  installDatabase(handle);
  return handle;
}

export function getDb(): Db {
  return databaseHandle().db;
}

export async function closeDatabase() {
  const handle = (globalThis as GlobalWithDb)[globalKey];
  delete (globalThis as GlobalWithDb)[globalKey];
  await handle?.close();
}
