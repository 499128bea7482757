import { expect, test } from "vitest";
import { change, dropOff, notSentReasonOf, rate } from "./report";

test("rates are null rather than a division by zero", () => {
  expect(rate(1, 4)).toBe(0.25);
  expect(rate(3, 0)).toBeNull();
});

test("change compares with the previous period, and says nothing when there was nothing before", () => {
  expect(change({ current: 150, previous: 100 })).toBe(0.5);
  expect(change({ current: 50, previous: 100 })).toBe(-0.5);
  expect(change({ current: 0, previous: 0 })).toBe(0);
  expect(change({ current: 5, previous: 0 })).toBeNull();
  expect(change({ current: 5, previous: null })).toBeNull();
});

test("drop-off is the share lost between two steps", () => {
  expect(dropOff(200, 150)).toBe(0.25);
  expect(dropOff(0, 0)).toBeNull();
  expect(dropOff(10, 12)).toBe(0);
});

test("stored reasons map to the known codes, anything else to other", () => {
  expect(notSentReasonOf("quiet_hours")).toBe("quiet_hours");
  expect(notSentReasonOf("customer data redacted")).toBe("customer_data_redacted");
  expect(notSentReasonOf("Twilio: failed")).toBe("other");
  expect(notSentReasonOf(null)).toBe("other");
});
