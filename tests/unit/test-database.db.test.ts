import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, test } from "vitest";
import { getDb as appGetDb } from "../../db/client.server";
import { accounts, users } from "../../db/schema";
import { createTestDatabase, databaseTargets, describeEachDatabase } from "../support/test-database";

const linkedCo = { company: "Linked Co", companyLowercased: "linked co", url: "https://linked.example" };
const alice = { email: "alice@example.com", givenName: "Alice", familyName: "Martin", passwordHash: "x" };

describeEachDatabase("describeEachDatabase", (getDb, target) => {
  test("inserts a row and reads it back, through the app's getDb() too", async () => {
    await getDb().insert(users).values(alice);

    const [row] = await appGetDb().select().from(users).where(eq(users.email, alice.email));
    expect(row).toMatchObject({ givenName: "Alice", familyName: "Martin", mustChangePassword: false });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(appGetDb()).toBe(getDb());
  });

  test("starts every test with empty tables", async () => {
    expect(await getDb().select().from(users)).toEqual([]);
    // The email is unique: this would fail if the previous test's row had survived.
    await getDb().insert(users).values(alice);
    expect(await getDb().$count(users)).toBe(1);
  });

  test("fills tables that point at each other (emptied by the next test)", async () => {
    const [user] = await getDb().insert(users).values(alice).returning();
    await getDb()
      .insert(accounts)
      .values({ ...linkedCo, ownerUserId: user.id });
    expect(await getDb().$count(accounts)).toBe(1);
  });

  test("empties every filled table between tests, and foreign keys hold again afterwards", async () => {
    const counts = await Promise.all([getDb().$count(users), getDb().$count(accounts)]);
    expect(counts).toEqual([0, 0]);
    // The reset skips foreign-key checks for its own deletes only.
    const orphan = await getDb()
      .insert(accounts)
      .values({ ...linkedCo, ownerUserId: "00000000-0000-4000-8000-000000000000" })
      .catch((error: Error) => error);
    expect((orphan as Error).cause).toMatchObject({ code: "23503" }); // foreign_key_violation
  });

  test(`runs on ${target}`, async () => {
    const result = (await getDb().execute(sql`select version() as version`)) as unknown as
      | { rows: { version: string }[] }
      | { version: string }[];
    const version = Array.isArray(result) ? result[0].version : result.rows[0].version;
    expect(version).toMatch(/PostgreSQL/);
  });
});

describe.runIf(databaseTargets().includes("postgres"))("createTestDatabase on PostgreSQL", () => {
  test("creates a uniquely named database and drops it on close", async () => {
    const first = await createTestDatabase("postgres");
    const second = await createTestDatabase("postgres");
    expect(first.name).toMatch(/^blusteam_test_[0-9a-f]{12}$/);
    expect(second.name).not.toBe(first.name);
    await first.close();
    await second.close();

    const server = postgres(process.env.TEST_DATABASE_URL as string, { max: 1 });
    try {
      const left =
        await server`select datname from pg_database where datname in (${first.name}, ${second.name})`;
      expect(left).toEqual([]);
    } finally {
      await server.end();
    }
  });
});
