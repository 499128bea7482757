import { expect, test } from "vitest";
import { contactTimeZones, phoneTimeZones, quietHoursAt, quietHoursOpening } from "./phone-time-zones.server";

test("a number's zones come from its area code in North America and its prefix elsewhere", () => {
  expect(phoneTimeZones("+14155550102")).toEqual(["America/Los_Angeles"]); // San Francisco
  expect(phoneTimeZones("+12125550101")).toEqual(["America/New_York"]); // New York
  expect(phoneTimeZones("+13125550101")).toEqual(["America/Chicago"]); // Chicago
  expect(phoneTimeZones("+18085551234")).toEqual(["Pacific/Honolulu"]);
  expect(phoneTimeZones("+16045551234")).toEqual(["America/Vancouver"]); // Canada
  expect(phoneTimeZones("+33612345678")).toEqual(["Europe/Paris"]);
  expect(phoneTimeZones("+74951234567")).toEqual(["Europe/Moscow"]);
  expect(phoneTimeZones("+19075551234")).toEqual(["America/Adak", "America/Anchorage"]); // Alaska: two
  expect(phoneTimeZones("not a number")).toEqual([]);
});

test("without a number, or one the map lacks, the company's zone counts", () => {
  expect(contactTimeZones("+14155550102", "America/New_York")).toEqual(["America/Los_Angeles"]);
  expect(contactTimeZones(null, "Europe/Berlin")).toEqual(["Europe/Berlin"]);
  expect(contactTimeZones("", "Europe/Berlin")).toEqual(["Europe/Berlin"]);
  expect(contactTimeZones(null, "Not/AZone")).toEqual(["UTC"]);
});

test("a New York company's message to a California number waits for 08:00 in California", () => {
  const zones = contactTimeZones("+14155550102", "America/New_York");
  // 09:00 in New York is 06:00 in San Francisco.
  expect(
    quietHoursOpening(new Date("2030-06-18T13:00:00Z"), zones, "+14155550102", "America/New_York"),
  ).toEqual(new Date("2030-06-18T15:00:00Z"));
  // 22:00 in New York is 19:00 in San Francisco: it goes.
  expect(
    quietHoursOpening(new Date("2030-06-19T02:00:00Z"), zones, "+14155550102", "America/New_York"),
  ).toBeNull();
});

test("zones that share no window narrow to the company's zone, else the country's main one", () => {
  // Three zones with no hour of day in common.
  const wide = ["Europe/London", "Asia/Shanghai", "America/Los_Angeles"];
  const night = new Date("2030-06-18T03:00:00Z"); // 23:00 in New York, 20:00 in Los Angeles
  expect(quietHoursOpening(night, wide, "+12015550123", "America/Los_Angeles")).toBeNull();
  expect(quietHoursOpening(night, wide, "+12015550123", "Europe/Paris")).toEqual(
    new Date("2030-06-18T12:00:00Z"),
  );
});

test("quietHoursAt answers a batch's contacts at one moment, each by its own zones", () => {
  const at = quietHoursAt(new Date("2030-06-18T13:00:00Z")); // 09:00 in New York, 06:00 in San Francisco
  expect(at("+14155550102", "America/New_York")).toEqual(new Date("2030-06-18T15:00:00Z"));
  expect(at("+12125550101", "America/New_York")).toBeNull();
  expect(at("+14155550199", "Europe/Paris")).toEqual(new Date("2030-06-18T15:00:00Z"));
  expect(at(null, "Europe/Paris")).toBeNull(); // 15:00 in Paris
});
