import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { config } from "~/config.server";

/**
 * Uploaded files. The local default keeps them on disk under DATA_DIR/uploads (a server process and
 * a separate worker must then share that directory); files are written and read as streams, never
 * held whole in memory. Keys are ours ("csv-imports/<account>/<uuid>.csv"), never a user's file name.
 */
export type FileStorage = {
  /** Writes `source` under `key`; refuses (and removes what it wrote) past `maxBytes`. */
  write: (key: string, source: AsyncIterable<Uint8Array>, options: { maxBytes: number }) => Promise<number>;
  read: (key: string) => Readable;
  size: (key: string) => Promise<number | null>;
  remove: (key: string) => Promise<void>;
};

/** The largest upload (the spec's CSV limit; csv-types.ts says the same to the browser). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes`);
    this.name = "FileTooLargeError";
  }
}

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*(\.[a-z0-9]+)?$/;

export function localDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    async write(key, source, { maxBytes }) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed when complete: a reader never sees half a file.
      const partial = `${target}.${randomUUID()}.part`;
      let size = 0;
      async function* counted() {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > maxBytes) throw new FileTooLargeError(maxBytes);
          yield chunk;
        }
      }
      const out = createWriteStream(partial, { flags: "wx" });
      try {
        await pipeline(counted, out);
        await rename(partial, target);
      } catch (error) {
        // The stream opens its file asynchronously: removing it before the stream has closed could
        // run before the file exists, and leave an empty part file behind.
        if (!out.closed) await once(out, "close").catch(() => undefined);
        await rm(partial, { force: true });
        throw error;
      }
      return size;
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
  };
}

let instance: FileStorage | undefined;

/** The configured storage: local disk under DATA_DIR/uploads (an S3-compatible adapter is not built yet). */
export function fileStorage(): FileStorage {
  instance ??= localDiskStorage(path.resolve(config().DATA_DIR, "uploads"));
  return instance;
}

export function resetStorageForTests() {
  instance = undefined;
}
