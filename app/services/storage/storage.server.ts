import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { config } from "~/config.server";

/**
 * Uploaded files. The local default keeps them on disk under DATA_DIR/uploads (a server process and
 * a separate worker must then share that directory); with S3_BUCKET set they go to an S3-compatible
 * bucket, which processes on other machines share. Files are written and read as streams, never
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
  };
}

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

let instance: FileStorage | undefined;

/** The configured storage: the S3-compatible bucket when S3_BUCKET is set, otherwise local disk under DATA_DIR/uploads. */
export function fileStorage(): FileStorage {
  if (instance) return instance;
  const settings = config();
  instance = settings.S3_BUCKET
    ? s3Storage({
        bucket: settings.S3_BUCKET,
        region: settings.S3_REGION,
        endpoint: settings.S3_ENDPOINT,
        forcePathStyle: settings.S3_FORCE_PATH_STYLE === "true",
        accessKeyId: settings.S3_ACCESS_KEY_ID,
        secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
      })
    : localDiskStorage(path.resolve(settings.DATA_DIR, "uploads"));
  return instance;
}

export function resetStorageForTests() {
  instance = undefined;
}
