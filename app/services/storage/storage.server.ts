import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { and, asc, eq, gt, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { type Db, getDb } from "#db/client.server";
import { storedFileChunks, storedFiles } from "#db/schema";
import { config } from "~/config.server";

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
function byteCounter(source: AsyncIterable<Uint8Array>, maxBytes: number) {
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

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*(\.[a-z0-9]+)?$/;

/** Our keys only ("csv-imports/<account>/<uuid>.csv"): never a path out of the store. */
function checked(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

const FOLDER = /^[a-z0-9-]+\/([a-z0-9-]+\/)*$/;

/** A folder of our keys, ending with "/": a listing never reaches past it. */
function checkedFolder(folder: string): string {
  if (!FOLDER.test(folder)) throw new Error(`Invalid storage folder: ${folder}`);
  return folder;
}

/** Files listed per page (S3's own maximum; the database's page). */
const LIST_PAGE = 1000;

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

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  accessKeyId?: string;
  secretAccessKey?: string;
};

/** Parts of a streamed upload: S3's minimum part size is 5 MB; one part in flight keeps memory flat. */
const S3_PART_BYTES = 8 * 1024 * 1024;

/**
 * An S3-compatible bucket. Writes stream in parts (a multipart upload, or one PutObject for a small
 * file); the object appears whole or not at all, and a refused or failed upload is aborted, leaving
 * nothing behind. Any server process or worker with the same settings reads the same files.
 */
export function s3Storage(settings: S3Settings): FileStorage {
  // The AWS SDK is loaded on first use only: a server on local disk never pays for it (its modules
  // weigh tens of megabytes, which the CSV import's memory target would feel).
  let loaded: Promise<S3Sdk> | undefined;
  const sdk = () => {
    loaded ??= loadS3Sdk(settings);
    return loaded;
  };
  const Bucket = settings.bucket;
  return {
    async write(key, source, { maxBytes }) {
      const Key = checked(key);
      const { client, Upload } = await sdk();
      const counter = byteCounter(source, maxBytes);
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: Readable.from(counter.chunks()) },
        partSize: S3_PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
      return counter.size();
    },
    read(key) {
      const Key = checked(key);
      // A stream at once, as the local disk gives; the object is fetched when it is first read.
      return Readable.from(
        (async function* () {
          const { client, s3 } = await sdk();
          const object = await client.send(new s3.GetObjectCommand({ Bucket, Key }));
          yield* object.Body as Readable;
        })(),
        { objectMode: false },
      );
    },
    async size(key) {
      const Key = checked(key);
      const { client, s3 } = await sdk();
      try {
        const head = await client.send(new s3.HeadObjectCommand({ Bucket, Key }));
        return head.ContentLength ?? null;
      } catch (error) {
        if (error instanceof s3.S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      const Key = checked(key);
      const { client, s3 } = await sdk();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key }));
    },
    async *list(folder) {
      const Prefix = checkedFolder(folder);
      const { client, s3 } = await sdk();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken, MaxKeys: LIST_PAGE }),
        );
        for (const object of page.Contents ?? [])
          if (object.Key && KEY.test(object.Key))
            yield {
              key: object.Key,
              size: object.Size ?? 0,
              modifiedAt: object.LastModified ?? new Date(0),
            };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async removeAbandoned(before) {
      // Multipart uploads neither completed nor aborted keep their parts (and their cost) until
      // aborted. (A bucket lifecycle rule, AbortIncompleteMultipartUpload, does the same on AWS.)
      const { client, s3 } = await sdk();
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      for (;;) {
        const page = await client.send(
          new s3.ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker, MaxUploads: LIST_PAGE }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !KEY.test(upload.Key)) continue;
          if (!upload.Initiated || upload.Initiated >= before) continue;
          await client.send(
            new s3.AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }),
          );
          removed++;
        }
        if (!page.IsTruncated) return removed;
        KeyMarker = page.NextKeyMarker;
        UploadIdMarker = page.NextUploadIdMarker;
      }
    },
  };
}

type S3Sdk = {
  s3: typeof import("@aws-sdk/client-s3");
  Upload: typeof import("@aws-sdk/lib-storage").Upload;
  client: import("@aws-sdk/client-s3").S3Client;
};

async function loadS3Sdk(settings: S3Settings): Promise<S3Sdk> {
  const [s3, { Upload }] = await Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]);
  const client = new s3.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: S3-compatible services do not all take the SDK's
    // default streaming checksum trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return { s3, Upload, client };
}

/** A database chunk: big enough that a 100 MB file is a hundred rows, small enough to stream. */
const DATABASE_CHUNK_BYTES = 1024 * 1024;

/**
 * Files in the database (stored_files and stored_file_chunks): written a chunk per statement as the
 * upload streams in, marked complete at the end (readers never see half a file), read back a chunk per
 * query, so neither side holds the file in memory. A refused or failed write leaves nothing behind.
 */
export function databaseStorage(db: () => Db = getDb, options: { listPage?: number } = {}): FileStorage {
  const listPage = options.listPage ?? LIST_PAGE;
  return {
    async write(key, source, { maxBytes }) {
      const fileKey = checked(key);
      const counter = byteCounter(source, maxBytes);
      await db().insert(storedFiles).values({ key: fileKey });
      try {
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        let seq = 0;
        const flush = async () => {
          if (pendingBytes === 0) return;
          const data = Buffer.concat(pending, pendingBytes);
          pending = [];
          pendingBytes = 0;
          await db().insert(storedFileChunks).values({ fileKey, seq: seq++, data });
        };
        for await (const chunk of counter.chunks()) {
          pending.push(Buffer.from(chunk));
          pendingBytes += chunk.length;
          if (pendingBytes >= DATABASE_CHUNK_BYTES) await flush();
        }
        await flush();
        await db()
          .update(storedFiles)
          .set({ sizeBytes: counter.size(), completedAt: new Date() })
          .where(eq(storedFiles.key, fileKey));
      } catch (error) {
        await db().delete(storedFiles).where(eq(storedFiles.key, fileKey));
        throw error;
      }
      return counter.size();
    },
    read(key) {
      const fileKey = checked(key);
      return Readable.from(
        (async function* () {
          const [file] = await db()
            .select({ key: storedFiles.key })
            .from(storedFiles)
            .where(and(eq(storedFiles.key, fileKey), isNotNull(storedFiles.completedAt)));
          if (!file) throw Object.assign(new Error(`No stored file ${fileKey}`), { code: "ENOENT" });
          for (let seq = 0; ; seq++) {
            const [chunk] = await db()
              .select({ data: storedFileChunks.data })
              .from(storedFileChunks)
              .where(and(eq(storedFileChunks.fileKey, fileKey), gte(storedFileChunks.seq, seq)))
              .orderBy(asc(storedFileChunks.seq))
              .limit(1);
            if (!chunk) return;
            yield Buffer.from(chunk.data);
          }
        })(),
        { objectMode: false },
      );
    },
    async size(key) {
      const [file] = await db()
        .select({ sizeBytes: storedFiles.sizeBytes })
        .from(storedFiles)
        .where(and(eq(storedFiles.key, checked(key)), isNotNull(storedFiles.completedAt)));
      return file ? file.sizeBytes : null;
    },
    async remove(key) {
      await db()
        .delete(storedFiles)
        .where(eq(storedFiles.key, checked(key)));
    },
    async *list(folder) {
      const prefix = checkedFolder(folder);
      // A page at a time after the last key seen; files still streaming in are not listed.
      for (let after = ""; ; ) {
        const page = await db()
          .select({ key: storedFiles.key, size: storedFiles.sizeBytes, modifiedAt: storedFiles.completedAt })
          .from(storedFiles)
          .where(
            and(
              sql`starts_with(${storedFiles.key}, ${prefix})`,
              gt(storedFiles.key, after),
              isNotNull(storedFiles.completedAt),
            ),
          )
          .orderBy(asc(storedFiles.key))
          .limit(listPage);
        for (const file of page)
          yield { key: file.key, size: file.size, modifiedAt: file.modifiedAt as Date };
        if (page.length < listPage) return;
        after = (page.at(-1) as { key: string }).key;
      }
    },
    async removeAbandoned(before) {
      // Their chunks go with them (the foreign key cascades).
      const removed = await db()
        .delete(storedFiles)
        .where(and(isNull(storedFiles.completedAt), lt(storedFiles.createdAt, before)))
        .returning({ key: storedFiles.key });
      return removed.length;
    },
  };
}

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
