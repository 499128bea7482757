import { expect, test } from "vitest";
import { MemoryRateLimit } from "./memory-rate-limit.server";

test("a key is allowed its limit per window, then refused until the window ends", () => {
  const limit = new MemoryRateLimit(() => ({ limit: 2, windowMs: 1000 }));
  expect([limit.allow("a", 0), limit.allow("a", 10), limit.allow("a", 20)]).toEqual([true, true, false]);
  expect(limit.allow("b", 20)).toBe(true);
  expect(limit.count("a", 20)).toBe(3);
  expect(limit.allow("a", 1000)).toBe(true);
  expect(limit.count("a", 1000)).toBe(1);
  expect(limit.count("a", 2500)).toBe(0);
});

test("past maxKeys the counters start again, so made-up keys cannot grow memory without bound", () => {
  const limit = new MemoryRateLimit(() => ({ limit: 1, windowMs: 60_000 }), 3);
  for (const key of ["a", "b", "c"]) limit.allow(key, 0);
  expect(limit.allow("a", 1)).toBe(false);
  limit.allow("d", 2);
  expect(limit.count("a", 3)).toBe(0);
  expect(limit.count("d", 3)).toBe(1);
});

test("hit() says how long until the key's window ends once it went past its limit", () => {
  const limit = new MemoryRateLimit(() => ({ limit: 1, windowMs: 60_000 }));
  expect(limit.hit("a", 0)).toEqual({ allowed: true });
  expect(limit.hit("a", 15_200)).toEqual({ allowed: false, retryAfterSeconds: 45 });
  expect(limit.hit("a", 59_999)).toEqual({ allowed: false, retryAfterSeconds: 1 });
  expect(limit.hit("a", 60_000)).toEqual({ allowed: true });
});
