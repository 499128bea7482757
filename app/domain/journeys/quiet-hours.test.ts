import { expect, test } from "vitest";
import { contactTimeZone, quietHoursEnd, zonedTimeToInstant } from "./quiet-hours";

test("the contact's zone comes from the phone's country, the company's when it is in that country", () => {
  expect(contactTimeZone("+33612345678", "America/New_York")).toBe("Europe/Paris");
  expect(contactTimeZone("+442071234567", "America/New_York")).toBe("Europe/London");
  expect(contactTimeZone("+12015550123", "America/Los_Angeles")).toBe("America/Los_Angeles");
  expect(contactTimeZone("+12015550123", "Europe/Paris")).toBe("America/New_York");
  expect(contactTimeZone("+61412345678", "Australia/Perth")).toBe("Australia/Perth");
  expect(contactTimeZone(null, "Europe/Berlin")).toBe("Europe/Berlin");
  expect(contactTimeZone("12345", "Europe/Berlin")).toBe("Europe/Berlin");
  expect(contactTimeZone(null, "Not/AZone")).toBe("UTC");
});

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
