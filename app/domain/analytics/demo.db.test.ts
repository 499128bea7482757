import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { closeDatabase, installDatabase } from "#db/client.server";
import { seedAll } from "#db/seed";
import { DEMO_ACCOUNT_ID } from "~/domain/demo/demo-account";
import { dispatchDue } from "~/domain/journeys/dispatch/claim-due.server";
import { sendMessages } from "~/domain/journeys/dispatch/send.server";
import { createTestDatabase, databaseTargets, type TestDatabase } from "../../../tests/support/test-database";
import { loadCompanyAnalytics } from "./analytics.server";

/** Demo Co's analytics are real from the first start: the seed's rows and its first sends are counted. */
for (const target of databaseTargets()) {
  describe(`Demo Co analytics [${target}]`, () => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await createTestDatabase(target);
      installDatabase(database);
    });
    afterEach(async () => {
      await closeDatabase();
    });

    test("the seeded contacts and journeys show, and the Welcome SMS counts as sent once it goes", async () => {
      vi.spyOn(console, "warn").mockImplementation(() => {});
      await seedAll(database, { seedDemoData: true, appUrlIsLoopback: true });
      // Noon in New York, a week after the seed: the Welcome SMS is due and outside quiet hours.
      const noon = new Date(Date.now() + 7 * 86_400_000);
      noon.setUTCHours(16, 0, 0, 0);
      const batches: string[][] = [];
      for (;;)
        if (
          !(await dispatchDue({ now: noon, enqueue: async (b) => void batches.push(...b), inline: false }))
            .more
        )
          break;
      await sendMessages(batches.flat(), { now: noon });
      const result = await loadCompanyAnalytics(
        database.db,
        DEMO_ACCOUNT_ID,
        { range: "30d" },
        { now: noon },
      );
      if (!result.ok) throw new Error(result.problem);
      const { report } = result;
      expect(report.empty).toBe(false);
      expect(report.headline.newContacts.current).toBe(5);
      expect(report.funnel.map((j) => j.productName).sort()).toEqual(["Glow Serum", "Night Cream"]);
      expect(report.headline.sent.current).toBeGreaterThan(0);
      const sentByTouchpoints = report.funnel.flatMap((j) => j.touchpoints).reduce((n, t) => n + t.sent, 0);
      expect(sentByTouchpoints).toBe(report.headline.sent.current);
    });
  });
}
