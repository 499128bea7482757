import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { storedFileChunks, storedFiles } from "#db/schema";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { databaseStorage, type FileStorage, FileTooLargeError } from "./storage.server";

// Uploads kept in the database (DATABASE_URL without S3_BUCKET): any server or worker reads any file.

async function* chunksOf(total: number, chunk = 64 * 1024) {
  for (let sent = 0; sent < total; sent += chunk) {
    const size = Math.min(chunk, total - sent);
    yield Buffer.alloc(size, String.fromCharCode(97 + ((sent / chunk) % 26)));
  }
}

async function readAll(storage: FileStorage, key: string) {
  const parts: Buffer[] = [];
  for await (const part of storage.read(key)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describeEachDatabase("database file storage", (getDb) => {
  test("a file streams in as chunk rows and back out whole, in order", async () => {
    const storage = databaseStorage(getDb);
    const total = 3 * 1024 * 1024 + 777;
    expect(await storage.write("csv-imports/acme/big.csv", chunksOf(total), { maxBytes: total })).toBe(total);
    expect(await storage.size("csv-imports/acme/big.csv")).toBe(total);
    const expected: Buffer[] = [];
    for await (const part of chunksOf(total)) expected.push(part);
    expect((await readAll(storage, "csv-imports/acme/big.csv")).equals(Buffer.concat(expected))).toBe(true);
    // About a megabyte a row: four rows, none of them the whole file.
    const [chunks] = await getDb()
      .select({
        count: sql<number>`count(*)::int`,
        largest: sql<number>`max(length(${storedFileChunks.data}))`,
      })
      .from(storedFileChunks);
    expect(chunks.count).toBe(4);
    expect(chunks.largest).toBeLessThan(2 * 1024 * 1024);
  });

  test("removal deletes the file and its chunks; a missing file reads as an error", async () => {
    const storage = databaseStorage(getDb);
    await storage.write("csv-imports/acme/small.csv", chunksOf(10), { maxBytes: 100 });
    expect((await readAll(storage, "csv-imports/acme/small.csv")).toString()).toBe("aaaaaaaaaa");
    await storage.remove("csv-imports/acme/small.csv");
    expect(await storage.size("csv-imports/acme/small.csv")).toBeNull();
    expect(await getDb().select().from(storedFileChunks)).toEqual([]);
    await storage.remove("csv-imports/acme/small.csv");
    await expect(readAll(storage, "csv-imports/acme/small.csv")).rejects.toThrow("No stored file");
  });

  test("a file past the limit is refused and leaves no rows behind", async () => {
    const storage = databaseStorage(getDb);
    const limit = 2 * 1024 * 1024;
    await expect(
      storage.write("csv-imports/acme/huge.csv", chunksOf(limit + 1), { maxBytes: limit }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await getDb().select().from(storedFiles)).toEqual([]);
    expect(await getDb().select().from(storedFileChunks)).toEqual([]);
  });

  test("a file still streaming in is not visible to readers", async () => {
    const storage = databaseStorage(getDb);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* slow() {
      yield Buffer.alloc(1024 * 1024, "x");
      await gate;
      yield Buffer.from("end");
    }
    const writing = storage.write("csv-imports/acme/slow.csv", slow(), { maxBytes: 10 * 1024 * 1024 });
    await expect.poll(async () => (await getDb().select().from(storedFileChunks)).length).toBe(1);
    expect(await storage.size("csv-imports/acme/slow.csv")).toBeNull();
    await expect(readAll(storage, "csv-imports/acme/slow.csv")).rejects.toThrow("No stored file");
    release();
    expect(await writing).toBe(1024 * 1024 + 3);
    expect(await storage.size("csv-imports/acme/slow.csv")).toBe(1024 * 1024 + 3);
  });

  test("keys are ours: anything else is refused", async () => {
    const storage = databaseStorage(getDb);
    await expect(storage.write("../escape.csv", chunksOf(1), { maxBytes: 10 })).rejects.toThrow(
      "Invalid storage key",
    );
    expect(() => storage.read("Bad Key.csv")).toThrow("Invalid storage key");
  });

  test("a listing goes page by page and leaves out files still streaming in", async () => {
    const storage = databaseStorage(getDb, { listPage: 2 });
    for (let i = 0; i < 5; i++) await storage.write(`paged/acme/${i}.png`, chunksOf(3), { maxBytes: 10 });
    await storage.write("paged-not/acme/x.png", chunksOf(3), { maxBytes: 10 });
    // An upload under way: its row exists, it is not complete.
    await getDb().insert(storedFiles).values({ key: "paged/acme/9.png" });
    const listed = [];
    for await (const entry of storage.list("paged/")) listed.push(entry);
    expect(listed.map((e) => e.key)).toEqual([0, 1, 2, 3, 4].map((i) => `paged/acme/${i}.png`));
    expect(listed.every((e) => e.size === 3 && e.modifiedAt instanceof Date)).toBe(true);
  });

  test("uploads a dead process left incomplete are removed with their chunks once older than the cutoff", async () => {
    const storage = databaseStorage(getDb);
    await storage.write("csv-imports/acme/whole.csv", chunksOf(3), { maxBytes: 10 });
    const dayMs = 24 * 60 * 60 * 1000;
    await getDb()
      .insert(storedFiles)
      .values([
        { key: "csv-imports/acme/dead.csv", createdAt: new Date(Date.now() - 2 * dayMs) },
        { key: "csv-imports/acme/streaming.csv" },
      ]);
    await getDb()
      .insert(storedFileChunks)
      .values({ fileKey: "csv-imports/acme/dead.csv", seq: 0, data: Buffer.from("half") });

    expect(await storage.removeAbandoned(new Date(Date.now() - dayMs))).toBe(1);
    const keys = (await getDb().select({ key: storedFiles.key }).from(storedFiles)).map((r) => r.key).sort();
    expect(keys).toEqual(["csv-imports/acme/streaming.csv", "csv-imports/acme/whole.csv"]);
    const chunkKeys = (await getDb().select({ key: storedFileChunks.fileKey }).from(storedFileChunks)).map(
      (r) => r.key,
    );
    expect(chunkKeys).toEqual(["csv-imports/acme/whole.csv"]);
  });
});
