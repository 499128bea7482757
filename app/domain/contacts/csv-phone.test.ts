import { parsePhoneNumberFromString } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { normalizeImportPhone } from "./csv-phone";
import { normalizePhone } from "./phone";

/** A deterministic pseudo-random sequence, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

function spellings(area: string, exchange: string, line: string): string[] {
  const n = `${area}${exchange}${line}`;
  return [
    n,
    `1${n}`,
    `+1${n}`,
    `+${n}`,
    `${area}-${exchange}-${line}`,
    `${area} ${exchange} ${line}`,
    `${area}.${exchange}.${line}`,
    `(${area}) ${exchange}-${line}`,
    `(${area})${exchange}-${line}`,
    `(${area})-${exchange}-${line}`,
    `(${area}) ${exchange} ${line}`,
    `+1 ${area} ${exchange} ${line}`,
    `+1-${area}-${exchange}-${line}`,
    `+1 (${area}) ${exchange}-${line}`,
    `+1(${area})${exchange}${line}`,
    `1 ${area} ${exchange} ${line}`,
    `1-${area}-${exchange}-${line}`,
    `1 (${area}) ${exchange}-${line}`,
    `${area}  ${exchange} ${line}`,
    `${area}${exchange} ${line}`,
    `+1  ${area}${exchange}${line}`,
    `+11${n}`,
    `11${n}`,
    `${n}0`,
    `0${n}`,
    `+44${n}`,
  ];
}

describe("normalizeImportPhone", () => {
  it("gives normalizePhone's result for many spellings of numbers from every area code", () => {
    const next = random(42);
    let compared = 0;
    let valid = 0;
    for (let area = 0; area < 1000; area += 1) {
      // Two random exchanges per area code, and the ends of the range for every tenth, in every spelling.
      const exchanges = [Math.floor(next() * 1000), Math.floor(next() * 1000)];
      if (area % 10 === 0) exchanges.push(0, 100, 199, 200, 999);
      for (const exchange of exchanges) {
        const line = pad(Math.floor(next() * 10000), 4);
        for (const input of spellings(pad(area, 3), pad(exchange, 3), line)) {
          const expected = normalizePhone(input);
          expect(normalizeImportPhone(input), input).toBe(expected);
          compared++;
          if (expected) valid++;
        }
      }
    }
    expect(compared).toBeGreaterThan(60_000);
    expect(valid).toBeGreaterThan(5_000);
  }, 120_000);

  it("gives normalizePhone's result for numbers of other countries and odd inputs", () => {
    for (const input of [
      "+44 20 7946 0958",
      "+33 1 23 45 67 89",
      "011 44 20 7946 0958",
      "0112901234",
      "01129012345",
      "+2901234",
      "+1 876 555 0123",
      "+1 658 555 0123",
      "+1 787 555 0123",
      "+1 284 555 0123",
      "+1 340 555 0123",
      "+1 670 555 0123",
      "+1 800 555 0123",
      "+1 900 555 0123",
      "+1 264 455 0123",
      "201-555-012",
      "201-555-01234",
      "(201 555-0123",
      "201) 555-0123",
      "+1 201 555 0123 ",
      "  201 555 0123",
      "1234567890",
      "0000000000",
      "9999999999",
    ])
      expect(normalizeImportPhone(input), input).toBe(normalizePhone(input));
  });

  it("relies on NANP validity depending on the first six digits only", () => {
    // The prefix cache is right only if libphonenumber-js never looks past the exchange. Checked here
    // for every area code with many exchanges and several endings (every prefix was checked once
    // when this was written: 1,000,000 prefixes, six endings each, no difference).
    const next = random(7);
    const valid = (digits: string) => Boolean(parsePhoneNumberFromString(`+1${digits}`)?.isValid());
    for (let area = 200; area < 1000; area++) {
      for (let k = 0; k < 4; k++) {
        const prefix = `${area}${pad(Math.floor(next() * 1000), 3)}`;
        const first = valid(`${prefix}0000`);
        for (const ending of ["9999", pad(Math.floor(next() * 10000), 4)])
          expect(valid(`${prefix}${ending}`), `${prefix}${ending}`).toBe(first);
      }
    }
  }, 120_000);
});
