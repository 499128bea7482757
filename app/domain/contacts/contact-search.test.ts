import { describe, expect, test } from "vitest";
import { callingCodeLength, contactSearch, foldSearchText, nationalNumber } from "./contact-search";

const account = "0a1b2c3d-1111-4222-8333-444455556666";

describe("contactSearch", () => {
  test("0 to 2 characters after trimming: no search", () => {
    expect(contactSearch(account, "")).toBeNull();
    expect(contactSearch(account, "  ab  ")).toBeNull();
  });

  test("words become company-prefixed name/email prefixes, all required", () => {
    expect(contactSearch(account, " Grace HÖP ")).toEqual({
      kind: "words",
      words: ["grace", "hop"],
      tsquery: "'0a1b2c3dwgrace':* & '0a1b2c3dwhop':*",
    });
    expect(contactSearch(account, "jean-luc")).toMatchObject({
      tsquery: "'0a1b2c3dwjean':* & '0a1b2c3dwluc':*",
    });
    expect(contactSearch(account, "@nasa")).toMatchObject({ tsquery: "'0a1b2c3dwnasa':*" });
    expect(contactSearch(account, "@@@")).toEqual({ kind: "nothing" });
  });

  test("quotes and backslashes cannot leave the lexeme", () => {
    expect(contactSearch(account, "o'b\\x")).toMatchObject({ tsquery: "'0a1b2c3dwo''b\\\\x':*" });
  });

  test("digits: the national number's start, and its end from 4 digits", () => {
    expect(contactSearch(account, "(212)")).toMatchObject({ tsquery: "'0a1b2c3dp212':*", end: null });
    expect(contactSearch(account, "0142")).toMatchObject({
      tsquery: "'0a1b2c3dp0142':* | '0a1b2c3dr2410':*",
    });
    expect(contactSearch(account, "1 2")).toEqual({ kind: "nothing" });
  });

  test("a leading + reads the calling code", () => {
    expect(contactSearch(account, "+44 20 79")).toEqual({
      kind: "phone",
      start: "2079",
      end: null,
      phoneStart: "+442079",
      tsquery: "'0a1b2c3dp2079':*",
    });
    expect(contactSearch(account, "+33")).toEqual({ kind: "nothing" });
  });
});

test("calling codes and national numbers", () => {
  expect(callingCodeLength("12125550142")).toBe(1);
  expect(callingCodeLength("74951234567")).toBe(1);
  expect(callingCodeLength("442079460958")).toBe(2);
  expect(callingCodeLength("353861234567")).toBe(3);
  expect(nationalNumber("+33612345678")).toBe("612345678");
  expect(nationalNumber("+35386123456")).toBe("86123456");
});

test("folding: lowercase, accents removed", () => {
  expect(foldSearchText("Zoë ÉLODIE Müller")).toBe("zoe elodie muller");
});
