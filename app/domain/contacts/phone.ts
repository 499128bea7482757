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

/** For display: national format for the company's country, international for the others. */
export function formatPhone(e164: string | null, country: CountryCode = DEFAULT_PHONE_COUNTRY): string {
  if (!e164) return "";
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed) return e164;
  return parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
}

/** The digits of a search term, to match a fragment of stored E.164 numbers ("(201) 555" → "201555"). */
export function phoneSearchDigits(term: string): string {
  return term.replace(/\D/g, "");
}
