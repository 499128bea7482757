/**
 * A fixed-window counter per key, in this process's memory, for the hottest public paths (public form
 * submissions and captcha challenges, Shopify webhooks). The database counters of app/domain/auth/rate-limit.server.ts cost a
 * committed write per request, and a burst from one address or one shop queues on that one row's lock
 * (hundreds a second through a single row). These limits only stop floods, so counting per process is
 * enough; with several processes each one allows the limit (README, "Running several processes").
 */
/**
 * A rate rule: at most `limit` hits per key within `windowMs`. The one rule type of both counters, this
 * in-memory one and the database's (app/domain/auth/rate-limit.server.ts).
 */
export type RateRule = { limit: number; windowMs: number };

/** A hit's answer: allowed, or refused with the seconds until its window ends (a 429's Retry-After). */
export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class MemoryRateLimit {
  private readonly hits = new Map<string, { count: number; since: number }>();

  /**
   * @param rule read at every hit, so a limit that comes from configuration follows it in tests.
   * @param maxKeys above this many keys the map starts again empty: a flood of made-up addresses costs
   *   memory up to this bound, not more.
   */
  constructor(
    private readonly rule: () => RateRule,
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts one hit for `key`; false once the key went past its limit in the current window. */
  allow(key: string, now = Date.now()): boolean {
    const { limit, windowMs } = this.rule();
    const entry = this.hits.get(key);
    if (!entry || now - entry.since >= windowMs) {
      if (!entry && this.hits.size >= this.maxKeys) this.hits.clear();
      this.hits.set(key, { count: 1, since: now });
      return limit >= 1;
    }
    entry.count += 1;
    return entry.count <= limit;
  }

  /**
   * Counts one hit for `key`, as allow() does, and says when to come back if it went past its limit:
   * the seconds until the key's window ends (a 429's Retry-After).
   */
  hit(key: string, now = Date.now()): RateVerdict {
    if (this.allow(key, now)) return { allowed: true };
    const since = this.hits.get(key)?.since ?? now;
    const left = since + this.rule().windowMs - now;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
  }

  /** Hits counted for `key` in its current window (0 once the window ended). */
  count(key: string, now = Date.now()): number {
    const entry = this.hits.get(key);
    return entry && now - entry.since < this.rule().windowMs ? entry.count : 0;
  }

  clear() {
    this.hits.clear();
  }
}
