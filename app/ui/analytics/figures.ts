import { change } from "~/domain/analytics/report";

/**
 * How the analytics page words and colours its figures. The arithmetic itself (rate, change,
 * drop-off) is the report's (app/domain/analytics/report.ts), shared with the CSV export.
 */

export type Change =
  /** No comparison was asked for, or this figure has no previous value (a rate over nothing). */
  | { kind: "unavailable" }
  /** Both periods are zero: nothing to compare. */
  | { kind: "none" }
  /** The previous period had none and this one has some: no percentage can say it. */
  | { kind: "new" }
  | { kind: "same" }
  | { kind: "up" | "down"; fraction: number };

/** How a figure compares with the previous period, as the tile says it. */
export function changeOf(figure: { current: number | null; previous: number | null }): Change {
  if (figure.previous === null || figure.current === null) return { kind: "unavailable" };
  const ratio = change(figure);
  if (ratio === null) return { kind: "new" };
  if (ratio === 0) return figure.current === 0 ? { kind: "none" } : { kind: "same" };
  return { kind: ratio > 0 ? "up" : "down", fraction: Math.abs(ratio) };
}

/**
 * Whether a change is good news. More messages, clicks, contacts and revenue are; more failures and
 * opt-outs are not (the tile colours the change accordingly, and says it in words too).
 */
export type Direction = "higherIsBetter" | "lowerIsBetter";

export function toneOf(change: Change, direction: Direction): "success" | "critical" | "subdued" {
  if (change.kind !== "up" && change.kind !== "down" && change.kind !== "new") return "subdued";
  const rose = change.kind !== "down";
  return rose === (direction === "higherIsBetter") ? "success" : "critical";
}

/** A fraction as a percentage in the reader's language, with one decimal below 10 % ("4.5%", "38%"). */
export function formatPercent(fraction: number | null, locale: string): string {
  if (fraction === null) return "–";
  const digits = fraction !== 0 && Math.abs(fraction) < 0.1 ? 1 : 0;
  return new Intl.NumberFormat(locale, {
    style: "percent",
    minimumFractionDigits: 0,
    maximumFractionDigits: digits,
  }).format(fraction);
}

export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A local day (YYYY-MM-DD) as the reader writes it; `long` adds the year ("Mar 3, 2026"). */
export function formatDay(day: string, locale: string, style: "short" | "long" = "short"): string {
  const options: Intl.DateTimeFormatOptions =
    style === "long"
      ? { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }
      : { day: "numeric", month: "short", timeZone: "UTC" };
  // The day is a calendar date, not an instant: read and written in UTC so no zone shifts it.
  return new Intl.DateTimeFormat(locale, options).format(new Date(`${day}T00:00:00Z`));
}
