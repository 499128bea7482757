import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local S3-compatible server for the storage adapter's tests, path-style
 * (http://host/{bucket}/{key}): PutObject, the multipart upload calls (create, upload part, complete,
 * abort), GetObject, HeadObject, DeleteObject and ListObjectsV2 (by prefix, in pages of at most
 * `listPageSize` keys), with S3's XML answers and errors. Requests must
 * carry a SigV4 Authorization header for the expected access key (the signature itself is the AWS
 * SDK's, not checked here); others get S3's 403.
 */
export type S3StandIn = {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Stored objects by key. */
  objects: Map<string, Buffer>;
  /** When each object was last written (tests move it back to age a file). */
  modified: Map<string, Date>;
  /** The most keys a ListObjectsV2 page holds (S3's own is 1,000; smaller to see paging). */
  listPageSize: number;
  /** Multipart uploads neither completed nor aborted. */
  openUploads: () => number;
  /** Moves every open upload's start back by `ms` (to age an abandoned upload). */
  ageOpenUploads: (ms: number) => void;
  /** Calls seen, as "METHOD ?query-names" (e.g. "PUT ?partNumber&uploadId"). */
  calls: string[];
  close: () => Promise<void>;
};

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export async function startS3StandIn(): Promise<S3StandIn> {
  const bucket = "blusteam-test";
  const accessKeyId = "AKIASTANDIN00000001";
  const secretAccessKey = "stand-in-secret";
  const objects = new Map<string, Buffer>();
  const modified = new Map<string, Date>();
  const store = (key: string, body: Buffer) => {
    objects.set(key, body);
    modified.set(key, new Date());
  };
  const uploads = new Map<string, { key: string; parts: Map<number, Buffer>; initiated: Date }>();
  const calls: string[] = [];

  function answer(res: ServerResponse, status: number, body = "", headers: Record<string, string> = {}) {
    res.writeHead(status, { ...(body ? { "Content-Type": "application/xml" } : {}), ...headers });
    res.end(body);
  }
  const error = (res: ServerResponse, status: number, code: string) =>
    answer(res, status, xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`));

  function handle(req: IncomingMessage, body: Buffer, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const query = url.searchParams;
    // x-id is the SDK's operation name, which S3 ignores.
    calls.push(
      `${req.method} ?${[...query.keys()]
        .filter((k) => k !== "x-id")
        .sort()
        .join("&")}`,
    );
    const auth = req.headers.authorization ?? "";
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKeyId}/`) || !req.headers["x-amz-date"])
      return error(res, 403, "AccessDenied");
    const [, bucketName, ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    if (bucketName !== bucket) return error(res, 404, "NoSuchBucket");
    const etag = `"${randomUUID()}"`;

    if (req.method === "POST" && query.has("uploads")) {
      const uploadId = randomUUID();
      uploads.set(uploadId, { key, parts: new Map(), initiated: new Date() });
      return answer(
        res,
        200,
        xml(
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        ),
      );
    }
    const uploadId = query.get("uploadId");
    if (uploadId !== null) {
      const upload = uploads.get(uploadId);
      if (!upload) return error(res, 404, "NoSuchUpload");
      if (req.method === "PUT") {
        upload.parts.set(Number(query.get("partNumber")), body);
        return answer(res, 200, "", { ETag: etag });
      }
      if (req.method === "POST") {
        const ordered = [...upload.parts.entries()].sort(([a], [b]) => a - b).map(([, part]) => part);
        store(upload.key, Buffer.concat(ordered));
        uploads.delete(uploadId);
        return answer(
          res,
          200,
          xml(
            `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${key}</Key><ETag>${etag}</ETag></CompleteMultipartUploadResult>`,
          ),
        );
      }
      if (req.method === "DELETE") {
        uploads.delete(uploadId);
        return answer(res, 204);
      }
    }
    if (req.method === "GET" && key === "" && query.get("list-type") === "2") return list(res, query);
    if (req.method === "GET" && key === "" && query.has("uploads")) return listUploads(res, query);
    if (req.method === "PUT") {
      store(key, body);
      return answer(res, 200, "", { ETag: etag });
    }
    const object = objects.get(key);
    if (req.method === "GET") {
      if (!object) return error(res, 404, "NoSuchKey");
      res.writeHead(200, {
        "Content-Type": "application/octet-stream",
        "Content-Length": String(object.length),
      });
      return res.end(object);
    }
    if (req.method === "HEAD") {
      if (!object) return answer(res, 404);
      return answer(res, 200, "", { "Content-Length": String(object.length), ETag: etag });
    }
    if (req.method === "DELETE") {
      objects.delete(key);
      modified.delete(key);
      return answer(res, 204);
    }
    return error(res, 405, "MethodNotAllowed");
  }

  /** ListObjectsV2: keys in order after the continuation token (here simply the last key given). */
  function list(res: ServerResponse, query: URLSearchParams) {
    const prefix = query.get("prefix") ?? "";
    const after = query.get("continuation-token") ?? "";
    const max = Math.min(Number(query.get("max-keys") ?? 1000), stand.listPageSize);
    const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
    const page = keys.slice(0, max);
    const truncated = keys.length > page.length;
    const contents = page
      .map(
        (k) =>
          `<Contents><Key>${escapeXml(k)}</Key><LastModified>${modified.get(k)?.toISOString()}</LastModified><Size>${objects.get(k)?.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
      )
      .join("");
    return answer(
      res,
      200,
      xml(
        `<ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${escapeXml(page.at(-1) ?? "")}</NextContinuationToken>` : ""}${contents}</ListBucketResult>`,
      ),
    );
  }

  /** ListMultipartUploads: open uploads by key, then upload id, after the markers, a page at a time. */
  function listUploads(res: ServerResponse, query: URLSearchParams) {
    const keyMarker = query.get("key-marker") ?? "";
    const idMarker = query.get("upload-id-marker") ?? "";
    const max = Math.min(Number(query.get("max-uploads") ?? 1000), stand.listPageSize);
    const open = [...uploads.entries()]
      .map(([id, upload]) => ({ id, ...upload }))
      .filter((u) => u.key > keyMarker || (u.key === keyMarker && u.id > idMarker))
      .sort((a, b) => (a.key === b.key ? (a.id < b.id ? -1 : 1) : a.key < b.key ? -1 : 1));
    const page = open.slice(0, max);
    const truncated = open.length > page.length;
    const last = page.at(-1);
    const entries = page
      .map(
        (u) =>
          `<Upload><Key>${escapeXml(u.key)}</Key><UploadId>${u.id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`,
      )
      .join("");
    return answer(
      res,
      200,
      xml(
        `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><KeyMarker>${escapeXml(keyMarker)}</KeyMarker><UploadIdMarker>${idMarker}</UploadIdMarker><MaxUploads>${max}</MaxUploads><IsTruncated>${truncated}</IsTruncated>${truncated && last ? `<NextKeyMarker>${escapeXml(last.key)}</NextKeyMarker><NextUploadIdMarker>${last.id}</NextUploadIdMarker>` : ""}${entries}</ListMultipartUploadsResult>`,
      ),
    );
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => handle(req, Buffer.concat(chunks), res));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const stand: S3StandIn = {
    url: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    objects,
    modified,
    listPageSize: 1000,
    openUploads: () => uploads.size,
    ageOpenUploads: (ms) => {
      for (const upload of uploads.values()) upload.initiated = new Date(upload.initiated.getTime() - ms);
    },
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return stand;
}
