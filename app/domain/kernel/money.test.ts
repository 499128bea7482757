import { describe, expect, test } from "vitest";
import { currencyDigits, formatMoney, minorUnitsToDecimal, toMinorUnits } from "./money";

// Intl puts a narrow no-break space (U+202F) or a no-break space (U+00A0) in some locales' amounts.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("money in minor units", () => {
  test("each currency's digits come from Intl: USD 2, JPY 0, KWD 3", () => {
    expect(currencyDigits("USD")).toBe(2);
    expect(currencyDigits("EUR")).toBe(2);
    expect(currencyDigits("JPY")).toBe(0);
    expect(currencyDigits("KWD")).toBe(3);
    expect(currencyDigits("BHD")).toBe(3);
  });

  test("minor units become an exact decimal, zeros padded, sign kept", () => {
    expect(minorUnitsToDecimal(123456, 2)).toBe("1234.56");
    expect(minorUnitsToDecimal(5, 2)).toBe("0.05");
    expect(minorUnitsToDecimal(0, 2)).toBe("0.00");
    expect(minorUnitsToDecimal(-250, 2)).toBe("-2.50");
    expect(minorUnitsToDecimal(1234, 0)).toBe("1234");
    expect(minorUnitsToDecimal(7, 3)).toBe("0.007");
    expect(minorUnitsToDecimal(Number.MAX_SAFE_INTEGER, 2)).toBe("90071992547409.91");
    expect(() => minorUnitsToDecimal(12.5, 2)).toThrow(RangeError);
  });

  test("formatted in the reader's language with the currency's own decimals", () => {
    expect(formatMoney(123456, "USD", "en")).toBe("$1,234.56");
    expect(formatMoney(1999, "usd", "en")).toBe("$19.99");
    expect(formatMoney(1234, "JPY", "en")).toBe("¥1,234");
    expect(plain(formatMoney(1234, "KWD", "en"))).toBe("KWD 1.234");
    expect(plain(formatMoney(123456, "EUR", "fr"))).toBe("1 234,56 €");
    expect(plain(formatMoney(1234, "JPY", "fr"))).toBe("1 234 JPY");
    expect(formatMoney(0, "USD", "en")).toBe("$0.00");
    expect(formatMoney(-500, "USD", "en")).toBe("-$5.00");
  });

  test("amounts beyond a float's exact cents stay exact", () => {
    // 2^53 - 1 cents: dividing by 100 would round the last cent away.
    expect(formatMoney(Number.MAX_SAFE_INTEGER, "USD", "en")).toBe("$90,071,992,547,409.91");
  });

  test("a code Intl refuses is shown after the plain amount instead of failing the page", () => {
    expect(formatMoney(1234, "US", "en")).toBe("12.34 US");
  });
});

test("amounts become integer minor units of their currency, without floating point", () => {
  expect(toMinorUnits("25.00", "USD")).toBe(2500);
  expect(toMinorUnits("0.10", "USD")).toBe(10);
  expect(toMinorUnits("19.9", "EUR")).toBe(1990);
  expect(toMinorUnits(19.99, "USD")).toBe(1999);
  expect(toMinorUnits("1299", "JPY")).toBe(1299);
  expect(toMinorUnits("12.345", "KWD")).toBe(12345);
  expect(toMinorUnits("25.005", "USD")).toBe(2501);
  expect(toMinorUnits("1234567.89", "USD")).toBe(123456789);
  expect(toMinorUnits("abc", "USD")).toBeNull();
  expect(toMinorUnits(null, "USD")).toBeNull();
  expect(toMinorUnits("", "USD")).toBeNull();
  expect(toMinorUnits("25.00", "not a currency")).toBe(2500);
});
