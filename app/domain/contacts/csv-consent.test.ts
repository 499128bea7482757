import { describe, expect, test } from "vitest";
import { matchColumns } from "./csv-columns";
import { consentTextFor, parseConsentDate, parseConsentValue, reachOf } from "./csv-consent";
import { checkRow, isRowError } from "./csv-rows";

const now = new Date("2026-11-25T12:00:00Z");

describe("consent values of a contacts file", () => {
  test("yes, no, true, false, 1, 0 in any case and blank", () => {
    for (const yes of ["yes", "YES", " Yes ", "y", "true", "TRUE", "1", "x", "opted-in", "Subscribed"])
      expect(parseConsentValue(yes, now)).toEqual({ kind: "yes", date: null });
    for (const no of ["no", "No", "n", "false", "FALSE", "0", "opted_out", "unsubscribed"])
      expect(parseConsentValue(no, now)).toEqual({ kind: "no" });
    expect(parseConsentValue("", now)).toEqual({ kind: "blank" });
    expect(parseConsentValue("   ", now)).toEqual({ kind: "blank" });
  });

  test("a date is a yes given on that day; a future, impossible or ambiguous date is not understood", () => {
    expect(parseConsentValue("2024-03-01", now)).toEqual({ kind: "yes", date: "2024-03-01" });
    expect(parseConsentValue("2024/03/01", now)).toEqual({ kind: "yes", date: "2024-03-01" });
    expect(parseConsentValue("2024-03-01T10:30:00Z", now)).toEqual({ kind: "yes", date: "2024-03-01" });
    expect(parseConsentValue("2024-03-01 10:30", now)).toEqual({ kind: "yes", date: "2024-03-01" });
    expect(parseConsentValue("2027-01-01", now)).toEqual({ kind: "invalid" });
    expect(parseConsentValue("2024-02-30", now)).toEqual({ kind: "invalid" });
    expect(parseConsentValue("03/01/2024", now)).toEqual({ kind: "invalid" });
    expect(parseConsentValue("maybe", now)).toEqual({ kind: "invalid" });
    expect(parseConsentDate("2026-11-26", now)).toBe("2026-11-26"); // a day's grace for time zones
    expect(parseConsentDate("1970-01-01", now)).toBeNull();
  });

  test("the recognised headers: SMS Consent, Accepts SMS, Opt-in, WhatsApp Consent", () => {
    const map = matchColumns(["First Name", "Last Name", "Phone", "Opt-in", "WhatsApp Consent"], []);
    expect(map.consent).toEqual({
      sms: { index: 3, header: "Opt-in" },
      whatsapp: { index: 4, header: "WhatsApp Consent" },
    });
    expect(map.unknown).toEqual([]);
    for (const header of ["SMS Consent", "Accepts SMS", "accepts_sms", "SMS opt-in", "Accepts SMS Marketing"])
      expect(matchColumns(["First Name", "Last Name", "Phone", header], []).consent.sms?.index).toBe(3);
    // A company attribute of that title stays the attribute.
    const attribute = { id: "a1", title: "Opt-in", type: "BOOLEAN" as const };
    const withAttribute = matchColumns(["First Name", "Last Name", "Phone", "Opt-in"], [attribute]);
    expect(withAttribute.consent.sms).toBeNull();
    expect(withAttribute.attributes).toHaveLength(1);
    // Two SMS consent columns are the same field.
    expect(() => matchColumns(["First Name", "Last Name", "Phone", "SMS Consent", "Opt-in"], [])).toThrow(
      /duplicateColumn/,
    );
  });

  test("a row's own yes wins, its no is never overridden by the declaration, blank takes the declaration", () => {
    const declaration = { source: "Shop sign-up form", date: "2024-05-01" };
    const context = { filename: "list.csv", column: "SMS Consent", declaration };
    expect(consentTextFor("sms", { kind: "yes", date: "2024-03-01" }, context)).toBe(
      "File list.csv, column “SMS Consent”: given on 2024-03-01",
    );
    expect(consentTextFor("sms", { kind: "no" }, context)).toBeNull();
    expect(consentTextFor("sms", { kind: "blank" }, context)).toBe(
      "Declared at the import of list.csv: Shop sign-up form (given on 2024-05-01)",
    );
    expect(consentTextFor("sms", null, { ...context, column: null })).toContain("Shop sign-up form");
    // The declaration is about SMS: WhatsApp needs the file's own column.
    expect(consentTextFor("whatsapp", null, { ...context, column: null })).toBeNull();
    expect(consentTextFor("sms", { kind: "blank" }, { ...context, declaration: null })).toBeNull();
  });

  test("rows: a value not understood refuses the row; consent without a phone records nothing", () => {
    const map = matchColumns(["First Name", "Last Name", "Phone", "Email", "SMS Consent"], []);
    const context = { filename: "list.csv", declaration: null };
    const refused = checkRow(["Ann", "Lee", "+14155550101", "", "perhaps"], map, 2, { consent: context });
    expect(isRowError(refused) && refused.reasons).toEqual([
      ["consentInvalid", { column: "SMS Consent", value: "perhaps" }],
    ]);
    const yes = checkRow(["Ann", "Lee", "+14155550101", "", "yes"], map, 2, { consent: context });
    expect(!isRowError(yes) && yes.smsText).toBe("File list.csv, column “SMS Consent”: yes");
    const emailOnly = checkRow(["Bo", "Ray", "", "bo@example.com", "yes"], map, 3, { consent: context });
    expect(!isRowError(emailOnly) && emailOnly.smsText).toBeNull();
  });

  test("the confirmation's reach: invalid, no phone, says no, no consent (unless declared), yes", () => {
    expect(reachOf(true, { kind: "invalid" }, true)).toBe("invalid");
    expect(reachOf(false, { kind: "yes", date: null }, false)).toBe("noPhone");
    expect(reachOf(true, { kind: "no" }, true)).toBe("saysNo");
    expect(reachOf(true, { kind: "blank" }, false)).toBe("noConsent");
    expect(reachOf(true, { kind: "blank" }, true)).toBe("yes");
    expect(reachOf(true, null, false)).toBe("noConsent");
    expect(reachOf(true, { kind: "yes", date: "2024-01-01" }, false)).toBe("yes");
  });
});
