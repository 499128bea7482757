import { Readable } from "node:stream";
import { byteCounter, checked, checkedFolder, type FileStorage, KEY, LIST_PAGE } from "./file-storage";

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
