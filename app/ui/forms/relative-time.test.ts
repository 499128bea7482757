import { describe, expect, it } from "vitest";
import { relativeAge } from "./relative-time";

const now = new Date("2026-06-15T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe("relativeAge: the form list's buckets (60 s, 1 h, 1 day, 30 days, 365 days)", () => {
  it.each([
    [0, "seconds", 0],
    [59 * S, "seconds", 59],
    [60 * S, "minutes", 1],
    [59 * M + 59 * S, "minutes", 59],
    [H, "hours", 1],
    [23 * H + 59 * M, "hours", 23],
    [D, "days", 1],
    [29 * D + 23 * H, "days", 29],
    [30 * D, "months", 1],
    [364 * D, "months", 12],
    [365 * D, "years", 1],
    [3 * 365 * D + 5 * D, "years", 3],
  ] as const)("%d ms ago is %s (%d)", (ms, unit, count) => {
    expect(relativeAge(ago(ms), now)).toEqual({ unit, count });
  });

  it("reads ISO strings, and a time in the future counts as 0 seconds", () => {
    expect(relativeAge(ago(5 * M).toISOString(), now)).toEqual({ unit: "minutes", count: 5 });
    expect(relativeAge(new Date(now.getTime() + 10 * S), now)).toEqual({ unit: "seconds", count: 0 });
  });
});
