import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, beforeEach, describe } from "vitest";
import { closeDatabase, type Db, installDatabase, openDatabase } from "../../db/client.server";

/**
 * Databases for unit and database tests.
 *
 * PGlite: `initdb` dominates the cost of a new PGlite (~1.5-2.5 s with the migrations), so the first
 * call migrates one in a directory under the OS temp dir, keyed by the migrations and the PGlite
 * version; later calls (any worker, any file, any run) copy that directory and open the copy with the
 * app's own openDatabase (~0.5 s), and close() deletes the copy.
 * PostgreSQL (TEST_DATABASE_URL): the first call migrates a template database on that server (kept,
 * keyed by the migrations); every call copies it into a uniquely named database (~0.1 s) and drops it
 * on close.
 *
 * describeEachDatabase keeps one database per describe block and empties it between tests by
 * truncating the tables a test filled (one query finds them), which is what a fresh database looks like
 * as long as migrations insert no rows (it checks, and falls back to a new database per test if they do).
 */

export type DatabaseTarget = "pglite" | "postgres";
type Handle = ReturnType<typeof openDatabase>;
export type TestDatabase = Handle & {
  target: DatabaseTarget;
  /** The PostgreSQL database name, or the PGlite data directory. */
  name: string;
  /** False when the migrations left rows behind, so truncating would not give a fresh database. */
  resettable: boolean;
  /** Empties every table the migrations created (restarting their sequences). */
  reset: () => Promise<void>;
};

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const migrationsFolder = path.join(rootDir, "db/migrations");

/** Always PGlite; PostgreSQL as well when TEST_DATABASE_URL names a server we may create databases on. */
export function databaseTargets(): DatabaseTarget[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];
}

/** A new, migrated, empty database. The caller closes it (which drops a PostgreSQL one). */
export async function createTestDatabase(target: DatabaseTarget = "pglite"): Promise<TestDatabase> {
  if (target === "postgres") return createPostgresTestDatabase();
  return createPgliteTestDatabase();
}

/**
 * Runs `body` once per database target, each in its own describe block. Inside a test, `getDb()` and
 * the app's own getDb() (db/client.server) both return that block's database, emptied before each test.
 * Pass `{ freshPerTest: true }` when a test leaves state that truncation does not undo (schemas or
 * tables created at run time, e.g. by pg-boss, LISTEN channels, session settings).
 */
export function describeEachDatabase(
  name: string,
  body: (getDb: () => Db, target: DatabaseTarget) => void,
  options: { freshPerTest?: boolean } = {},
) {
  for (const target of databaseTargets()) {
    describe(`${name} [${target}]`, () => {
      let current: TestDatabase | undefined;
      let used = false;

      beforeAll(async () => {
        current = await createTestDatabase(target);
      });

      beforeEach(async () => {
        if (!current)
          throw new Error(`The ${target} test database was not created (see the beforeAll error above).`);
        if (used) {
          if (options.freshPerTest || !current.resettable) {
            await current.close();
            current = await createTestDatabase(target);
          } else {
            await current.reset();
          }
        }
        used = true;
        installDatabase(current);
      });

      afterAll(async () => {
        if (!current) return;
        // Install it once more so closeDatabase() both closes (and drops) it and forgets it.
        installDatabase(current);
        current = undefined;
        await closeDatabase();
      });

      body(() => {
        if (!current) throw new Error("getDb() is only available inside a test of describeEachDatabase.");
        return current.db;
      }, target);
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// PGlite

let templatePromise: Promise<string> | undefined;

async function createPgliteTestDatabase(): Promise<TestDatabase> {
  templatePromise ??= findOrBuildPgliteTemplate();
  let copy = await copyTemplate(await templatePromise);
  let handle = openDatabase({ dataDir: copy });
  try {
    await handle.db.execute(sql`select 1`);
  } catch {
    // A damaged cache: throw it away and build the template again, once.
    await handle.close().catch(() => {});
    rmSync(copy, { recursive: true, force: true });
    rmSync(templateDir(), { recursive: true, force: true });
    templatePromise = findOrBuildPgliteTemplate();
    copy = await copyTemplate(await templatePromise);
    handle = openDatabase({ dataDir: copy });
  }
  const opened = handle;
  const closeAndRemove = async () => {
    try {
      await opened.close();
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  };
  return withReset({ ...opened, close: closeAndRemove }, "pglite", copy);
}

async function copyTemplate(template: string): Promise<string> {
  const copy = mkdtempSync(path.join(os.tmpdir(), "blusteam-test-db-"));
  cpSync(template, copy, { recursive: true });
  return copy;
}

/** A migrated PGlite data directory, built once and shared by every worker and later runs. */
async function findOrBuildPgliteTemplate(): Promise<string> {
  const dir = templateDir();
  if (existsSync(dir)) {
    utimesSync(dir, new Date(), new Date()); // marks it as in use, for pruneOldTemplates
    return dir;
  }
  mkdirSync(path.dirname(dir), { recursive: true });
  pruneOldTemplates(path.dirname(dir));
  const building = mkdtempSync(`${dir}.building-`);
  const handle = openDatabase({ dataDir: building });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  // Renamed into place when complete, so parallel workers never copy half a template.
  try {
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(dir)) throw error; // otherwise another worker finished first: use its template
  }
  return dir;
}

// Each change of the migrations makes a new template (~40 MB): drop those unused for a day.
function pruneOldTemplates(parent: string) {
  const dayAgo = Date.now() - 24 * 60 * 60 * 1000;
  for (const entry of readdirSync(parent)) {
    const full = path.join(parent, entry);
    try {
      if (statSync(full).mtimeMs < dayAgo) rmSync(full, { recursive: true, force: true });
    } catch {
      // Another worker removed it first.
    }
  }
}

function templateDir() {
  const pglitePackage = JSON.parse(
    readFileSync(path.join(rootDir, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  const hash = migrationsHash(`pglite ${pglitePackage.version}\n`);
  return path.join(os.tmpdir(), "blusteam-test-templates", `pglite-${hash.slice(0, 16)}`);
}

/** A hash of the migrations and of how the app opens a database (options, extensions), after `salt`. */
function migrationsHash(salt = ""): string {
  const hash = createHash("sha256");
  hash.update(salt);
  hash.update(readFileSync(path.join(rootDir, "db/client.server.ts")));
  for (const file of listFiles(migrationsFolder)) {
    hash.update(`${path.relative(migrationsFolder, file)}\n`);
    hash.update(readFileSync(file));
  }
  return hash.digest("hex");
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) =>
      entry.isDirectory() ? listFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
}

// ---------------------------------------------------------------------------------------------------
// PostgreSQL

export type ScratchPostgresDatabase = { name: string; url: string; drop: () => Promise<void> };

/** Creates an empty database named `<prefix>_<random>` on the server of `serverUrl`. */
export async function createScratchPostgresDatabase(
  serverUrl: string,
  prefix = "blusteam_test",
  template?: string,
): Promise<ScratchPostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await withServer(serverUrl, (admin) =>
    admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ""}`),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      // FORCE ends connections the test left open (PostgreSQL 13+).
      await withServer(serverUrl, (admin) => admin.unsafe(`drop database if exists "${name}" with (force)`));
    },
  };
}

async function withServer<T>(serverUrl: string, fn: (admin: postgres.Sql) => Promise<T>): Promise<T> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    return await fn(admin);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

async function createPostgresTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set: there is no PostgreSQL server to test on.");
  postgresTemplatePromise ??= findOrBuildPostgresTemplate(serverUrl);
  const scratch = await createScratchPostgresDatabase(
    serverUrl,
    "blusteam_test",
    await postgresTemplatePromise,
  );
  const handle = openDatabase({ url: scratch.url });
  const closeAndDrop = async () => {
    try {
      await handle.close();
    } finally {
      await scratch.drop();
    }
  };
  try {
    // Finds every migration applied (the template's): a check, not a migration.
    await handle.migrate();
    return await withReset({ ...handle, close: closeAndDrop }, "postgres", scratch.name);
  } catch (error) {
    await closeAndDrop();
    throw error;
  }
}

let postgresTemplatePromise: Promise<string> | undefined;

/**
 * A migrated database that test databases are copied from (CREATE DATABASE ... TEMPLATE, ~0.1 s,
 * where migrating each one took ~0.5 s), named by the migrations' hash and built once per server:
 * every worker and later run shares it. Built under an advisory lock, so two workers never both
 * build it, and renamed into place when complete.
 */
const KEPT_OTHER_TEMPLATES = 4;

async function findOrBuildPostgresTemplate(serverUrl: string): Promise<string> {
  const name = `blusteam_template_${migrationsHash().slice(0, 16)}`;
  return withServer(serverUrl, async (admin) => {
    await admin`select pg_advisory_lock(hashtext('blusteam test template'))`;
    try {
      const [found] = await admin`select 1 from pg_database where datname = ${name}`;
      if (found) return name;
      // Templates of other migrations (older branches and runs) go, except the newest few (by oid, which
      // grows as databases are created): several checkouts on one server (worktrees, a CI clone beside
      // a developer's tree) each keep theirs while the others run. One in use stays, harmlessly.
      const stale = await admin`select datname from pg_database where datname like 'blusteam\_template\_%'
        and datname not like '%\_building' order by oid desc offset ${KEPT_OTHER_TEMPLATES}`;
      for (const { datname } of stale)
        await admin.unsafe(`drop database if exists "${datname}"`).catch(() => {});
      const building = `${name}_building`;
      await admin.unsafe(`drop database if exists "${building}" with (force)`);
      await admin.unsafe(`create database "${building}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const handle = openDatabase({ url: url.toString() });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await admin.unsafe(`alter database "${building}" rename to "${name}"`);
      return name;
    } finally {
      await admin`select pg_advisory_unlock(hashtext('blusteam test template'))`;
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// Reset by truncation

async function withReset(handle: Handle, target: DatabaseTarget, name: string): Promise<TestDatabase> {
  const tables = await userTables(handle.db);
  let resettable = true;
  for (const table of tables) {
    const rows = await rowsOf(handle.db, sql.raw(`select exists (select 1 from ${table}) as "nonEmpty"`));
    if (rows[0]?.nonEmpty) resettable = false;
  }
  // TRUNCATE ... CASCADE makes new files for nearly every table (~400 ms a test on either database),
  // while a test fills a handful of the ~80: one query names those, and plain deletes empty them
  // (~20 ms). Replica mode skips foreign-key checks and triggers, which would only slow the deletes
  // down: every filled table is emptied, so nothing is left pointing anywhere. (The schema has no
  // sequences to restart; a migration that adds one must restart it here.)
  const filled = tables.length
    ? sql.join(
        tables.map(
          (table) => sql`select ${table}::text as "table" where exists (select 1 from ${sql.raw(table)})`,
        ),
        sql.raw(" union all "),
      )
    : undefined;
  return {
    ...handle,
    target,
    name,
    resettable,
    reset: async () => {
      if (!filled) return;
      const nonEmpty = (await rowsOf(handle.db, filled)).map((row) => String(row.table));
      if (nonEmpty.length === 0) return;
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql.raw("set local session_replication_role = replica"));
        for (const table of nonEmpty) await tx.execute(sql.raw(`delete from ${table}`));
      });
    },
  };
}

async function userTables(db: Db): Promise<string[]> {
  const rows = await rowsOf(
    db,
    sql`select format('%I.%I', schemaname, tablename) as "table" from pg_catalog.pg_tables
        where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') and schemaname not like 'pg\_%'
        order by 1`,
  );
  return rows.map((row) => String(row.table));
}

// PGlite returns { rows }, postgres.js returns the rows array itself.
async function rowsOf(db: Db, query: ReturnType<typeof sql.raw>): Promise<Record<string, unknown>[]> {
  const result = (await db.execute(query)) as unknown as { rows?: Record<string, unknown>[] };
  return Array.isArray(result) ? (result as Record<string, unknown>[]) : (result.rows ?? []);
}
