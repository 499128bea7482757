import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { asc, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { createAccount } from "../tests/support/factories";
import { describeEachDatabase } from "../tests/support/test-database";
import { whatsappConfigs } from "./schema";

/**
 * The migration that makes a WhatsApp Business Account id one company's (issue 32), run on the rows
 * it was written for: ids held by several companies before it. The company that saved the id first
 * keeps its configuration; the later ones' are deleted; others are untouched.
 */

const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
const file = readdirSync(migrations).find((name) => name.endsWith("_whatsapp_business_account_unique.sql"));
const statements = readFileSync(path.join(migrations, file ?? "missing"), "utf8")
  .split("--> statement-breakpoint")
  .map((statement) => statement.trim())
  .filter(Boolean);

describeEachDatabase(
  "migration: one company per WhatsApp Business Account id",
  (getDb) => {
    test("the first company to save a shared id keeps it, the later ones' configurations are deleted", async () => {
      const db = getDb();
      // The table as it was before the migration: the plain index, no unique one.
      await db.execute(sql`DROP INDEX "whatsapp_configs_business_account_uq"`);
      await db.execute(
        sql`CREATE INDEX "whatsapp_configs_business_account_idx" ON "whatsapp_configs" ("business_account_id")`,
      );
      const row = async (waba: string, phone: string, savedAt: string) => {
        const account = await createAccount();
        await db.insert(whatsappConfigs).values({
          accountId: account.id,
          originationPhone: "15550100123",
          phoneNumberId: phone,
          businessAccountId: waba,
          authTokenSealed: "sealed",
          appSecretSealed: "sealed",
          verifyToken: `verify-${phone}`,
          createdAt: new Date(savedAt),
        });
        return account.id;
      };
      const victim = await row("waba-shared", "p1", "2026-01-01T00:00:00Z");
      await row("waba-shared", "p2", "2026-03-01T00:00:00Z");
      await row("waba-shared", "p3", "2026-02-01T00:00:00Z");
      const alone = await row("waba-alone", "p4", "2026-04-01T00:00:00Z");

      for (const statement of statements) await db.execute(sql.raw(statement));

      const kept = await db
        .select({ accountId: whatsappConfigs.accountId, waba: whatsappConfigs.businessAccountId })
        .from(whatsappConfigs)
        .orderBy(asc(whatsappConfigs.createdAt));
      expect(kept).toEqual([
        { accountId: victim, waba: "waba-shared" },
        { accountId: alone, waba: "waba-alone" },
      ]);
      await expect(row("waba-shared", "p5", "2026-05-01T00:00:00Z")).rejects.toThrow();
    });
  },
  { freshPerTest: true },
);
