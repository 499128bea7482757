import type { WaitUnit } from "#db/schema";

/** A touchpoint's wait as stored (minutes) from what the user entered. */
export function waitToMinutes(amount: number, unit: WaitUnit): number {
  return unit === "days" ? amount * 24 * 60 : unit === "hours" ? amount * 60 : amount;
}

/**
 * How the touchpoint manager shows a wait: in days when at least one day, otherwise in hours (the
 * spec's rule); under an hour in minutes; no wait is "Immediate on insert" (the caller's text).
 */
export type WaitDisplay =
  | { kind: "immediate" }
  | { kind: "days"; count: number }
  | { kind: "hours"; count: number }
  | { kind: "minutes"; count: number };

export function waitDisplay(minutes: number): WaitDisplay {
  if (minutes <= 0) return { kind: "immediate" };
  if (minutes >= 24 * 60) return { kind: "days", count: round(minutes / (24 * 60)) };
  if (minutes >= 60) return { kind: "hours", count: round(minutes / 60) };
  return { kind: "minutes", count: minutes };
}

function round(value: number) {
  return Math.round(value * 10) / 10;
}
