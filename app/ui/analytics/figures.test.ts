import { describe, expect, test } from "vitest";
import { changeOf, formatDay, formatPercent, toneOf } from "./figures";

describe("changeOf", () => {
  test("a rise and a fall are fractions of the previous period", () => {
    expect(changeOf({ current: 150, previous: 100 })).toEqual({ kind: "up", fraction: 0.5 });
    expect(changeOf({ current: 25, previous: 100 })).toEqual({ kind: "down", fraction: 0.75 });
    expect(changeOf({ current: 0, previous: 8 })).toEqual({ kind: "down", fraction: 1 });
  });
  test("from nothing is new, equal is the same, nothing twice is nothing to compare", () => {
    expect(changeOf({ current: 5, previous: 0 })).toEqual({ kind: "new" });
    expect(changeOf({ current: 7, previous: 7 })).toEqual({ kind: "same" });
    expect(changeOf({ current: 0, previous: 0 })).toEqual({ kind: "none" });
  });
  test("without a previous value (no comparison, or a rate over nothing) there is no change to show", () => {
    expect(changeOf({ current: 5, previous: null })).toEqual({ kind: "unavailable" });
    expect(changeOf({ current: null, previous: 0.5 })).toEqual({ kind: "unavailable" });
  });
  test("rates compare as rates", () => {
    expect(changeOf({ current: 0.3, previous: 0.2 })).toEqual({ kind: "up", fraction: expect.closeTo(0.5) });
  });
});

describe("toneOf", () => {
  test("more is good news for clicks and bad news for opt-outs", () => {
    const rise = changeOf({ current: 12, previous: 10 });
    const fall = changeOf({ current: 8, previous: 10 });
    expect(toneOf(rise, "higherIsBetter")).toBe("success");
    expect(toneOf(rise, "lowerIsBetter")).toBe("critical");
    expect(toneOf(fall, "higherIsBetter")).toBe("critical");
    expect(toneOf(fall, "lowerIsBetter")).toBe("success");
    expect(toneOf(changeOf({ current: 3, previous: 0 }), "lowerIsBetter")).toBe("critical");
    expect(toneOf(changeOf({ current: 3, previous: 3 }), "higherIsBetter")).toBe("subdued");
    expect(toneOf(changeOf({ current: 3, previous: null }), "higherIsBetter")).toBe("subdued");
  });
});

describe("formatPercent", () => {
  test("whole percentages from 10 %, one decimal below, a dash for no rate, in the reader's language", () => {
    expect(formatPercent(0.38, "en")).toBe("38%");
    expect(formatPercent(0.045, "en")).toBe("4.5%");
    expect(formatPercent(0, "en")).toBe("0%");
    expect(formatPercent(1, "en")).toBe("100%");
    expect(formatPercent(null, "en")).toBe("–");
    expect(formatPercent(0.045, "fr")).toMatch(/^4,5\s%$/);
  });
});

describe("formatDay", () => {
  test("a local day is written as that calendar day, whatever the machine's zone", () => {
    expect(formatDay("2026-03-01", "en")).toBe("Mar 1");
    expect(formatDay("2026-03-01", "en", "long")).toBe("Mar 1, 2026");
    expect(formatDay("2026-03-01", "fr", "long")).toBe("1 mars 2026");
  });
});
