import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * The country of numbers written without "+country code" when no company is known (display, and
 * companies created before they had a country). Callers that act for a company pass its country
 * (companyCountry in app/domain/accounts/company-country.server.ts).
 */
export const DEFAULT_PHONE_COUNTRY: CountryCode = "US";

/** The number in E.164 (+12015550123), or null when it is not a valid number for its country. */
export function normalizePhone(input: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const trimmed = input.trim();
  if (!trimmed) return null;
  const parsed = parsePhoneNumberFromString(trimmed, country);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * Numbers already formatted, by country and number. Parsing and formatting with libphonenumber's
 * metadata cost about 1% of a contacts page's server time for ten rows; a page shows the same numbers
 * again and again. Emptied when full, so it never holds more than this many.
 */
const formatted = new Map<string, string>();
const MAX_FORMATTED = 10_000;

/** For display: national format for the company's country, international for the others. */
export function formatPhone(e164: string | null, country: CountryCode = DEFAULT_PHONE_COUNTRY): string {
  if (!e164) return "";
  const key = `${country} ${e164}`;
  const known = formatted.get(key);
  if (known !== undefined) return known;
  const parsed = parsePhoneNumberFromString(e164);
  const text = !parsed
    ? e164
    : parsed.country === country
      ? parsed.formatNational()
      : parsed.formatInternational();
  if (formatted.size >= MAX_FORMATTED) formatted.clear();
  formatted.set(key, text);
  return text;
}

/** The digits of a search term, to match a fragment of stored E.164 numbers ("(201) 555" → "201555"). */
export function phoneSearchDigits(term: string): string {
  return term.replace(/\D/g, "");
}
