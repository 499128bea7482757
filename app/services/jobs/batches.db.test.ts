import { afterEach, expect, test } from "vitest";
import { jobHandlers } from "~/worker-handlers.server";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { waitFor } from "../../../tests/support/wait-for";
import { jobs, sendJobs, startWorker, stopJobs } from "./jobs.server";
import { queues } from "./queues";

/** A queue with a batch size: its lanes take many jobs per fetch, and each job still fails alone. */

describeEachDatabase(
  "job batches",
  () => {
    afterEach(async () => {
      await stopJobs();
    });

    test("a batch's jobs run one by one; the one that throws is retried alone, the others complete", async () => {
      expect(queues["shopify-webhook"].batchSize).toBeGreaterThan(1);
      const ran: string[] = [];
      await sendJobs(
        "shopify-webhook",
        ["wh-1", "wh-bad", "wh-3", "wh-4"].map((webhookId) => ({ webhookId })),
      );
      await startWorker({
        ...jobHandlers,
        "shopify-webhook": async ({ webhookId }) => {
          ran.push(webhookId);
          if (webhookId === "wh-bad") throw new Error("Shopify is down");
        },
      });
      const boss = await jobs();
      const states = await waitFor(
        async () =>
          (
            await boss
              .getDb()
              .executeSql(
                "select data->>'webhookId' as id, state, retry_count from pgboss.job where name = 'shopify-webhook' order by data->>'webhookId'",
                [],
              )
          ).rows as { id: string; state: string }[],
        (rows) => rows.length === 4 && rows.every((r) => r.state !== "active" && r.state !== "created"),
      );
      expect(states.map((r) => [r.id, r.state])).toEqual([
        ["wh-1", "completed"],
        ["wh-3", "completed"],
        ["wh-4", "completed"],
        ["wh-bad", "retry"],
      ]);
      // One fetch took them all: they ran in one batch, in the order they were queued.
      expect(ran.slice(0, 4).sort()).toEqual(["wh-1", "wh-3", "wh-4", "wh-bad"]);
    });
  },
  { freshPerTest: true },
);
