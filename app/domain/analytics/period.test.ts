import { describe, expect, test } from "vitest";
import {
  addDays,
  dayCount,
  eachDay,
  isIsoDate,
  localDay,
  previousRange,
  rangeChoiceFromSearch,
  resolvePeriod,
} from "./period";

describe("local days", () => {
  test("the same instant is a different day in New York, UTC and Tokyo", () => {
    const instant = new Date("2026-03-01T03:30:00Z");
    expect(localDay(instant, "America/New_York")).toBe("2026-02-28");
    expect(localDay(instant, "UTC")).toBe("2026-03-01");
    expect(localDay(instant, "Asia/Tokyo")).toBe("2026-03-01");
    // Half-hour zones: 02:00 UTC is 22:30 the day before in St. John's (UTC-3:30).
    expect(localDay(new Date("2026-03-01T02:00:00Z"), "America/St_Johns")).toBe("2026-02-28");
  });

  test("an unknown time zone falls back to UTC instead of throwing", () => {
    expect(localDay(new Date("2026-03-01T03:30:00Z"), "Mars/Olympus")).toBe("2026-03-01");
  });

  test("calendar arithmetic crosses months, leap days and years", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-02-28", 1)).toBe("2027-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(dayCount("2026-01-01", "2026-01-01")).toBe(1);
    expect(dayCount("2026-03-01", "2026-03-31")).toBe(31);
    expect(eachDay({ from: "2026-02-27", to: "2026-03-02" })).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });

  test("a daylight-saving change does not shift or lose a day", () => {
    // New York springs forward on 2026-03-08: the days stay whole calendar days.
    expect(dayCount("2026-03-07", "2026-03-09")).toBe(3);
    expect(localDay(new Date("2026-03-08T06:59:00Z"), "America/New_York")).toBe("2026-03-08");
    expect(localDay(new Date("2026-03-08T04:59:00Z"), "America/New_York")).toBe("2026-03-07");
  });

  test("only real dates written YYYY-MM-DD are dates", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-30")).toBe(false);
    expect(isIsoDate("2026-2-3")).toBe(false);
    expect(isIsoDate("yesterday")).toBe(false);
  });
});

describe("periods", () => {
  // 02:00 UTC on 10 March is still 9 March in New York.
  const now = new Date("2026-03-10T02:00:00Z");

  test("last 7 days are today and the 6 days before, in the company's time zone", () => {
    const result = resolvePeriod({ range: "7d" }, "America/New_York", now);
    expect(result).toEqual({
      ok: true,
      period: {
        from: "2026-03-03",
        to: "2026-03-09",
        days: 7,
        previous: { from: "2026-02-24", to: "2026-03-02" },
        timeZone: "America/New_York",
      },
    });
    const utc = resolvePeriod({ range: "7d" }, "UTC", now);
    expect(utc.ok && utc.period.to).toBe("2026-03-10");
  });

  test("last 30 and 90 days have 30 and 90 days, their previous periods too", () => {
    for (const [range, days] of [
      ["30d", 30],
      ["90d", 90],
    ] as const) {
      const result = resolvePeriod({ range }, "Europe/Paris", now);
      if (!result.ok) throw new Error(result.problem);
      expect(result.period.days).toBe(days);
      expect(dayCount(result.period.previous.from, result.period.previous.to)).toBe(days);
      expect(addDays(result.period.previous.to, 1)).toBe(result.period.from);
    }
  });

  test("a custom range keeps its days and compares with as many days before it", () => {
    const result = resolvePeriod({ range: "custom", from: "2026-02-01", to: "2026-02-10" }, "UTC", now);
    expect(result.ok && result.period).toMatchObject({
      from: "2026-02-01",
      to: "2026-02-10",
      days: 10,
      previous: { from: "2026-01-22", to: "2026-01-31" },
    });
    expect(previousRange({ from: "2026-03-01", to: "2026-03-01" })).toEqual({
      from: "2026-02-28",
      to: "2026-02-28",
    });
  });

  test("a custom range is refused when its dates are wrong, reversed, in the future or too long", () => {
    const custom = (from: string, to: string) => resolvePeriod({ range: "custom", from, to }, "UTC", now);
    expect(custom("2026-02-31", "2026-03-01")).toEqual({ ok: false, problem: "invalid_date" });
    expect(custom("", "2026-03-01")).toEqual({ ok: false, problem: "invalid_date" });
    expect(custom("2026-03-05", "2026-03-01")).toEqual({ ok: false, problem: "from_after_to" });
    expect(custom("2026-03-01", "2026-03-11")).toEqual({ ok: false, problem: "in_future" });
    expect(custom("2024-01-01", "2026-03-01")).toEqual({ ok: false, problem: "too_long" });
    expect(custom("2026-03-10", "2026-03-10").ok).toBe(true);
  });

  test("search parameters name the choice; anything unknown is the last 30 days", () => {
    expect(rangeChoiceFromSearch(new URLSearchParams("range=7d"))).toEqual({ range: "7d" });
    expect(rangeChoiceFromSearch(new URLSearchParams("range=custom&from=2026-01-01&to=2026-01-05"))).toEqual({
      range: "custom",
      from: "2026-01-01",
      to: "2026-01-05",
    });
    expect(rangeChoiceFromSearch(new URLSearchParams("range=365d"))).toEqual({ range: "30d" });
    expect(rangeChoiceFromSearch(new URLSearchParams(""))).toEqual({ range: "30d" });
  });
});
