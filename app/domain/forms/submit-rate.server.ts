import { config } from "~/config.server";
import { MemoryRateLimit, type RateVerdict } from "~/services/http/memory-rate-limit.server";

/**
 * The public form's limits per visitor address per minute, counted in this process's memory (see
 * MemoryRateLimit for why not in the database): a form's abuse is bounded well enough per process, and
 * the captcha is the real cost to a bot.
 * - Submissions: FORM_SUBMISSIONS_PER_MINUTE.
 * - ALTCHA challenges (GET /forms/captcha/challenge): three times that. Each costs a key derivation
 *   (about 1 ms of CPU), and anyone may ask; a visitor asks once per form shown and again when one
 *   expires or fails, so a page with two forms and a retry stays well inside.
 */
const submissions = new MemoryRateLimit(() => ({
  limit: config().FORM_SUBMISSIONS_PER_MINUTE,
  windowMs: 60_000,
}));

export const CHALLENGES_PER_SUBMISSION = 3;

const challenges = new MemoryRateLimit(() => ({
  limit: CHALLENGES_PER_SUBMISSION * config().FORM_SUBMISSIONS_PER_MINUTE,
  windowMs: 60_000,
}));

export function submissionAllowed(ip: string | null, now = Date.now()): RateVerdict {
  return submissions.hit(ip ?? "unknown", now);
}

export function challengeAllowed(ip: string | null, now = Date.now()): RateVerdict {
  return challenges.hit(ip ?? "unknown", now);
}

export function resetSubmissionRateForTests() {
  submissions.clear();
  challenges.clear();
}
