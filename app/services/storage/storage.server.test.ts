import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { type S3StandIn, startS3StandIn } from "../../../tests/support/stand-ins/s3";
import {
  type FileStorage,
  FileTooLargeError,
  localDiskStorage,
  resetStorageForTests,
  s3Storage,
  sweepAbandonedUploads,
} from "./storage.server";

// The same contract for both adapters: the local disk, and an S3-compatible bucket through the real
// AWS SDK against a local stand-in that speaks S3's protocol.

async function* chunksOf(total: number, chunk = 64 * 1024) {
  for (let sent = 0; sent < total; sent += chunk) {
    const size = Math.min(chunk, total - sent);
    // Each chunk says where it is, so order and completeness are checked on read.
    yield Buffer.alloc(size, String.fromCharCode(97 + ((sent / chunk) % 26)));
  }
}

async function readAll(storage: FileStorage, key: string) {
  const parts: Buffer[] = [];
  for await (const part of storage.read(key)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

const expected = async (total: number) => {
  const parts: Buffer[] = [];
  for await (const part of chunksOf(total)) parts.push(part);
  return Buffer.concat(parts);
};

function contract(name: string, setUp: () => { storage: FileStorage; leftovers: () => number }) {
  describe(name, () => {
    test("writes a file in parts and reads it back whole, in order", async () => {
      const { storage } = setUp();
      const total = 12 * 1024 * 1024 + 123; // more than one 8 MB part
      expect(await storage.write("csv-imports/acme/big.csv", chunksOf(total), { maxBytes: total })).toBe(
        total,
      );
      expect(await storage.size("csv-imports/acme/big.csv")).toBe(total);
      expect((await readAll(storage, "csv-imports/acme/big.csv")).equals(await expected(total))).toBe(true);
    });

    test("a small file, a missing file, and removal", async () => {
      const { storage } = setUp();
      await storage.write("csv-imports/acme/small.csv", chunksOf(10), { maxBytes: 100 });
      expect((await readAll(storage, "csv-imports/acme/small.csv")).toString()).toBe("aaaaaaaaaa");
      expect(await storage.size("csv-imports/acme/nothing.csv")).toBeNull();
      await storage.remove("csv-imports/acme/small.csv");
      expect(await storage.size("csv-imports/acme/small.csv")).toBeNull();
      await storage.remove("csv-imports/acme/small.csv"); // removing twice is fine
    });

    test("a file past the limit is refused and leaves nothing behind", async () => {
      const { storage, leftovers } = setUp();
      const limit = 9 * 1024 * 1024; // past the first part
      await expect(
        storage.write("csv-imports/acme/huge.csv", chunksOf(limit + 1), { maxBytes: limit }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await storage.size("csv-imports/acme/huge.csv")).toBeNull();
      expect(leftovers()).toBe(0);
    });

    test("lists a folder's complete files with their size and time, folder by folder", async () => {
      const { storage } = setUp();
      const before = Date.now() - 1_000;
      for (const key of ["listing/b/2.png", "listing/a/1.png", "listing/a/3.png", "listing/a/sub/4.png"])
        await storage.write(key, chunksOf(5), { maxBytes: 100 });
      await storage.write("listing-other/a/5.png", chunksOf(7), { maxBytes: 100 });
      const all = [];
      for await (const entry of storage.list("listing/")) all.push(entry);
      expect(all.map((e) => e.key).sort()).toEqual([
        "listing/a/1.png",
        "listing/a/3.png",
        "listing/a/sub/4.png",
        "listing/b/2.png",
      ]);
      // A folder's files come together (the form image sweep takes a company at a time).
      const folders = all.map((e) => e.key.split("/")[1]);
      expect(folders.indexOf("b")).toBe(folders.lastIndexOf("b"));
      for (const entry of all) {
        expect(entry.size).toBe(5);
        expect(entry.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
        expect(entry.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
      }
      const one = [];
      for await (const entry of storage.list("listing/a/")) one.push(entry.key);
      expect(one.sort()).toEqual(["listing/a/1.png", "listing/a/3.png", "listing/a/sub/4.png"]);
      await storage.remove("listing/a/1.png");
      const left = [];
      for await (const entry of storage.list("listing/")) left.push(entry.key);
      expect(left).toHaveLength(3);
      for await (const entry of storage.list("nothing-here/")) throw new Error(`listed ${entry.key}`);
      await expect(async () => {
        for await (const _ of storage.list("../")) break;
      }).rejects.toThrow("Invalid storage folder");
    });

    test("keys are ours: anything else is refused", async () => {
      const { storage } = setUp();
      await expect(storage.write("../escape.csv", chunksOf(1), { maxBytes: 10 })).rejects.toThrow(
        "Invalid storage key",
      );
      expect(() => storage.read("Bad Key.csv")).toThrow("Invalid storage key");
    });
  });
}

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "blusteam-storage-"));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
contract("local disk", () => ({
  storage: localDiskStorage(root),
  // Part files left beside the targets.
  leftovers: () => readdirSync(root, { recursive: true }).filter((f) => String(f).endsWith(".part")).length,
}));

let s3: S3StandIn;
/** The stand-in's bucket, through the real adapter. */
const bucket = (keys: { accessKeyId?: string; secretAccessKey?: string } = {}) =>
  s3Storage({
    bucket: s3.bucket,
    region: "us-east-1",
    endpoint: s3.url,
    forcePathStyle: true,
    accessKeyId: keys.accessKeyId ?? s3.accessKeyId,
    secretAccessKey: keys.secretAccessKey ?? s3.secretAccessKey,
  });
beforeAll(async () => {
  s3 = await startS3StandIn();
});
afterAll(() => s3.close());
contract("S3-compatible bucket", () => ({
  storage: bucket(),
  // Multipart uploads neither completed nor aborted.
  leftovers: () => s3.openUploads(),
}));

test("S3: a large file goes up as a multipart upload, a small one as one PutObject", async () => {
  const storage = bucket();
  s3.calls.length = 0;
  await storage.write("csv-imports/acme/multi.csv", chunksOf(17 * 1024 * 1024), {
    maxBytes: 100 * 1024 * 1024,
  });
  expect(s3.calls).toEqual([
    "POST ?uploads",
    "PUT ?partNumber&uploadId",
    "PUT ?partNumber&uploadId",
    "PUT ?partNumber&uploadId",
    "POST ?uploadId",
  ]);
  s3.calls.length = 0;
  await storage.write("csv-imports/acme/one.csv", chunksOf(1000), { maxBytes: 100 * 1024 * 1024 });
  expect(s3.calls).toEqual(["PUT ?"]);
});

test("S3: a listing follows the bucket's pages to the end", async () => {
  const storage = bucket();
  s3.listPageSize = 2;
  try {
    for (let i = 0; i < 5; i++) await storage.write(`paged/acme/${i}.png`, chunksOf(3), { maxBytes: 10 });
    s3.calls.length = 0;
    const keys = [];
    for await (const entry of storage.list("paged/")) keys.push(entry.key);
    expect(keys).toEqual([0, 1, 2, 3, 4].map((i) => `paged/acme/${i}.png`));
    const next = "GET ?continuation-token&list-type&max-keys&prefix";
    expect(s3.calls).toEqual(["GET ?list-type&max-keys&prefix", next, next]);
  } finally {
    s3.listPageSize = 1000;
  }
});

const DAY_MS = 24 * 60 * 60 * 1000;

test("local disk: part files a dead process left are removed once older than the cutoff", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "blusteam-abandoned-"));
  try {
    const storage = localDiskStorage(dir);
    await storage.write("csv-imports/acme/kept.csv", chunksOf(10), { maxBytes: 100 });
    mkdirSync(path.join(dir, "form-images/acme"), { recursive: true });
    const old = path.join(dir, "csv-imports/acme/dead.csv.0b9e7c55-3f6d-4c1a-9a57-2f0e8d6b1c11.part");
    const fresh = path.join(dir, "form-images/acme/x.png.6a1f0c2e-8d4b-4e7a-b3c9-5d2e1f0a9b88.part");
    writeFileSync(old, "half a file");
    writeFileSync(fresh, "still coming");
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
    utimesSync(old, twoDaysAgo, twoDaysAgo);

    expect(await storage.removeAbandoned(new Date(Date.now() - DAY_MS))).toBe(1);
    const left = readdirSync(dir, { recursive: true }).map(String).sort();
    expect(left).toEqual([
      "csv-imports",
      "csv-imports/acme",
      "csv-imports/acme/kept.csv",
      "form-images",
      "form-images/acme",
      path.relative(dir, fresh),
    ]);
    expect(await storage.removeAbandoned(new Date(Date.now() - DAY_MS))).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the daily sweep removes from the configured storage what is more than a day old, and says so", async () => {
  // No DATABASE_URL nor S3_BUCKET here: the embedded default, DATA_DIR/uploads.
  resetStorageForTests();
  const folder = path.join(process.env.DATA_DIR as string, "uploads/csv-imports/acme");
  mkdirSync(folder, { recursive: true });
  const part = (name: string, ageMs: number) => {
    const file = path.join(folder, `${name}.csv.0b9e7c55-3f6d-4c1a-9a57-2f0e8d6b1c11.part`);
    writeFileSync(file, "x");
    const time = new Date(Date.now() - ageMs);
    utimesSync(file, time, time);
  };
  part("day-and-a-minute", DAY_MS + 60_000);
  part("day-less-a-minute", DAY_MS - 60_000);
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  try {
    expect(await sweepAbandonedUploads()).toBe(1);
    expect(warn).toHaveBeenCalledWith("storage: removed 1 upload(s) abandoned before they were complete");
    expect(readdirSync(folder).map((f) => f.split(".")[0])).toEqual(["day-less-a-minute"]);
  } finally {
    warn.mockRestore();
    resetStorageForTests();
  }
});

test("S3: multipart uploads a dead process left open are aborted once older than the cutoff, page by page", async () => {
  const storage = bucket();
  const { S3Client, CreateMultipartUploadCommand } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    region: "us-east-1",
    endpoint: s3.url,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
  const start = (Key: string) => client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }));
  await storage.write("csv-imports/acme/whole.csv", chunksOf(10), { maxBytes: 100 });
  for (const key of ["csv-imports/acme/a.csv", "csv-imports/acme/b.csv", "csv-imports/acme/c.csv"])
    await start(key);
  s3.ageOpenUploads(2 * DAY_MS);
  await start("csv-imports/acme/now.csv"); // an upload under way
  s3.listPageSize = 2;
  try {
    s3.calls.length = 0;
    expect(await storage.removeAbandoned(new Date(Date.now() - DAY_MS))).toBe(3);
    expect(s3.calls.filter((call) => call.startsWith("GET"))).toHaveLength(2);
    expect(s3.openUploads()).toBe(1);
    expect(await storage.size("csv-imports/acme/whole.csv")).toBe(10);
  } finally {
    s3.listPageSize = 1000;
    client.destroy();
  }
});

test("S3: wrong keys get S3's 403 as an error", async () => {
  const storage = bucket({ accessKeyId: "AKIAWRONG", secretAccessKey: "nope" });
  await expect(storage.write("csv-imports/acme/x.csv", chunksOf(10), { maxBytes: 100 })).rejects.toThrow();
  expect(s3.objects.has("csv-imports/acme/x.csv")).toBe(false);
});
