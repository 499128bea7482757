import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { rowsOf } from "#db/rows";
import { describeEachDatabase } from "../../tests/support/test-database";
import { sqlSideRules } from "./sql-side-rules";

const root = path.resolve(import.meta.dirname, "../..");

describeEachDatabase("the index of rules that live in SQL", (getDb) => {
  test("names every trigger the migrations create, on its table, running its function", async () => {
    const rows = rowsOf<{ trigger: string; table: string; fn: string }>(
      await getDb().execute(
        sql`select t.tgname as trigger, c.relname as "table", p.proname as fn
          from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
          join pg_namespace n on n.oid = c.relnamespace
          where not t.tgisinternal and n.nspname = 'public' order by t.tgname`,
      ),
    );
    const listed = sqlSideRules
      .flatMap(({ triggers, fn }) =>
        Object.entries(triggers).map(([trigger, table]) => ({ trigger, table, fn })),
      )
      .sort((a, b) => a.trigger.localeCompare(b.trigger));
    expect(rows.map((row) => ({ ...row }))).toEqual(listed);
  });
});

test("each rule's migration defines its function and triggers, and its owner module exists", () => {
  for (const rule of sqlSideRules) {
    const migration = readFileSync(path.join(root, "db/migrations", rule.migration), "utf8");
    expect(migration).toMatch(new RegExp(`CREATE (OR REPLACE )?FUNCTION ${rule.fn}\\(`));
    for (const trigger of Object.keys(rule.triggers))
      expect(migration).toContain(`CREATE TRIGGER ${trigger} `);
    expect(() => readFileSync(path.join(root, rule.owner))).not.toThrow();
  }
});
