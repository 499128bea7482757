import { describe, expect, test } from "vitest";
import { waitDisplay, waitToMinutes } from "./wait";

describe("waitToMinutes", () => {
  test("minutes, hours and days", () => {
    expect(waitToMinutes(0, "days")).toBe(0);
    expect(waitToMinutes(45, "minutes")).toBe(45);
    expect(waitToMinutes(5, "hours")).toBe(300);
    expect(waitToMinutes(2, "days")).toBe(2880);
  });
});

describe("waitDisplay", () => {
  test("no wait is immediate", () => {
    expect(waitDisplay(0)).toEqual({ kind: "immediate" });
    expect(waitDisplay(-5)).toEqual({ kind: "immediate" });
  });

  test("days from one day, to a tenth", () => {
    expect(waitDisplay(1440)).toEqual({ kind: "days", count: 1 });
    expect(waitDisplay(2880)).toEqual({ kind: "days", count: 2 });
    expect(waitDisplay(30 * 60)).toEqual({ kind: "days", count: 1.3 });
    expect(waitDisplay(36 * 60)).toEqual({ kind: "days", count: 1.5 });
  });

  test("hours under a day, to a tenth; minutes under an hour", () => {
    expect(waitDisplay(1439)).toEqual({ kind: "hours", count: 24 });
    expect(waitDisplay(60)).toEqual({ kind: "hours", count: 1 });
    expect(waitDisplay(90)).toEqual({ kind: "hours", count: 1.5 });
    expect(waitDisplay(59)).toEqual({ kind: "minutes", count: 59 });
    expect(waitDisplay(1)).toEqual({ kind: "minutes", count: 1 });
  });
});
