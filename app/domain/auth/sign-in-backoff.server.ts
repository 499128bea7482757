import { type SQL, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { rowsOf } from "#db/rows";

/**
 * Wrong passwords slow down guesses at one account from one address, instead of locking the account:
 * someone guessing from elsewhere never keeps the owner out. The first failures are free, then each
 * failure doubles the wait before the next try (1 s, 2 s, 4 s, ... up to 15 minutes). A day without
 * a failure, or a successful sign-in, starts over. The hard limit is per address only (rateLimits).
 */
export const signInBackoff = {
  freeFailures: 3,
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
};

/** How long the next try must wait after this many failures in a row. */
export function backoffDelaySeconds(failures: number): number {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds } = signInBackoff;
  if (failures < freeFailures) return 0;
  return Math.min(firstDelaySeconds * 2 ** (failures - freeFailures), maxDelaySeconds);
}

// The same rule in SQL, on the bucket's count of failures so far. The numbers are constants of this
// module, written into the statement so PostgreSQL types the arithmetic as double precision.
const delayOf = (hits: SQL) => {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds } = signInBackoff;
  const number = (n: number) => sql.raw(`${Number(n)}::double precision`);
  return sql`(case when ${hits} < ${number(freeFailures)} then 0::double precision
    else least(${number(firstDelaySeconds)} * power(2, ${hits} - ${number(freeFailures)}), ${number(maxDelaySeconds)}) end)`;
};

export const signInBackoffKey = (email: string, ip: string) => `signInBackoff:${email}:${ip}`;

/**
 * Counts a sign-in attempt against the account and address before its password is checked, so a
 * burst of parallel guesses cannot slip past the delay (a successful sign-in clears the count with
 * clearRateLimit). Answers 0 when the attempt may go ahead, else the seconds left to wait; a refused
 * attempt does not count and does not make the wait longer. The bucket's window_started_at holds the
 * time of the latest counted attempt.
 */
export async function claimSignInAttempt(key: string): Promise<number> {
  const db = getDb();
  const forget = signInBackoff.forgetAfterSeconds;
  const claimed = await db.execute<{ hits: number }>(sql`
    insert into rate_limit_buckets (key, window_started_at, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limit_buckets.window_started_at < now() - make_interval(secs => ${forget})
                  then 1 else rate_limit_buckets.hits + 1 end,
      window_started_at = now()
    where rate_limit_buckets.window_started_at
          + make_interval(secs => ${delayOf(sql`rate_limit_buckets.hits`)}) <= now()
    returning hits`);
  if (rowsOf(claimed).length > 0) return 0;
  const waiting = await db.execute<{ seconds: number }>(sql`
    select ceil(extract(epoch from (window_started_at + make_interval(secs => ${delayOf(sql`hits`)}) - now())))
      as seconds
    from rate_limit_buckets where key = ${key}`);
  return Math.max(1, Number(rowsOf<{ seconds: number }>(waiting)[0]?.seconds ?? 1));
}
