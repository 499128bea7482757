import type { Readable } from "node:stream";

/**
 * Uploaded files. The embedded default keeps them on disk under DATA_DIR/uploads; on PostgreSQL
 * (DATABASE_URL) they go to the database in chunks, so every server and worker reads every upload
 * with nothing else to share; with S3_BUCKET set they go to an S3-compatible bucket. Files are written and read as streams, never
 * held whole in memory. Keys are ours ("csv-imports/<account>/<uuid>.csv"), never a user's file name.
 */
export type FileStorage = {
  /** Writes `source` under `key`; refuses (and removes what it wrote) past `maxBytes`. */
  write: (key: string, source: AsyncIterable<Uint8Array>, options: { maxBytes: number }) => Promise<number>;
  read: (key: string) => Readable;
  size: (key: string) => Promise<number | null>;
  remove: (key: string) => Promise<void>;
  /**
   * The complete files under a folder ("form-images/" or "form-images/<account>/"), a folder's files
   * together, with when each was last written; read as it goes (a page at a time), never all at once.
   */
  list: (folder: string) => AsyncIterable<StoredFileEntry>;
  /**
   * Removes writes that never finished and were begun before `before` (a process that died in the
   * middle of an upload leaves one: a part file, an incomplete row, an open multipart upload), in
   * every folder; returns how many. A write under way is younger than any sane `before`.
   */
  removeAbandoned: (before: Date) => Promise<number>;
};

export type StoredFileEntry = { key: string; size: number; modifiedAt: Date };

/** The largest upload (the spec's CSV limit; csv-types.ts says the same to the browser). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = "FileTooLargeError";
  }
}

/** The source's chunks, counted as they pass: past `maxBytes` it stops with FileTooLargeError. */
export function byteCounter(source: AsyncIterable<Uint8Array>, maxBytes: number) {
  let size = 0;
  return {
    async *chunks() {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > maxBytes) throw new FileTooLargeError(maxBytes);
        yield chunk;
      }
    },
    size: () => size,
  };
}

export const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*(\.[a-z0-9]+)?$/;

/** Our keys only ("csv-imports/<account>/<uuid>.csv"): never a path out of the store. */
export function checked(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

const FOLDER = /^[a-z0-9-]+\/([a-z0-9-]+\/)*$/;

/** A folder of our keys, ending with "/": a listing never reaches past it. */
export function checkedFolder(folder: string): string {
  if (!FOLDER.test(folder)) throw new Error(`Invalid storage folder: ${folder}`);
  return folder;
}

/** Files listed per page (S3's own maximum; the database's page). */
export const LIST_PAGE = 1000;
