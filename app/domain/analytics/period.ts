/**
 * The analytics page's period maths, pure: which local days "last 7/30/90 days" or a custom range
 * cover in the company's time zone, and the period before it of the same length for comparison.
 *
 * Days are ISO dates (YYYY-MM-DD) of the company's calendar; both ends are included. "Last 7 days"
 * means today and the 6 days before it, so today's figures show as they come in.
 */

export const RANGE_PRESETS = ["7d", "30d", "90d"] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

/** What the user chose: a preset, or a custom range of local days (both ends included). */
export type RangeChoice = { range: RangePreset } | { range: "custom"; from: string; to: string };

/** Local days, both ends included. */
export type DayRange = { from: string; to: string };

export type Period = DayRange & {
  /** Number of days, both ends included. */
  days: number;
  /** The same number of days just before `from`. */
  previous: DayRange;
  /** The company's time zone the days are in (IANA name). */
  timeZone: string;
};

/** The longest custom range: rollups are daily, and a year keeps a page's series readable. */
export const MAX_RANGE_DAYS = 366;

export type RangeProblem = "invalid_date" | "from_after_to" | "too_long" | "in_future";

const PRESET_DAYS: Record<RangePreset, number> = { "7d": 7, "30d": 30, "90d": 90 };
const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `value` is a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The local calendar day of `instant` in `timeZone` (falls back to UTC for an unknown zone). */
export function localDay(instant: Date, timeZone: string): string {
  const zone = isTimeZone(timeZone) ? timeZone : "UTC";
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}

/** `day` moved by `delta` days (calendar arithmetic, no time zone involved). */
export function addDays(day: string, delta: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + delta * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (1 when they are the same day). */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day from `from` to `to`, both included, in order: the x axis of a daily series. */
export function eachDay(range: DayRange): string[] {
  const n = dayCount(range.from, range.to);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(range.from, i));
}

/** The period before `range`, of the same length, ending the day before it starts. */
export function previousRange(range: DayRange): DayRange {
  const n = dayCount(range.from, range.to);
  return { from: addDays(range.from, -n), to: addDays(range.from, -1) };
}

/**
 * The period a choice covers for a company in `timeZone` at `now`, or why a custom range is refused.
 * A custom range may not end after the company's today, nor span more than MAX_RANGE_DAYS.
 */
export function resolvePeriod(
  choice: RangeChoice,
  timeZone: string,
  now: Date = new Date(),
): { ok: true; period: Period } | { ok: false; problem: RangeProblem } {
  const zone = isTimeZone(timeZone) ? timeZone : "UTC";
  const today = localDay(now, zone);
  let range: DayRange;
  if (choice.range === "custom") {
    if (!isIsoDate(choice.from) || !isIsoDate(choice.to)) return { ok: false, problem: "invalid_date" };
    if (choice.from > choice.to) return { ok: false, problem: "from_after_to" };
    if (choice.to > today) return { ok: false, problem: "in_future" };
    if (dayCount(choice.from, choice.to) > MAX_RANGE_DAYS) return { ok: false, problem: "too_long" };
    range = { from: choice.from, to: choice.to };
  } else {
    range = { from: addDays(today, -(PRESET_DAYS[choice.range] - 1)), to: today };
  }
  return {
    ok: true,
    period: {
      ...range,
      days: dayCount(range.from, range.to),
      previous: previousRange(range),
      timeZone: zone,
    },
  };
}

/**
 * The choice a page's search parameters name (?range=7d|30d|90d, or ?range=custom&from=&to=); a
 * missing or unknown range is the default, last 30 days. Dates are checked by resolvePeriod.
 */
export function rangeChoiceFromSearch(params: URLSearchParams): RangeChoice {
  const range = params.get("range");
  if (range === "custom")
    return { range: "custom", from: params.get("from") ?? "", to: params.get("to") ?? "" };
  if (range && (RANGE_PRESETS as readonly string[]).includes(range)) return { range: range as RangePreset };
  return { range: "30d" };
}
