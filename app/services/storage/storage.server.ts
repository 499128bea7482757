import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { config } from "~/config.server";
import { databaseStorage } from "./database-storage.server";
import {
  byteCounter,
  checked,
  checkedFolder,
  type FileStorage,
  KEY,
  type StoredFileEntry,
} from "./file-storage";
import { s3Storage } from "./s3-storage.server";

// The stores (each in its module) and what callers use of the contract, from here as before.
export { databaseStorage } from "./database-storage.server";
export { type FileStorage, FileTooLargeError, MAX_UPLOAD_BYTES, type StoredFileEntry } from "./file-storage";
export { type S3Settings, s3Storage } from "./s3-storage.server";

export function localDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => path.join(root, checked(key));
  return {
    async write(key, source, { maxBytes }) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed when complete: a reader never sees half a file.
      const partial = `${target}.${randomUUID()}.part`;
      const counter = byteCounter(source, maxBytes);
      const out = createWriteStream(partial, { flags: "wx" });
      try {
        await pipeline(counter.chunks, out);
        await rename(partial, target);
      } catch (error) {
        // The stream opens its file asynchronously: removing it before the stream has closed could
        // run before the file exists, and leave an empty part file behind.
        if (!out.closed) await once(out, "close").catch(() => undefined);
        await rm(partial, { force: true });
        throw error;
      }
      return counter.size();
    },
    read: (key) => createReadStream(resolve(key), { highWaterMark: 64 * 1024 }),
    async size(key) {
      try {
        return (await stat(resolve(key))).size;
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async *list(folder) {
      // Depth first, a folder's files before its subfolders; part files (writes under way or
      // abandoned) and anything not named like our keys are not listed.
      async function* walk(relative: string): AsyncGenerator<StoredFileEntry> {
        let entries: import("node:fs").Dirent[];
        try {
          entries = await readdir(path.join(root, relative), { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
          throw error;
        }
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const entry of entries) {
          const key = `${relative}${entry.name}`;
          if (!entry.isFile() || !KEY.test(key)) continue;
          const info = await stat(path.join(root, key)).catch(() => null);
          if (info) yield { key, size: info.size, modifiedAt: info.mtime };
        }
        for (const entry of entries) if (entry.isDirectory()) yield* walk(`${relative}${entry.name}/`);
      }
      yield* walk(checkedFolder(folder));
    },
    async removeAbandoned(before) {
      let removed = 0;
      async function walk(directory: string): Promise<void> {
        let entries: import("node:fs").Dirent[];
        try {
          entries = await readdir(directory, { withFileTypes: true });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
          throw error;
        }
        for (const entry of entries) {
          const full = path.join(directory, entry.name);
          if (entry.isDirectory()) await walk(full);
          else if (entry.isFile() && PART_FILE.test(entry.name)) {
            const info = await stat(full).catch(() => null);
            if (info && info.mtime < before) {
              await rm(full, { force: true });
              removed++;
            }
          }
        }
      }
      await walk(root);
      return removed;
    },
  };
}

/** A write under way on local disk: "<key>.<uuid>.part" beside its target. */
const PART_FILE = /\.[0-9a-f-]{36}\.part$/;

let instance: FileStorage | undefined;

/**
 * The configured storage: the S3 bucket when S3_BUCKET is set; otherwise the database on PostgreSQL
 * (any process reads any upload), and local disk under DATA_DIR/uploads on the embedded database.
 */
export function fileStorage(): FileStorage {
  if (instance) return instance;
  const settings = config();
  if (settings.S3_BUCKET)
    instance = s3Storage({
      bucket: settings.S3_BUCKET,
      region: settings.S3_REGION,
      endpoint: settings.S3_ENDPOINT,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE === "true",
      accessKeyId: settings.S3_ACCESS_KEY_ID,
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
    });
  else if (settings.DATABASE_URL) instance = databaseStorage();
  else instance = localDiskStorage(path.resolve(settings.DATA_DIR, "uploads"));
  return instance;
}

/** How old an unfinished write must be before the sweep takes it for abandoned: no upload lasts a day. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** The "abandoned-uploads-sweep" job: removes what writes that never finished left in storage. */
export async function sweepAbandonedUploads(now = new Date()): Promise<number> {
  const removed = await fileStorage().removeAbandoned(new Date(now.getTime() - ABANDONED_UPLOAD_MS));
  if (removed > 0) console.warn(`storage: removed ${removed} upload(s) abandoned before they were complete`);
  return removed;
}

export function resetStorageForTests() {
  instance = undefined;
}
