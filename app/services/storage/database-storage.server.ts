import { Readable } from "node:stream";
import { and, asc, eq, gt, gte, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { type Db, getDb } from "#db/client.server";
import { storedFileChunks, storedFiles } from "#db/schema";
import { byteCounter, checked, checkedFolder, type FileStorage, LIST_PAGE } from "./file-storage";

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
