import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { rowsOf } from "#db/rows";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { hitRateLimit, pruneRateLimitBuckets, rateLimits } from "./rate-limit.server";

describeEachDatabase("rate limit pruning", (getDb) => {
  test("counters whose window ended are deleted; live ones are kept and keep counting", async () => {
    await hitRateLimit("signin:email:old@example.com", rateLimits.signInFailuresPerEmail);
    await hitRateLimit("signin:email:live@example.com", rateLimits.signInFailuresPerEmail);
    await getDb().execute(
      sql`update rate_limit_buckets set window_started_at = now() - interval '16 minutes'
          where key = 'signin:email:old@example.com'`,
    );

    expect(await pruneRateLimitBuckets()).toBe(1);

    const keys = rowsOf<{ key: string }>(
      await getDb().execute(sql`select key from rate_limit_buckets order by key`),
    );
    expect(keys.map((k) => k.key)).toEqual(["signin:email:live@example.com"]);
    expect(
      (await hitRateLimit("signin:email:live@example.com", rateLimits.signInFailuresPerEmail)).hits,
    ).toBe(2);
  });
});
