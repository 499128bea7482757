import { config } from "~/config.server";
import { MemoryRateLimit } from "~/services/http/memory-rate-limit.server";

/**
 * Public form submissions per visitor address per minute, counted in this process's memory (see
 * MemoryRateLimit for why not in the database): a form's abuse is bounded well enough per process, and
 * the captcha is the real cost to a bot.
 */
const submissions = new MemoryRateLimit(() => ({
  limit: config().FORM_SUBMISSIONS_PER_MINUTE,
  windowMs: 60_000,
}));

export function submissionAllowed(ip: string | null, now = Date.now()): boolean {
  return submissions.allow(ip ?? "unknown", now);
}

export function resetSubmissionRateForTests() {
  submissions.clear();
}
