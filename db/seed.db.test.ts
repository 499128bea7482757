import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { DEMO_ACCOUNT_ID } from "~/domain/demo/demo-account";
import { createTestDatabase, databaseTargets, type TestDatabase } from "../tests/support/test-database";
import { closeDatabase, installDatabase } from "./client.server";
import { accounts, plans, products } from "./schema";
import { findDemoUsers, seedAll } from "./seed";

// seedAll migrates the handle it is given, so each test gets a whole database (not a describe's).
for (const target of databaseTargets()) {
  describe(`seedAll [${target}]`, () => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await createTestDatabase(target);
      installDatabase(database);
    });
    afterEach(async () => {
      vi.mocked(console.warn).mockRestore?.();
      await closeDatabase();
    });

    test("a deployment (APP_URL not loopback) gets reference data and no demo company or users", async () => {
      await seedAll(database, { seedDemoData: false, appUrlIsLoopback: false });
      expect(await database.db.$count(plans)).toBeGreaterThan(0);
      expect(await findDemoUsers(database.db)).toEqual([]);
      expect(await database.db.$count(accounts, eq(accounts.id, DEMO_ACCOUNT_ID))).toBe(0);
    });

    test("the local trial gets the demo users, Demo Co and its catalog, and no warning", async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      await seedAll(database, { seedDemoData: true, appUrlIsLoopback: true });
      expect((await findDemoUsers(database.db)).sort()).toEqual([
        "admin@blusteam.dev",
        "beta@blusteam.dev",
        "demo@blusteam.dev",
        "invited@blusteam.dev",
        "roadmin@blusteam.dev",
      ]);
      expect(await database.db.$count(products, eq(products.accountId, DEMO_ACCOUNT_ID))).toBe(2);
      expect(warn).not.toHaveBeenCalled();
    });

    test("a deployment whose database still has demo users says so loudly at every start", async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      await seedAll(database, { seedDemoData: true, appUrlIsLoopback: true });
      await seedAll(database, { seedDemoData: false, appUrlIsLoopback: false });
      expect(warn).toHaveBeenCalledTimes(1);
      const [message] = warn.mock.calls[0] as [string];
      expect(message).toContain("WARNING: this server's APP_URL is not this machine");
      expect(message).toContain("admin@blusteam.dev");
    });
  });
}
