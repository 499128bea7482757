import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { csvImportLeases, csvImports } from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import { createAccount } from "../../../tests/support/factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  renewImportLease,
  resumeStalledImports,
  runLeasedCsvImport,
  takeImportLease,
} from "./csv-import-lease.server";
import { getCsvImport } from "./csv-import-queries.server";

// Issue 21: a worker killed during a CSV import is replaced by another within about twice the lease.

describeEachDatabase("CSV import leases", (getDb) => {
  async function runningImport() {
    const account = await createAccount();
    const [row] = await getDb()
      .insert(csvImports)
      .values({
        accountId: account.id,
        filename: "contacts.csv",
        storageKey: `csv-imports/${account.id}/x.csv`,
        sizeBytes: 100,
        status: "processing",
        rowsTotal: 2000,
      })
      .returning({ id: csvImports.id });
    return { importId: row.id, scope: { account: { id: account.id } } };
  }
  const expire = (importId: string) =>
    getDb()
      .update(csvImportLeases)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(csvImportLeases.importId, importId));

  test("one worker holds an import; a live holder keeps it, an expired one loses it", async () => {
    const { importId } = await runningImport();
    expect(await takeImportLease(importId, "host:1")).toBe(true);
    expect(await takeImportLease(importId, "host:2")).toBe(false);
    expect(await renewImportLease(importId, "host:1")).toBe(true);
    expect(await renewImportLease(importId, "host:2")).toBe(false);
    await expire(importId);
    expect(await takeImportLease(importId, "host:2")).toBe(true);
    // The first worker's next heartbeat learns it lost the import.
    expect(await renewImportLease(importId, "host:1")).toBe(false);
  });

  test("the sweep queues a dead worker's import once, and the page says it is resuming", async () => {
    const { importId, scope } = await runningImport();
    await takeImportLease(importId, "host:1");
    const queued: string[] = [];
    const enqueue = async (id: string) => queued.push(id);
    expect(await resumeStalledImports(enqueue)).toEqual([]);
    expect((await getCsvImport(scope, importId))?.resuming).toBe(false);

    await expire(importId); // host:1 died: no heartbeat
    expect((await getCsvImport(scope, importId))?.resuming).toBe(true);
    // Two workers sweeping at the same moment: the import is queued once.
    const [first, second] = await Promise.all([resumeStalledImports(enqueue), resumeStalledImports(enqueue)]);
    expect([...first, ...second]).toEqual([importId]);
    expect(queued).toEqual([importId]);
    // The worker that takes the queued job gets the lease the sweep handed over; the dead one does not.
    expect(await takeImportLease(importId, "host:2")).toBe(true);
    expect(await renewImportLease(importId, "host:1")).toBe(false);
    const [lease] = await getDb()
      .select()
      .from(csvImportLeases)
      .where(eq(csvImportLeases.importId, importId));
    expect(lease).toMatchObject({ owner: "host:2", resumes: 1 });
    expect((await getCsvImport(scope, importId))?.resuming).toBe(true);
  });

  test("a handed-over import whose job was lost is queued again when that hand-over expires", async () => {
    const { importId } = await runningImport();
    await takeImportLease(importId, "host:1");
    await expire(importId);
    const queued: string[] = [];
    await resumeStalledImports(async (id) => queued.push(id));
    await expire(importId);
    await resumeStalledImports(async (id) => queued.push(id));
    expect(queued).toEqual([importId, importId]);
  });

  test("an import that is gone or finished is never leased", async () => {
    expect(await takeImportLease("00000000-0000-4000-8000-000000000000", "host:1")).toBe(false);
    expect(await takeImportLease("not-a-uuid", "host:1")).toBe(false);
    const { importId } = await runningImport();
    await getDb().update(csvImports).set({ status: "failed" }).where(eq(csvImports.id, importId));
    expect(await takeImportLease(importId, "host:1")).toBe(false);
  });

  test("finished imports are never resumed; the job does nothing while another worker holds the lease", async () => {
    const { importId, scope } = await runningImport();
    await takeImportLease(importId, "another-host:1");
    await runLeasedCsvImport(importId);
    const [row] = await getDb().select().from(csvImports).where(eq(csvImports.id, importId));
    expect(row.status).toBe("processing");

    await getDb().update(csvImports).set({ status: "completed" }).where(eq(csvImports.id, importId));
    await expire(importId);
    expect(await resumeStalledImports(async () => {})).toEqual([]);
    expect((await getCsvImport(scope, importId))?.resuming).toBe(false);
  });

  test("CSV_IMPORT_LEASE_SECONDS sets how long a lease lasts", async () => {
    process.env.CSV_IMPORT_LEASE_SECONDS = "7";
    resetConfigForTests();
    try {
      const { importId } = await runningImport();
      await takeImportLease(importId, "host:1");
      const [{ seconds }] = await getDb()
        .select({
          seconds: sql<number>`round(extract(epoch from ${csvImportLeases.expiresAt} - now()))::int`,
        })
        .from(csvImportLeases);
      expect(seconds).toBe(7);
    } finally {
      delete process.env.CSV_IMPORT_LEASE_SECONDS;
      resetConfigForTests();
    }
  });
});
