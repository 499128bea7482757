import { describe, expect, test } from "vitest";
import { smsMarketingAnswerOf, smsMarketingStatusOf } from "./sms-status";

describe("the SMS Opt-In checkbox status (spec 3 section 4.5)", () => {
  test("LOADING until the store answers", () => {
    expect(smsMarketingStatusOf(undefined)).toBe("LOADING");
  });

  test("ENABLED or DISABLED from the store's setting", () => {
    expect(smsMarketingStatusOf({ ok: true, enabled: true })).toBe("ENABLED");
    expect(smsMarketingStatusOf({ ok: true, enabled: false })).toBe("DISABLED");
  });

  test("ERROR when the call failed", () => {
    expect(smsMarketingStatusOf({ ok: false })).toBe("ERROR");
  });

  test("the Admin API's answer: a boolean field, anything else is a failed call", () => {
    expect(smsMarketingAnswerOf({ shop: { marketingSmsConsentEnabledAtCheckout: true } })).toEqual({
      ok: true,
      enabled: true,
    });
    expect(smsMarketingAnswerOf({ shop: { marketingSmsConsentEnabledAtCheckout: false } })).toEqual({
      ok: true,
      enabled: false,
    });
    expect(smsMarketingAnswerOf({ shop: { marketingSmsConsentEnabledAtCheckout: "true" } })).toEqual({
      ok: false,
    });
    expect(smsMarketingAnswerOf({ shop: null })).toEqual({ ok: false });
    expect(smsMarketingAnswerOf({})).toEqual({ ok: false });
  });
});
