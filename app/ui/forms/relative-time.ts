export type RelativeUnit = "seconds" | "minutes" | "hours" | "days" | "months" | "years";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago a form was updated, in the form list's buckets (spec 3 section 2.1): under 60 s in
 * seconds, under 1 h in minutes, under 1 day in hours, under 30 days in days, under 365 days in
 * months (of 30 days), then years. A time in the future (clock skew) counts as 0 seconds.
 */
export function relativeAge(
  then: Date | string,
  now: Date = new Date(),
): { unit: RelativeUnit; count: number } {
  const elapsed = Math.max(0, now.getTime() - new Date(then).getTime());
  if (elapsed < MINUTE) return { unit: "seconds", count: Math.floor(elapsed / SECOND) };
  if (elapsed < HOUR) return { unit: "minutes", count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: "hours", count: Math.floor(elapsed / HOUR) };
  if (elapsed < 30 * DAY) return { unit: "days", count: Math.floor(elapsed / DAY) };
  if (elapsed < 365 * DAY) return { unit: "months", count: Math.floor(elapsed / (30 * DAY)) };
  return { unit: "years", count: Math.floor(elapsed / (365 * DAY)) };
}
