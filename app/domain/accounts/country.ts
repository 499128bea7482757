import { getCountries, isSupportedCountry } from "libphonenumber-js";
import { ownEntry } from "~/domain/kernel/own-entry";
import { COUNTRY_PATTERN } from "./schemas";

// A company's country (ISO 3166-1 alpha-2): how numbers written without "+country code" are read.
// Shared by the server and the browser's form checks; the list is the one the phone library knows.

export type CountryCode = ReturnType<typeof getCountries>[number];
export const FALLBACK_COUNTRY: CountryCode = "US";

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === "string" && COUNTRY_PATTERN.test(value) && isSupportedCountry(value);
}

/** A stored value read back as a country: anything unknown is the fallback (US, the old default). */
export function asCountry(value: string | null | undefined): CountryCode {
  return isCountryCode(value) ? value : FALLBACK_COUNTRY;
}

// A language without a region ("fr") says where most of its speakers' shops are.
const LANGUAGE_COUNTRIES: Record<string, CountryCode> = {
  fr: "FR",
  de: "DE",
  es: "ES",
  it: "IT",
  nl: "NL",
  pt: "PT",
  en: "US",
  ja: "JP",
  pl: "PL",
  sv: "SE",
  da: "DK",
  fi: "FI",
  nb: "NO",
};

/**
 * The country a browser's Accept-Language (or navigator.language) points to: the region of the
 * first language that has one ("fr-FR" → FR, "en-GB" → GB), else the first language's usual country.
 */
export function countryFromLanguages(header: string | null | undefined): CountryCode {
  const tags = (header ?? "")
    .split(",")
    .map((part) => part.split(";")[0].trim())
    .filter(Boolean);
  for (const tag of tags) {
    const region = tag.split(/[-_]/).find((sub, i) => i > 0 && /^[A-Za-z]{2}$/.test(sub));
    if (region && isCountryCode(region.toUpperCase())) return region.toUpperCase() as CountryCode;
  }
  const language = tags[0]?.split(/[-_]/)[0]?.toLowerCase();
  return (language && ownEntry(LANGUAGE_COUNTRIES, language)) || FALLBACK_COUNTRY;
}

/** Every country code the phone library knows; the browser names them (app/ui/setup/country-select). */
export function countryCodes(): CountryCode[] {
  return getCountries();
}
