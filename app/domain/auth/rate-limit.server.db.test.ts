import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { rateLimitBuckets } from "#db/schema";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { clearRateLimit, hitRateLimit, isRateLimited } from "./rate-limit.server";

const rule = { limit: 3, windowMs: 15 * 60_000 };

describeEachDatabase("rate limits", (getDb) => {
  async function bucket(key: string) {
    const [row] = await getDb().select().from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key));
    return row;
  }

  /** Moves the window's start back, as if that much time had passed since the first hit. */
  async function age(key: string, ms: number) {
    await getDb()
      .update(rateLimitBuckets)
      .set({
        windowStartedAt: sql`${rateLimitBuckets.windowStartedAt} - make_interval(secs => ${ms / 1000})`,
      })
      .where(eq(rateLimitBuckets.key, key));
  }

  test("hitRateLimit counts hits and says when the limit is passed", async () => {
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await hitRateLimit("test:a", rule));

    expect(results).toEqual([
      { limited: false, hits: 1 },
      { limited: false, hits: 2 },
      { limited: false, hits: 3 },
      { limited: true, hits: 4 },
      { limited: true, hits: 5 },
    ]);
    expect((await bucket("test:a")).hits).toBe(5);
  });

  test("keys are counted separately", async () => {
    for (let i = 0; i < 4; i++) await hitRateLimit("test:a", rule);

    expect(await hitRateLimit("test:b", rule)).toEqual({ limited: false, hits: 1 });
    expect(await isRateLimited("test:b", rule)).toBe(false);
    expect(await isRateLimited("test:a", rule)).toBe(true);
  });

  test("the count starts again once the window has passed", async () => {
    for (let i = 0; i < 4; i++) await hitRateLimit("test:a", rule);

    // Still inside the window one minute before its end.
    await age("test:a", rule.windowMs - 60_000);
    expect(await hitRateLimit("test:a", rule)).toEqual({ limited: true, hits: 5 });

    await age("test:a", 2 * 60_000);
    expect(await isRateLimited("test:a", rule)).toBe(false);
    expect(await hitRateLimit("test:a", rule)).toEqual({ limited: false, hits: 1 });
    // The new window starts now, not where the old one ended.
    expect(Math.abs((await bucket("test:a")).windowStartedAt.getTime() - Date.now())).toBeLessThan(5_000);
  });

  test("isRateLimited only looks: it never counts a hit", async () => {
    for (let i = 0; i < 2; i++) await hitRateLimit("test:a", rule);

    for (let i = 0; i < 5; i++) expect(await isRateLimited("test:a", rule)).toBe(false);
    expect((await bucket("test:a")).hits).toBe(2);
    expect(await isRateLimited("test:unknown", rule)).toBe(false);
    expect(await bucket("test:unknown")).toBeUndefined();

    // It reports "limited" as soon as the limit is used up, so the next attempt is the one refused.
    await hitRateLimit("test:a", rule);
    expect(await isRateLimited("test:a", rule)).toBe(true);
  });

  test("concurrent hits are all counted", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => hitRateLimit("test:c", rule)));

    expect(results.map((r) => r.hits).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(results.filter((r) => r.limited)).toHaveLength(7);
  });

  test("clearRateLimit forgets the key", async () => {
    for (let i = 0; i < 4; i++) await hitRateLimit("test:a", rule);

    await clearRateLimit("test:a");

    expect(await isRateLimited("test:a", rule)).toBe(false);
    expect(await hitRateLimit("test:a", rule)).toEqual({ limited: false, hits: 1 });
  });
});
