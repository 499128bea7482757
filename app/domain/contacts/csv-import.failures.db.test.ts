import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { contacts, csvImports } from "#db/schema";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import type * as CsvBatch from "./csv-batch.server";
import { runCsvImport, startCsvImport } from "./csv-import.server";
import { getCsvImport, listCsvImports } from "./csv-import-queries.server";

/**
 * A batch that fails while the next one is being read (a lost connection, a takeover) must reach
 * the import's own error handling, never surface as an unhandled rejection: on the embedded database
 * that would end the web server's process.
 */

const failure = { batch: 0, message: "" };
let batchesApplied = 0;
vi.mock("./csv-batch.server", async (importOriginal) => {
  const real = await importOriginal<typeof CsvBatch>();
  return {
    ...real,
    applyBatch: (plan: Parameters<typeof real.applyBatch>[0]) => {
      batchesApplied++;
      if (batchesApplied === failure.batch) return Promise.reject(new Error(failure.message));
      return real.applyBatch(plan);
    },
  };
});

const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => unhandled.push(reason);
beforeEach(() => {
  unhandled.length = 0;
  batchesApplied = 0;
  process.on("unhandledRejection", recordUnhandled);
});
afterEach(() => {
  process.off("unhandledRejection", recordUnhandled);
});

async function* streamOf(text: string) {
  yield new TextEncoder().encode(text);
}

describeEachDatabase("CSV import: a batch that fails", (getDb) => {
  test("the second batch of a multi-batch file fails: no unhandled rejection, the first batch stays, the user sees words and an error id", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    failure.batch = 2;
    failure.message = 'relation "contacts" violates constraint on host db-internal-7.example';
    const company = await companyWithAdmin();
    // Batches of one contact; blank records do not fill a batch, so the reader goes through 256 KiB of
    // them (several 64 KiB reads from storage, with waits between) after the second batch has failed.
    const blank = ",,\n".repeat(90_000);
    const file = `first name,last name,email\nAnn,Lee,ann@example.com\nBob,Lee,bob@example.com\n${blank}Cy,Lee,cy@example.com\n`;
    const started = await startCsvImport(
      company.context,
      {
        filename: "contacts.csv",
        productIds: [],
        source: streamOf(file),
      },
      async () => {},
    );
    if (!started.ok) throw new Error("upload refused");

    await expect(runCsvImport(started.importId, { batchSize: 1, lastAttempt: true })).rejects.toThrow();
    // Give a late rejection the turns of the event loop it needs to be reported.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);

    const stored = await getDb()
      .select({ email: contacts.email })
      .from(contacts)
      .where(eq(contacts.accountId, company.account.id));
    expect(stored.map((c) => c.email)).toEqual(["ann@example.com"]);

    const summary = await getCsvImport(company.context, started.importId);
    expect(summary).toMatchObject({ status: "failed", error: { key: "processingFailed" } });
    const errorId = summary?.error?.values?.errorId ?? "";
    expect(errorId).toMatch(/^[0-9a-f]{8}$/);
    expect(JSON.stringify(summary)).not.toContain("db-internal-7");
    // The details are in the log, under the id the user is shown.
    expect(logged.mock.calls.some((call) => String(call[0]).includes(errorId))).toBe(true);
    expect(logged.mock.calls.some((call) => String(call[1]).includes("db-internal-7"))).toBe(true);
  });

  test("imports that failed before error ids kept the raw error text: it is never shown, only the words", async () => {
    const company = await companyWithAdmin();
    const failed = {
      accountId: company.account.id,
      userId: company.admin.id,
      sizeBytes: 1,
      status: "failed" as const,
    };
    await getDb()
      .insert(csvImports)
      .values([
        {
          ...failed,
          filename: "a.csv",
          storageKey: "a",
          error: JSON.stringify({
            key: "processingFailed",
            values: { message: "password authentication failed for user app" },
          }),
        },
        { ...failed, filename: "b.csv", storageKey: "b", error: "Error: connect ECONNREFUSED 10.0.0.7:5432" },
      ]);
    const shown = await listCsvImports(company.context);
    expect(shown.map((i) => i.error)).toEqual([{ key: "importFailed" }, { key: "importFailed" }]);
  });
});
