import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { rowsOf } from "#db/rows";

import type { RateRule } from "~/services/http/memory-rate-limit.server";

// Counters live in the database so every server process enforces the same limit. Sign-in has no
// limit per email (it would let anyone lock the owner out): see sign-in-backoff.server.ts.
export const rateLimits = {
  signInFailuresPerIp: { limit: 100, windowMs: 15 * 60_000 },
  codeRequestsPerEmail: { limit: 5, windowMs: 15 * 60_000 },
  codeRequestsPerIp: { limit: 100, windowMs: 15 * 60_000 },
  confirmAttemptsPerEmail: { limit: 10, windowMs: 15 * 60_000 },
  confirmAttemptsPerIp: { limit: 200, windowMs: 15 * 60_000 },
  // Wrong codes (confirmation and reset together) per account per day, besides the per-code and
  // per-email limits: past it the account's codes are void (codes.server.ts).
  wrongCodesPerAccount: { limit: 50, windowMs: 24 * 60 * 60_000 },
  // Stripe sends from a few addresses, in bursts (a subscription change is several events at once):
  // generous, it only stops a flood of forged requests. Stripe retries a 429 later.
  stripeWebhooksPerIp: { limit: 12_000, windowMs: 60_000 },
  // Shopify's webhooks are limited in memory: app/domain/shopify/webhooks/rate-limits.server.ts.
  // Tri-Tech's contract events (AIM posts from a few addresses): counted before the signature check,
  // so a flood of forged requests is cut off before it costs a secret's decryption and an HMAC each.
  tritechEventsPerIp: { limit: 6_000, windowMs: 60_000 },
} satisfies Record<string, RateRule>;

/** Counts one hit against the key and says whether it went over the limit. */
export async function hitRateLimit(key: string, rule: RateRule): Promise<{ limited: boolean; hits: number }> {
  const windowSeconds = rule.windowMs / 1000;
  const result = await getDb().execute<{ hits: number }>(sql`
    insert into rate_limit_buckets (key, window_started_at, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limit_buckets.window_started_at < now() - make_interval(secs => ${windowSeconds})
                  then 1 else rate_limit_buckets.hits + 1 end,
      window_started_at = case when rate_limit_buckets.window_started_at < now() - make_interval(secs => ${windowSeconds})
                  then now() else rate_limit_buckets.window_started_at end
    returning hits`);
  const hits = Number(rowsOf<{ hits: number }>(result)[0]?.hits ?? 0);
  return { limited: hits > rule.limit, hits };
}

/** True when the key has already used up its limit in the current window (does not count a hit). */
export async function isRateLimited(key: string, rule: RateRule): Promise<boolean> {
  const windowSeconds = rule.windowMs / 1000;
  const result = await getDb().execute<{ hits: number }>(sql`
    select hits from rate_limit_buckets
    where key = ${key} and window_started_at >= now() - make_interval(secs => ${windowSeconds})`);
  return Number(rowsOf<{ hits: number }>(result)[0]?.hits ?? 0) >= rule.limit;
}

/** Gives back one hit (an attempt that turned out to be legitimate). */
export async function releaseRateLimitHit(key: string) {
  await getDb().execute(sql`update rate_limit_buckets set hits = greatest(hits - 1, 0) where key = ${key}`);
}

export async function clearRateLimit(key: string) {
  await getDb().execute(sql`delete from rate_limit_buckets where key = ${key}`);
}

/**
 * Deletes counters whose window ended: the "prune-rate-limits" job runs it every hour, so the table
 * holds only the keys seen within the longest window instead of every key ever seen.
 */
export async function pruneRateLimitBuckets(now: Date = new Date()): Promise<number> {
  const longestWindowMs = Math.max(...Object.values(rateLimits).map((rule) => rule.windowMs));
  const before = new Date(now.getTime() - longestWindowMs).toISOString();
  const result = await getDb().execute<{ key: string }>(
    sql`delete from rate_limit_buckets where window_started_at < ${before}::timestamptz returning key`,
  );
  return rowsOf<{ key: string }>(result).length;
}
