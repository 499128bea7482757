import { describe, expect, test } from "vitest";
import { formatPhone, normalizePhone, phoneSearchDigits } from "./phone";
import {
  addContactPageSchema,
  contactDrawerSchema,
  PHONE_PATTERN,
  searchable,
  validateAttributeValue,
} from "./schemas";

describe("phone numbers", () => {
  test("national numbers are read as US numbers and stored in E.164", () => {
    expect(normalizePhone("(201) 555-0123")).toBe("+12015550123");
    expect(normalizePhone("201-555-0123")).toBe("+12015550123");
    expect(normalizePhone("1 201 555 0123")).toBe("+12015550123");
  });

  test("+E.164 input keeps its own country", () => {
    expect(normalizePhone("+44 20 7946 0958")).toBe("+442079460958");
    expect(normalizePhone("+33 6 12 34 56 78")).toBe("+33612345678");
  });

  test("invalid numbers are refused", () => {
    expect(normalizePhone("555-123-4567")).toBeNull();
    expect(normalizePhone("12345")).toBeNull();
    expect(normalizePhone("not a phone")).toBeNull();
    expect(normalizePhone("   ")).toBeNull();
  });

  test("display: national format at home, international abroad", () => {
    expect(formatPhone("+12015550123")).toBe("(201) 555-0123");
    expect(formatPhone("+442079460958")).toBe("+44 20 7946 0958");
    expect(formatPhone(null)).toBe("");
  });

  test("search digits drop the punctuation", () => {
    expect(phoneSearchDigits("(201) 555-01")).toBe("20155501");
  });
});

describe("add-contact page pattern (spec 2 section 5)", () => {
  test.each(["2015550123", "+12015550123", "(201) 555-0123", "+1 (201) 555-0123", "0033612345678"])(
    "%s matches",
    (value) => expect(PHONE_PATTERN.test(value)).toBe(true),
  );
  test.each(["201555012", "+12345678901234", "201.555.0123", "phone 2015550123", "++12015550123"])(
    "%s does not match",
    (value) => expect(PHONE_PATTERN.test(value)).toBe(false),
  );

  const errorsOf = (input: Record<string, string>) => {
    const result = addContactPageSchema.safeParse(input);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  test("names are required, then at least one of phone or email", () => {
    expect(errorsOf({})).toEqual({
      firstName: "contacts.validation.fieldCannotBeEmpty",
      lastName: "contacts.validation.fieldCannotBeEmpty",
      phone: "contacts.validation.phoneOrEmailRequired",
      email: "contacts.validation.phoneOrEmailRequired",
    });
    expect(errorsOf({ firstName: "A", lastName: "B", email: "a@example.com" })).toEqual({});
    expect(errorsOf({ firstName: "A", lastName: "B", phone: "2015550123" })).toEqual({});
  });

  test("phone and email are checked against their patterns", () => {
    expect(errorsOf({ firstName: "A", lastName: "B", phone: "12", email: "nope" })).toEqual({
      phone: "contacts.validation.phoneInvalid",
      email: "contacts.validation.emailInvalid",
    });
  });

  test("the drawer requires names and phone with its own message", () => {
    const result = contactDrawerSchema.safeParse({ intent: "create", firstName: " " });
    expect(result.success).toBe(false);
    const messages = result.success
      ? []
      : result.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
    expect(messages).toEqual([
      "firstName:contacts.validation.fieldCanNotBeEmpty",
      "lastName:contacts.validation.fieldCanNotBeEmpty",
      "phone:contacts.validation.fieldCanNotBeEmpty",
    ]);
  });
});

describe("search rule", () => {
  test("sent when empty or longer than 2 characters after trimming", () => {
    expect(searchable("")).toBe(true);
    expect(searchable("   ")).toBe(true);
    expect(searchable(" ab ")).toBe(false);
    expect(searchable("abc")).toBe(true);
  });
});

describe("attribute values by type", () => {
  test("integers are 32-bit, longs 64-bit, both whole numbers", () => {
    expect(validateAttributeValue("INTEGER", "42")).toEqual({ ok: true, value: "42" });
    expect(validateAttributeValue("INTEGER", "-2147483648")).toEqual({ ok: true, value: "-2147483648" });
    expect(validateAttributeValue("INTEGER", "2147483648")).toMatchObject({ ok: false });
    expect(validateAttributeValue("INTEGER", "4.2")).toEqual({
      ok: false,
      message: "contacts.validation.integerInvalid",
    });
    expect(validateAttributeValue("LONG", "9223372036854775807")).toEqual({
      ok: true,
      value: "9223372036854775807",
    });
    expect(validateAttributeValue("LONG", "9223372036854775808")).toEqual({
      ok: false,
      message: "contacts.validation.longInvalid",
    });
    expect(validateAttributeValue("LONG", "+007")).toEqual({ ok: true, value: "7" });
    expect(validateAttributeValue("LONG", "1e3")).toMatchObject({ ok: false });
  });

  test("booleans are true or false", () => {
    expect(validateAttributeValue("BOOLEAN", "TRUE")).toEqual({ ok: true, value: "true" });
    expect(validateAttributeValue("BOOLEAN", "false")).toEqual({ ok: true, value: "false" });
    expect(validateAttributeValue("BOOLEAN", "yes")).toEqual({
      ok: false,
      message: "contacts.validation.booleanInvalid",
    });
  });

  test("dates are real calendar dates as yyyy-mm-dd", () => {
    expect(validateAttributeValue("DATE", "2024-02-29")).toEqual({ ok: true, value: "2024-02-29" });
    expect(validateAttributeValue("DATE", "2023-02-29")).toEqual({
      ok: false,
      message: "contacts.validation.dateInvalid",
    });
    expect(validateAttributeValue("DATE", "29/02/2024")).toMatchObject({ ok: false });
  });

  test("strings take anything; an empty value clears the attribute", () => {
    expect(validateAttributeValue("STRING", " hello ")).toEqual({ ok: true, value: "hello" });
    expect(validateAttributeValue("INTEGER", "  ")).toEqual({ ok: true, value: null });
  });
});
