import { expect, test } from "vitest";
import { quietHoursEnd, quietHoursEndInAll, zonedTimeToInstant } from "./quiet-hours";

test("quiet hours run from 21:00 to 08:00 local and end at the next 08:00", () => {
  const ny = "America/New_York";
  expect(quietHoursEnd(new Date("2030-06-17T16:00:00Z"), ny)).toBeNull(); // 12:00 EDT
  expect(quietHoursEnd(new Date("2030-06-18T00:59:59Z"), ny)).toBeNull(); // 20:59:59
  expect(quietHoursEnd(new Date("2030-06-18T01:00:00Z"), ny)).toEqual(new Date("2030-06-18T12:00:00Z")); // 21:00
  expect(quietHoursEnd(new Date("2030-06-18T11:59:00Z"), ny)).toEqual(new Date("2030-06-18T12:00:00Z")); // 07:59
  expect(quietHoursEnd(new Date("2030-06-18T12:00:00Z"), ny)).toBeNull(); // 08:00
  // Winter: EST, and the last day of a month rolls into the next.
  expect(quietHoursEnd(new Date("2030-01-31T23:00:00Z"), "Europe/Paris")).toEqual(
    new Date("2030-02-01T07:00:00Z"),
  );
  // The night DST starts (America/New_York, 2030-03-10): 08:00 EDT is 12:00 UTC.
  expect(quietHoursEnd(new Date("2030-03-10T04:00:00Z"), ny)).toEqual(new Date("2030-03-10T12:00:00Z"));
});

test("local wall-clock times convert to instants across offsets", () => {
  expect(zonedTimeToInstant("Asia/Kolkata", 2030, 6, 18, 8)).toEqual(new Date("2030-06-18T02:30:00Z"));
  expect(zonedTimeToInstant("UTC", 2030, 12, 31, 8)).toEqual(new Date("2030-12-31T08:00:00Z"));
});

test("a contact who may be in several zones waits until it is day in all of them", () => {
  const eastAndWest = ["America/New_York", "America/Los_Angeles"];
  // 14:00 in New York, 11:00 in Los Angeles: day in both.
  expect(quietHoursEndInAll(new Date("2030-06-18T18:00:00Z"), eastAndWest)).toBeNull();
  // 10:00 in New York, 07:00 in Los Angeles: waits for 08:00 in Los Angeles.
  expect(quietHoursEndInAll(new Date("2030-06-18T14:00:00Z"), eastAndWest)).toEqual(
    new Date("2030-06-18T15:00:00Z"),
  );
  // 21:30 in New York, 18:30 in Los Angeles: night in New York, so the next 08:00 in Los Angeles
  // (11:00 in New York), not 08:00 in New York (05:00 in Los Angeles).
  expect(quietHoursEndInAll(new Date("2030-06-19T01:30:00Z"), eastAndWest)).toEqual(
    new Date("2030-06-19T15:00:00Z"),
  );
  // The order of the zones does not matter.
  expect(quietHoursEndInAll(new Date("2030-06-19T01:30:00Z"), [...eastAndWest].reverse())).toEqual(
    new Date("2030-06-19T15:00:00Z"),
  );
  // One zone: the same as quietHoursEnd.
  expect(quietHoursEndInAll(new Date("2030-06-18T02:30:00Z"), ["Europe/Paris"])).toEqual(
    quietHoursEnd(new Date("2030-06-18T02:30:00Z"), "Europe/Paris"),
  );
  // Two zones always share an hour or more (their clocks are at most 12 hours apart); three spread
  // around the clock may not: London, Shanghai and Los Angeles have no hour of day in common.
  expect(quietHoursEndInAll(new Date("2030-06-18T02:30:00Z"), ["Asia/Shanghai", "America/New_York"])).toEqual(
    new Date("2030-06-18T12:00:00Z"),
  );
  expect(
    quietHoursEndInAll(new Date("2030-06-18T02:30:00Z"), [
      "Europe/London",
      "Asia/Shanghai",
      "America/Los_Angeles",
    ]),
  ).toBe(undefined);
});
