import { eq } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { contacts } from "#db/schema";
import { startCsvImport } from "~/domain/contacts/csv-import.server";
import { getCsvImport } from "~/domain/contacts/csv-import-queries.server";
import { jobHandlers, workerStartHooks } from "~/worker-handlers.server";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { waitFor } from "../../../tests/support/wait-for";
import { inBackground, jobs, sendJob, startWorker, stopJobs } from "./jobs.server";

async function* streamOf(text: string) {
  yield new TextEncoder().encode(text);
}

describeEachDatabase(
  "background jobs (pg-boss)",
  (getDb, target) => {
    afterEach(async () => {
      await stopJobs();
    });

    test("an uploaded CSV file is imported by the worker through the real queue", async () => {
      const a = await companyWithAdmin();
      await startWorker(jobHandlers, workerStartHooks);
      const file = "First Name,Last Name,Phone,Email\nAnn,Lee,2015550123,ann@example.com\nBob,,2015550124,\n";

      const started = await startCsvImport(a.context, {
        filename: "people.csv",
        productIds: [],
        source: streamOf(file),
      });
      if (!started.ok) throw new Error("refused");

      const done = await waitFor(
        () => getCsvImport(a.context, started.importId),
        (i) => i?.status === "completed",
      );
      expect(done).toMatchObject({ filename: "people.csv", rowsTotal: 2, rowsImported: 1, rowsFailed: 1 });
      const rows = await getDb().select().from(contacts).where(eq(contacts.accountId, a.account.id));
      expect(rows.map((r) => r.email)).toEqual(["ann@example.com"]);
      const boss = await jobs();
      await waitFor(
        async () =>
          (await boss.getDb().executeSql("select state from pgboss.job where name = 'csv-import'", [])).rows,
        (states) => states.length === 1 && states[0].state === "completed",
      );
    });

    test("a job sent without a worker waits in the queue; the worker started later runs it", async () => {
      const a = await companyWithAdmin();
      const started = await startCsvImport(a.context, {
        filename: "later.csv",
        productIds: [],
        source: streamOf("first name,last name,email\nAnn,Lee,ann@example.com\n"),
      });
      if (!started.ok) throw new Error("refused");
      expect((await getCsvImport(a.context, started.importId))?.status).toBe("queued");

      await startWorker(jobHandlers, workerStartHooks);

      await waitFor(
        () => getCsvImport(a.context, started.importId),
        (i) => i?.status === "completed",
      );
    });

    test("two stops at once (a signal during another stop) both finish without an error", async () => {
      // A stop hook slower than pg-boss's own stop: the second stop finishes while the first waits on it.
      const slowHook = async () => async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      };
      await startWorker(jobHandlers, [...workerStartHooks, slowHook]);
      await expect(Promise.all([stopJobs(2_000), stopJobs(2_000)])).resolves.toEqual([undefined, undefined]);
    });

    test("a job sent in the background is in the queue once the jobs stop, and the caller never waited", async () => {
      await jobs();
      const sent = inBackground("Queueing a test job", async () => {
        await sendJob("form-submissions-apply", {});
      });
      // Stopping right away (a test's clean-up, a SIGTERM) waits for the send instead of cutting it off.
      await stopJobs();
      await expect(sent).resolves.toBeUndefined();
      const boss = await jobs();
      const queued = await boss
        .getDb()
        .executeSql("select count(*)::int as n from pgboss.job where name = 'form-submissions-apply'", []);
      expect(queued.rows[0].n).toBe(1);
    });

    test("queues carry their retry policy; a job for an import that is gone completes without effect", async () => {
      const a = await companyWithAdmin();
      await startWorker(jobHandlers, workerStartHooks);
      const id = await sendJob("csv-import", { importId: "00000000-0000-4000-8000-000000000000" });
      const boss = await jobs();
      const job = await waitFor(
        () => boss.getJobById("csv-import", id),
        (j) => j?.state === "completed",
      );
      expect(job?.retryLimit).toBe(3);
      expect(a.account.id).toBeTruthy();
    });

    test("payloads are checked against their queue's schema; the worker creates every schedule", async () => {
      await expect(
        sendJob("journey-send", { messageIds: "not a list" } as unknown as { messageIds: string[] }),
      ).rejects.toThrow();
      await startWorker(jobHandlers, workerStartHooks);
      const boss = await jobs();
      const schedules = (await boss.getSchedules()).map((s) => [s.name, s.cron]);
      expect(schedules).toEqual(
        expect.arrayContaining([
          ["journey-dispatch", "* * * * *"],
          ["prune-rate-limits", "17 * * * *"],
          ["form-images-sweep", "41 3 * * *"],
          ["abandoned-uploads-sweep", "53 3 * * *"],
          ["billing-usage-report", "* * * * *"],
          ["shopify-usage-report", "* * * * *"],
          ["billing-late-start", "*/5 * * * *"],
        ]),
      );
    });

    if (target === "pglite") {
      test("on PGlite, a job left active by a process that died is retried when the worker starts", async () => {
        const a = await companyWithAdmin();
        const started = await startCsvImport(a.context, {
          filename: "orphan.csv",
          productIds: [],
          source: streamOf("first name,last name,email\nAnn,Lee,ann@example.com\n"),
        });
        if (!started.ok) throw new Error("refused");
        const boss = await jobs();
        // A worker of a process that then died took the job.
        const [taken] = await boss.fetch("csv-import");
        expect(taken).toBeTruthy();

        await startWorker(jobHandlers, workerStartHooks);

        await waitFor(
          () => getCsvImport(a.context, started.importId),
          (i) => i?.status === "completed",
        );
      });
    }
  },
  { freshPerTest: true },
);
