import { config } from "~/config.server";

/**
 * Public form submissions per visitor address per minute, counted in this process's memory. The
 * database counters of rate-limit.server.ts would add a write, and a row every burst from one
 * address queues on, to the hottest public path; a form's abuse is bounded well enough per process
 * (the captcha is the real cost to a bot).
 */
const WINDOW_MS = 60_000;
const MAX_ADDRESSES = 50_000;
const hits = new Map<string, { count: number; since: number }>();

export function submissionAllowed(ip: string | null, now = Date.now()): boolean {
  const key = ip ?? "unknown";
  const entry = hits.get(key);
  if (!entry || now - entry.since >= WINDOW_MS) {
    if (hits.size >= MAX_ADDRESSES) hits.clear();
    hits.set(key, { count: 1, since: now });
    return true;
  }
  entry.count += 1;
  return entry.count <= config().FORM_SUBMISSIONS_PER_MINUTE;
}

export function resetSubmissionRateForTests() {
  hits.clear();
}
