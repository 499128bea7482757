import { and, asc, eq, getTableColumns, getTableName, gt, isNotNull, ne } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { type Db, getDb } from "#db/client.server";
import { looksSealed, openSecretWithAge, SecretUnreadableError, sealSecret } from "./data-encryption.server";

/**
 * A text column that holds sealSecret(value, purpose), and how to find its row again. Whoever reads
 * one through openStored learns whether it should be written again (sealed under a key that is now
 * DATA_ENCRYPTION_KEY_PREVIOUS, or kept in clear before the column was sealed); resealColumns does
 * that for every row at start (scripts/reseal-secrets.ts on demand).
 */
export type SealedColumn = {
  table: PgTable;
  /** The row's primary key. */
  key: PgColumn;
  column: PgColumn;
  purpose: string;
  /** Rows written before this column was sealed hold the value in clear: read as is, then sealed. */
  legacyPlaintext?: boolean;
};

export function sealedColumnLabel(sealed: SealedColumn): string {
  return `${getTableName(sealed.table)}.${sealed.column.name}`;
}

/**
 * The secret a stored value holds, and what to store instead when it is not sealed under the current
 * key (null when it is). Throws SecretUnreadableError when no configured key opens it.
 */
export function openStored(sealed: SealedColumn, stored: string): { plain: string; reseal: string | null } {
  if (sealed.legacyPlaintext && !looksSealed(stored))
    return { plain: stored, reseal: sealSecret(stored, sealed.purpose) };
  const { plain, stale } = openSecretWithAge(stored, sealed.purpose);
  return { plain, reseal: stale ? sealSecret(plain, sealed.purpose) : null };
}

function propertyOf(sealed: SealedColumn): string {
  const entry = Object.entries(getTableColumns(sealed.table)).find(([, column]) => column === sealed.column);
  if (!entry) throw new Error(`${sealedColumnLabel(sealed)} is not a column of its table`);
  return entry[0];
}

/**
 * Writes the value sealed again, unless the row changed since `stored` was read: a token stored
 * meanwhile (a new install, another process's rewrite) is never put back to the old one.
 */
export async function writeResealed(
  sealed: SealedColumn,
  key: unknown,
  stored: string,
  resealed: string,
  db: Db = getDb(),
): Promise<boolean> {
  const rows = await db
    .update(sealed.table)
    .set({ [propertyOf(sealed)]: resealed })
    .where(and(eq(sealed.key, key), eq(sealed.column, stored)))
    .returning({ key: sealed.key });
  return rows.length > 0;
}

export type ResealOutcome = { column: string; resealed: number; unreadable: number };

/**
 * Seals again, under the current key, every value of these columns that is not (a page of rows at a
 * time). A value no configured key opens is counted, left as it is, and the rest go on.
 */
export async function resealColumns(
  columns: SealedColumn[],
  db: Db = getDb(),
  pageSize = 500,
): Promise<ResealOutcome[]> {
  const outcomes: ResealOutcome[] = [];
  for (const sealed of columns) {
    const outcome = { column: sealedColumnLabel(sealed), resealed: 0, unreadable: 0 };
    let after: unknown;
    for (;;) {
      const page: { key: unknown; stored: unknown }[] = await db
        .select({ key: sealed.key, stored: sealed.column })
        .from(sealed.table)
        .where(
          and(
            isNotNull(sealed.column),
            ne(sealed.column, ""),
            after === undefined ? undefined : gt(sealed.key, after),
          ),
        )
        .orderBy(asc(sealed.key))
        .limit(pageSize);
      for (const { key, stored } of page) {
        try {
          const { reseal } = openStored(sealed, String(stored));
          if (reseal && (await writeResealed(sealed, key, String(stored), reseal, db))) outcome.resealed++;
        } catch (error) {
          if (!(error instanceof SecretUnreadableError)) throw error;
          outcome.unreadable++;
        }
      }
      if (page.length < pageSize) break;
      after = page[page.length - 1].key;
    }
    outcomes.push(outcome);
  }
  return outcomes;
}
