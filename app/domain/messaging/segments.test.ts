import { describe, expect, test } from "vitest";
import { billedSegments, smsLength } from "./segments";

describe("smsLength", () => {
  test("GSM-7: 160 characters in one segment, then 153 per segment", () => {
    expect(smsLength("")).toEqual({ encoding: "GSM-7", units: 0, segments: 0, perSegment: 160 });
    expect(smsLength("Hello")).toEqual({ encoding: "GSM-7", units: 5, segments: 1, perSegment: 160 });
    expect(smsLength("a".repeat(160))).toMatchObject({ units: 160, segments: 1, perSegment: 160 });
    expect(smsLength("a".repeat(161))).toMatchObject({ units: 161, segments: 2, perSegment: 153 });
    expect(smsLength("a".repeat(306))).toMatchObject({ segments: 2 });
    expect(smsLength("a".repeat(307))).toMatchObject({ segments: 3 });
  });

  test("the GSM-7 basic table includes accented letters, Greek capitals and newlines", () => {
    expect(smsLength("Ça coûte 5€").encoding).toBe("UCS-2"); // û is not in GSM-7
    expect(smsLength("Ç é è ù ì ò à Ä Ö Ñ Ü ß ¿ ¡ £ ¥ § ¤ Δ Ω\n\r@_").encoding).toBe("GSM-7");
  });

  test("extension characters take two septets each", () => {
    expect(smsLength("€")).toMatchObject({ encoding: "GSM-7", units: 2 });
    expect(smsLength("{}[]~|^\\")).toMatchObject({ units: 16 });
    expect(smsLength(`${"a".repeat(159)}€`)).toMatchObject({ units: 161, segments: 2 });
  });

  test("any other character makes it UCS-2: 70 code units in one segment, then 67", () => {
    expect(smsLength("Hi ☀")).toEqual({ encoding: "UCS-2", units: 4, segments: 1, perSegment: 70 });
    expect(smsLength("ç".repeat(70))).toMatchObject({ encoding: "UCS-2", segments: 1 });
    expect(smsLength("ç".repeat(71))).toMatchObject({ segments: 2, perSegment: 67 });
    expect(smsLength("ç".repeat(135))).toMatchObject({ segments: 3 });
    // An emoji is two UTF-16 code units.
    expect(smsLength("😀")).toMatchObject({ encoding: "UCS-2", units: 2 });
  });
});

describe("billedSegments", () => {
  test("SMS by length (at least one); WhatsApp and email one each", () => {
    expect(billedSegments("sms", "a".repeat(161))).toBe(2);
    expect(billedSegments("sms", "")).toBe(1);
    expect(billedSegments("whatsapp", "a".repeat(500))).toBe(1);
    expect(billedSegments("email", "a".repeat(500))).toBe(1);
  });
});
