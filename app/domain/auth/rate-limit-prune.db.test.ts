import { sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { rowsOf } from "#db/rows";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { hitRateLimit, pruneRateLimitBuckets, rateLimits } from "./rate-limit.server";

describeEachDatabase("rate limit pruning", (getDb) => {
  test("counters older than the longest window (a day) are deleted; live ones are kept and keep counting", async () => {
    await hitRateLimit("signin:ip:old@example.com", rateLimits.signInFailuresPerIp);
    await hitRateLimit("signin:ip:live@example.com", rateLimits.signInFailuresPerIp);
    await getDb().execute(
      sql`update rate_limit_buckets set window_started_at = now() - interval '25 hours'
          where key = 'signin:ip:old@example.com'`,
    );

    expect(await pruneRateLimitBuckets()).toBe(1);

    const keys = rowsOf<{ key: string }>(
      await getDb().execute(sql`select key from rate_limit_buckets order by key`),
    );
    expect(keys.map((k) => k.key)).toEqual(["signin:ip:live@example.com"]);
    expect((await hitRateLimit("signin:ip:live@example.com", rateLimits.signInFailuresPerIp)).hits).toBe(2);
  });
});
