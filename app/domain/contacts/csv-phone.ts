import type { CountryCode } from "libphonenumber-js";
import { normalizePhone } from "./phone";

/**
 * normalizePhone for a file of a million rows. libphonenumber-js takes tens of microseconds a number
 * (more than everything else a row costs), so the spellings of a North American number that it
 * always reads as "+1" and the same ten digits (2015550123, 201-555-0123, (201) 555-0123,
 * +1 201 555 0123, 1-201-555-0123, ...) skip its parser, and whether those ten digits are a valid
 * number is asked of the library once per area code and exchange (the first six digits): its NANP
 * patterns never look further (the last four digits are always free, csv-phone.test.ts checks every
 * prefix against several endings). Anything else goes to normalizePhone as it is. Results are the
 * same as normalizePhone's for every input (csv-phone.test.ts compares them over many spellings).
 *
 * The shortcut is taken only for a US company; any other country goes to normalizePhone with it.
 */

// An optional "+1" or "1", the area code (optionally in parentheses), the exchange and the line,
// each separated by at most one space or hyphen. The area code starts with 2-9: a number starting
// with 0 or 1 may be read otherwise (011 is the US international prefix).
const NANP_SPELLING = /^(?:\+?1[ -]?)?(?:\(([2-9]\d{2})\)|([2-9]\d{2}))[ -]?(\d{3})[ -]?(\d{4})$/;

const UNKNOWN = 0;
const VALID = 1;
const INVALID = 2;
/** By the first six digits as a number: one byte each, a fixed megabyte whatever the file. */
const prefixValidity = new Uint8Array(1_000_000);

export function normalizeImportPhone(input: string, country: CountryCode = "US"): string | null {
  if (country !== "US") return normalizePhone(input, country);
  const match = NANP_SPELLING.exec(input);
  if (!match) return normalizePhone(input);
  const digits = (match[1] ?? match[2]) + match[3] + match[4];
  const prefix = Number(digits.slice(0, 6));
  const known = prefixValidity[prefix];
  if (known === UNKNOWN) {
    const e164 = normalizePhone(`+1${digits}`);
    prefixValidity[prefix] = e164 === null ? INVALID : VALID;
    return e164;
  }
  return known === VALID ? `+1${digits}` : null;
}
