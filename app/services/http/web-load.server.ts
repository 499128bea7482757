/**
 * How many requests this process has been answering, so that a job worker running in the same process
 * (`npm start` runs one) gives the web the CPU first: during a burst (a store's orders arriving by
 * hundreds a second) the queues marked `yieldsToWeb` wait a little before each job, and catch up once
 * the burst is over. A worker-only process never notes a request, so it never waits.
 */
const BUCKET_MS = 100;
const BUCKETS = 10;
const buckets = new Array<number>(BUCKETS).fill(0);
let lastBucket = 0;

function advanceTo(bucket: number) {
  if (bucket - lastBucket >= BUCKETS) buckets.fill(0);
  else for (let b = lastBucket + 1; b <= bucket; b++) buckets[b % BUCKETS] = 0;
  lastBucket = Math.max(lastBucket, bucket);
}

export function noteWebRequest(now = Date.now()) {
  const bucket = Math.floor(now / BUCKET_MS);
  advanceTo(bucket);
  buckets[bucket % BUCKETS] = (buckets[bucket % BUCKETS] ?? 0) + 1;
}

/** Requests begun in the last second. */
export function webRequestsInLastSecond(now = Date.now()): number {
  advanceTo(Math.floor(now / BUCKET_MS));
  return buckets.reduce((sum, count) => sum + count, 0);
}

/** Above this many requests a second the web counts as busy. */
export const BUSY_REQUESTS_PER_SECOND = 100;

/**
 * Waits while the web is busy, at most `maxWaitMs`, so that a steady stream of requests slows jobs
 * down without stopping them.
 */
export async function yieldToWeb(maxWaitMs = 1_000, stepMs = 50): Promise<void> {
  const until = Date.now() + maxWaitMs;
  while (webRequestsInLastSecond() > BUSY_REQUESTS_PER_SECOND && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, stepMs));
}

export function resetWebLoadForTests() {
  buckets.fill(0);
  lastBucket = 0;
}
