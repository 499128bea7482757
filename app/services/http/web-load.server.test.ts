import { afterEach, expect, test } from "vitest";
import {
  BUSY_REQUESTS_PER_SECOND,
  noteWebRequest,
  resetWebLoadForTests,
  webRequestsInLastSecond,
  yieldToWeb,
} from "./web-load.server";

afterEach(resetWebLoadForTests);

test("requests are counted over the last second only", () => {
  const t = 1_000_000;
  for (let i = 0; i < 5; i++) noteWebRequest(t + i * 100);
  expect(webRequestsInLastSecond(t + 450)).toBe(5);
  expect(webRequestsInLastSecond(t + 1_150)).toBe(3);
  expect(webRequestsInLastSecond(t + 5_000)).toBe(0);
});

test("a job waits while the web is busy, at most its limit; an idle web makes it wait not at all", async () => {
  let started = Date.now();
  await yieldToWeb(300, 10);
  expect(Date.now() - started).toBeLessThan(50);

  for (let i = 0; i <= BUSY_REQUESTS_PER_SECOND; i++) noteWebRequest();
  started = Date.now();
  await yieldToWeb(300, 10);
  expect(Date.now() - started).toBeGreaterThanOrEqual(290);
});
