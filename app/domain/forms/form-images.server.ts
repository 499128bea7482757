import { sql } from "drizzle-orm";
import type { Tx } from "#db/client.server";
import { rowsOf } from "#db/rows";
import { fileStorage } from "~/services/storage/storage.server";

/**
 * Uploaded form images (logo, background, image elements), kept through the storage module under
 * "form-images/{account}/{uuid}.png" and served at /forms/images/{account}/{uuid}.png. A form's save
 * that drops one, or its deletion, removes the file unless another form of the company still shows
 * it (a copy shares its source's images). Writes that change which forms use an image (save, copy,
 * delete) take the company's image lock, so a copy never gains an image a deletion is removing.
 */

const IMAGE_URL = /\/forms\/images\/([0-9a-f-]{36})\/([0-9a-f-]{36})\.png/g;

/** The storage keys of the company's uploads a form document shows, wherever it shows them. */
export function formImageKeys(
  accountId: string,
  document: { elements: unknown; style: unknown },
): Set<string> {
  const keys = new Set<string>();
  const text = `${JSON.stringify(document.elements)}${JSON.stringify(document.style)}`;
  // Another company's address pasted into a form is never ours to remove.
  for (const [, account, file] of text.matchAll(IMAGE_URL))
    if (account === accountId) keys.add(`form-images/${account}/${file}.png`);
  return keys;
}

/** Serialises the company's writes that add or drop form images (held until the transaction ends). */
export async function lockFormImages(tx: Tx, accountId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`form-images:${accountId}`}))`);
}

/** Of `keys`, those no form of the company shows any more (call it after the write, in its transaction). */
export async function unusedFormImages(tx: Tx, accountId: string, keys: Iterable<string>): Promise<string[]> {
  const candidates = [...keys];
  if (candidates.length === 0) return [];
  const files = candidates.map((key) => key.slice(key.lastIndexOf("/") + 1, -".png".length));
  const list = sql.join(
    files.map((file) => sql`${file}`),
    sql`, `,
  );
  const rows = rowsOf<{ file: string }>(
    await tx.execute(sql`
      select file from unnest(array[${list}]::text[]) as file
      where not exists (
        select 1 from microsites
        where account_id = ${accountId}
          and (elements::text like '%' || file || '%' or style::text like '%' || file || '%')
      )`),
  );
  const unused = new Set(rows.map((row) => row.file));
  return candidates.filter((_, i) => unused.has(files[i] as string));
}

/** Removes the files once the write that dropped them has committed; a failure leaves a file behind. */
export async function removeFormImages(keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await fileStorage().remove(key);
    } catch (error) {
      console.error(`form images: could not remove ${key}`, error);
    }
  }
}
