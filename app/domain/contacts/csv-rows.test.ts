import { describe, expect, test } from "vitest";
import { type ImportAttribute, matchColumns } from "./csv-columns";
import { CsvFileError } from "./csv-parser";
import { checkRow, isRowError } from "./csv-rows";

const tier: ImportAttribute = { id: "a1", title: "Loyalty Tier", type: "STRING" };
const age: ImportAttribute = { id: "a2", title: "Age", type: "INTEGER" };

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof CsvFileError) return { code: error.code, values: error.values };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("matchColumns", () => {
  test("matches the contact fields and attribute titles whatever their case and spacing", () => {
    const map = matchColumns(
      ["FIRST NAME", "last_name", " Phone Number ", "E-mail", "loyalty  tier", "Shoe size", ""],
      [tier, age],
    );
    expect(map).toMatchObject({ firstName: 0, lastName: 1, phone: 2, email: 3, unknown: ["Shoe size"] });
    expect(map.attributes).toEqual([{ index: 4, attribute: tier }]);
  });

  test("refuses a header with no known column, a missing required column, or a field twice", () => {
    expect(refusal(() => matchColumns(["colour", "size"], [tier]))).toEqual({
      code: "noKnownColumn",
      values: {},
    });
    expect(refusal(() => matchColumns(["first name", "email"], []))).toEqual({
      code: "missingColumns",
      values: { columns: "Last Name" },
    });
    expect(refusal(() => matchColumns(["first name", "last name", "Loyalty Tier"], [tier]))).toEqual({
      code: "missingColumns",
      values: { columns: "Phone / Email" },
    });
    expect(refusal(() => matchColumns(["first name", "last name", "Email", "e-mail"], []))).toEqual({
      code: "duplicateColumn",
      values: { first: "Email", second: "e-mail" },
    });
  });
});

describe("checkRow (the add-contact page's rules)", () => {
  const map = matchColumns(["First Name", "Last Name", "Phone", "Email", "Age"], [age]);

  test("a good row: trimmed names, the phone in E.164, the email lowercased, typed attribute values", () => {
    expect(checkRow([" Ann ", "Lee", "(201) 555-0123", " Ann@Example.COM ", "+42"], map, 2)).toEqual({
      row: 2,
      firstName: "Ann",
      lastName: "Lee",
      phone: "+12015550123",
      email: "ann@example.com",
      attributes: ["42"],
      fields: [" Ann ", "Lee", "(201) 555-0123", " Ann@Example.COM ", "+42"],
      // No consent column and no declaration: no consent recorded (csv-consent.test.ts has the rest).
      smsText: null,
      whatsappText: null,
    });
    const noEmail = checkRow(["Bo", "Ray", "+1 415-555-0198", "", ""], map, 3);
    expect(noEmail).toMatchObject({ phone: "+14155550198", email: null, attributes: [null] });
  });

  test("every problem of a row is reported", () => {
    const result = checkRow(["", "", "12", "not-an-email", "old"], map, 7);
    expect(isRowError(result)).toBe(true);
    expect(result).toMatchObject({
      row: 7,
      reasons: [
        ["firstNameRequired"],
        ["lastNameRequired"],
        ["phoneInvalid", { value: "12" }],
        ["emailInvalid", { value: "not-an-email" }],
        ["attributeInvalid", { title: "Age", message: "contacts.validation.integerInvalid" }],
      ],
    });
  });

  test("phone or email is required; a number of the right shape that is no real number is refused", () => {
    expect(checkRow(["A", "B", "", "", ""], map, 2)).toMatchObject({ reasons: [["phoneOrEmail"]] });
    expect(checkRow(["A", "B", "(000) 000-0000", "", ""], map, 2)).toMatchObject({
      reasons: [["phoneInvalid", { value: "(000) 000-0000" }]],
    });
    expect(checkRow(["A", "B", "201.555.0123", "", ""], map, 2)).toMatchObject({
      reasons: [["phoneInvalid", { value: "201.555.0123" }]],
    });
  });

  test("short rows are read as empty cells; extra non-empty cells are refused", () => {
    expect(checkRow(["A", "B", "", "a@example.com"], map, 2)).toMatchObject({ email: "a@example.com" });
    expect(checkRow(["A", "B", "", "a@example.com", "", ""], map, 2)).toMatchObject({
      email: "a@example.com",
    });
    expect(checkRow(["A", "B", "", "a@example.com", "", "x"], map, 2)).toMatchObject({
      reasons: [["tooManyFields", { count: "6", expected: "5" }]],
    });
  });
});
