import { sql } from "drizzle-orm";
import { getDb, type Tx } from "#db/client.server";
import { rowsOf } from "#db/rows";
import { fileStorage } from "~/services/storage/storage.server";

/**
 * Uploaded form images (logo, background, image elements), kept through the storage module under
 * "form-images/{account}/{uuid}.png" and served at /forms/images/{account}/{uuid}.png. A form's save
 * that drops one, or its deletion, removes the file unless another form of the company still shows
 * it (a copy shares its source's images). Writes that change which forms use an image (save, copy,
 * delete) take the company's image lock, so a copy never gains an image a deletion is removing.
 *
 * The builder uploads an image before the form is saved (the merchant sees it on the canvas at once);
 * one never saved is removed by the daily "form-images-sweep" job once it is older than
 * UNSAVED_FORM_IMAGE_GRACE_MS and no form of its company shows it.
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

/**
 * How long an uploaded image may wait for the save that uses it. The builder keeps unsaved work only
 * in the open tab, so a merchant who uploads a logo, leaves the tab open over lunch or overnight and
 * saves the next morning still has it; a day covers that, and an abandoned upload costs at most a day
 * (plus the sweep's own period) of storage.
 */
export const UNSAVED_FORM_IMAGE_GRACE_MS = 24 * 60 * 60 * 1000;

/** Old images checked in one statement (unusedFormImages' array), a company's in as many as it takes. */
const SWEEP_CHUNK = 500;

const FORM_IMAGE_KEY = /^form-images\/([0-9a-f-]{36})\/[0-9a-f-]{36}\.png$/;

/**
 * The "form-images-sweep" job: removes uploaded form images older than the grace period that no form
 * of their company shows (never saved, or saved only by a form since changed without the usual
 * removal). Goes through storage's listing a company folder at a time; with `accountId`, only that
 * company's folder is read. Each company's check and removals hold its image lock, so a save or copy
 * committing at that moment is either seen (the image stays) or comes after. Returns the keys found
 * unused and removed (a removal that fails is logged, and the next sweep tries it again).
 */
export async function sweepUnsavedFormImages(
  options: { now?: Date; accountId?: string; signal?: AbortSignal } = {},
): Promise<string[]> {
  const cutoff = (options.now ?? new Date()).getTime() - UNSAVED_FORM_IMAGE_GRACE_MS;
  const folder = options.accountId ? `form-images/${options.accountId}/` : "form-images/";
  const removed: string[] = [];
  let account: string | null = null;
  let old: string[] = [];
  const sweepAccount = async () => {
    if (account === null || old.length === 0) return;
    const accountId: string = account;
    const keys = old;
    old = [];
    removed.push(
      ...(await getDb().transaction(async (tx) => {
        await lockFormImages(tx, accountId);
        const unused = await unusedFormImages(tx, accountId, keys);
        // Removed while the lock is held: no save in between can start showing one of them.
        await removeFormImages(unused);
        return unused;
      })),
    );
  };
  // Listings give a folder's files together: a company is swept as soon as its folder is read.
  for await (const file of fileStorage().list(folder)) {
    const match = FORM_IMAGE_KEY.exec(file.key);
    if (!match || file.modifiedAt.getTime() > cutoff) continue;
    if (match[1] !== account || old.length >= SWEEP_CHUNK) {
      await sweepAccount();
      if (options.signal?.aborted) throw new Error("the worker stopped");
      account = match[1] as string;
    }
    old.push(file.key);
  }
  await sweepAccount();
  if (removed.length > 0) console.log(`form images: ${removed.length} never saved, removed`);
  return removed;
}
