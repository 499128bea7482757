import { parsePhoneNumberFromString } from "libphonenumber-js";

/**
 * Quiet hours: no marketing SMS or WhatsApp message between 21:00 and 08:00 in the contact's time
 * zone. A due message in the window waits until it opens (08:00 local), it is never dropped.
 *
 * The contact's zone comes from the phone number's region. A phone number tells the country, not the
 * zone, so each country maps to one representative zone: the one most of its people live in (the
 * United States → America/New_York, Canada → America/Toronto, Brazil → America/Sao_Paulo, Russia →
 * Europe/Moscow, Australia → Australia/Sydney, Mexico → America/Mexico_City, Indonesia →
 * Asia/Jakarta...). When the phone's country is the company's own (its time zone lies in that
 * country), the company's zone is used instead, being the better guess for a local business; a
 * number of a country not in the table, or no number, falls back to the company's time zone.
 */

export const QUIET_START_HOUR = 21;
export const QUIET_END_HOUR = 8;

/** A representative time zone per country (ISO 3166-1 alpha-2), the most populous one. */
export const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  US: "America/New_York",
  CA: "America/Toronto",
  MX: "America/Mexico_City",
  BR: "America/Sao_Paulo",
  AR: "America/Argentina/Buenos_Aires",
  CL: "America/Santiago",
  CO: "America/Bogota",
  PE: "America/Lima",
  VE: "America/Caracas",
  EC: "America/Guayaquil",
  UY: "America/Montevideo",
  PR: "America/Puerto_Rico",
  DO: "America/Santo_Domingo",
  JM: "America/Jamaica",
  GB: "Europe/London",
  GG: "Europe/Guernsey",
  JE: "Europe/Jersey",
  IM: "Europe/Isle_of_Man",
  IE: "Europe/Dublin",
  FR: "Europe/Paris",
  BE: "Europe/Brussels",
  NL: "Europe/Amsterdam",
  LU: "Europe/Luxembourg",
  DE: "Europe/Berlin",
  AT: "Europe/Vienna",
  CH: "Europe/Zurich",
  IT: "Europe/Rome",
  ES: "Europe/Madrid",
  PT: "Europe/Lisbon",
  DK: "Europe/Copenhagen",
  NO: "Europe/Oslo",
  SE: "Europe/Stockholm",
  FI: "Europe/Helsinki",
  IS: "Atlantic/Reykjavik",
  PL: "Europe/Warsaw",
  CZ: "Europe/Prague",
  SK: "Europe/Bratislava",
  HU: "Europe/Budapest",
  RO: "Europe/Bucharest",
  BG: "Europe/Sofia",
  GR: "Europe/Athens",
  HR: "Europe/Zagreb",
  SI: "Europe/Ljubljana",
  RS: "Europe/Belgrade",
  UA: "Europe/Kyiv",
  RU: "Europe/Moscow",
  TR: "Europe/Istanbul",
  EE: "Europe/Tallinn",
  LV: "Europe/Riga",
  LT: "Europe/Vilnius",
  MA: "Africa/Casablanca",
  DZ: "Africa/Algiers",
  TN: "Africa/Tunis",
  EG: "Africa/Cairo",
  NG: "Africa/Lagos",
  GH: "Africa/Accra",
  SN: "Africa/Dakar",
  CI: "Africa/Abidjan",
  KE: "Africa/Nairobi",
  ZA: "Africa/Johannesburg",
  IL: "Asia/Jerusalem",
  SA: "Asia/Riyadh",
  AE: "Asia/Dubai",
  QA: "Asia/Qatar",
  IN: "Asia/Kolkata",
  PK: "Asia/Karachi",
  BD: "Asia/Dhaka",
  CN: "Asia/Shanghai",
  HK: "Asia/Hong_Kong",
  TW: "Asia/Taipei",
  JP: "Asia/Tokyo",
  KR: "Asia/Seoul",
  SG: "Asia/Singapore",
  MY: "Asia/Kuala_Lumpur",
  TH: "Asia/Bangkok",
  VN: "Asia/Ho_Chi_Minh",
  PH: "Asia/Manila",
  ID: "Asia/Jakarta",
  AU: "Australia/Sydney",
  NZ: "Pacific/Auckland",
};

/** The zones each country's representative zone stands for, to tell whether a zone is in a country. */
const ZONE_COUNTRY_PREFIX: Readonly<Record<string, RegExp>> = {
  US: /^(America\/(New_York|Chicago|Denver|Phoenix|Los_Angeles|Anchorage|Detroit|Boise|Indiana\/.*|Kentucky\/.*|North_Dakota\/.*|Adak|Juneau|Menominee|Nome|Sitka|Yakutat|Metlakatla)|Pacific\/Honolulu|US\/.*)$/,
  CA: /^(America\/(Toronto|Vancouver|Edmonton|Winnipeg|Halifax|St_Johns|Regina|Moncton|Whitehorse|Yellowknife|Iqaluit|Glace_Bay|Goose_Bay|Dawson|Dawson_Creek|Fort_Nelson|Creston|Cambridge_Bay|Inuvik|Rankin_Inlet|Resolute|Swift_Current|Atikokan|Blanc-Sablon)|Canada\/.*)$/,
  AU: /^Australia\/.*$/,
  BR: /^America\/(Sao_Paulo|Manaus|Fortaleza|Recife|Bahia|Belem|Cuiaba|Campo_Grande|Porto_Velho|Rio_Branco|Boa_Vista|Maceio|Araguaina|Santarem|Noronha|Eirunepe)$/,
  MX: /^America\/(Mexico_City|Cancun|Merida|Monterrey|Matamoros|Chihuahua|Ciudad_Juarez|Ojinaga|Mazatlan|Bahia_Banderas|Hermosillo|Tijuana)$/,
  RU: /^(Europe\/(Moscow|Kaliningrad|Samara|Volgograd|Saratov|Ulyanovsk|Astrakhan|Kirov)|Asia\/(Yekaterinburg|Omsk|Novosibirsk|Barnaul|Tomsk|Novokuznetsk|Krasnoyarsk|Irkutsk|Chita|Yakutsk|Khandyga|Vladivostok|Ust-Nera|Magadan|Sakhalin|Srednekolymsk|Kamchatka|Anadyr))$/,
  ID: /^Asia\/(Jakarta|Pontianak|Makassar|Jayapura)$/,
};

const validZones = new Map<string, boolean>();
/** Whether a time zone name is valid for Intl. */
export function isValidTimeZone(zone: string): boolean {
  let valid = validZones.get(zone);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      valid = true;
    } catch {
      valid = false;
    }
    validZones.set(zone, valid);
  }
  return valid;
}

// The country of a number is decided by its first digits (calling code, then area or mobile prefix):
// the dispatcher asks for thousands of numbers a second, so answers are kept per 8-character prefix.
const countryCache = new Map<string, string | undefined>();
function countryOf(phone: string): string | undefined {
  const key = phone.slice(0, 8);
  if (countryCache.has(key)) return countryCache.get(key);
  const country = parsePhoneNumberFromString(phone)?.country;
  if (countryCache.size > 50_000) countryCache.clear();
  countryCache.set(key, country);
  return country;
}

/** The contact's time zone: from the phone's country, else the company's. */
export function contactTimeZone(phone: string | null | undefined, accountTimeZone: string): string {
  const fallback = isValidTimeZone(accountTimeZone) ? accountTimeZone : "UTC";
  if (!phone) return fallback;
  const country = countryOf(phone);
  if (!country) return fallback;
  const own = ZONE_COUNTRY_PREFIX[country];
  if (own ? own.test(fallback) : COUNTRY_TIME_ZONES[country] === fallback) return fallback;
  return COUNTRY_TIME_ZONES[country] ?? fallback;
}

type LocalTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function localTime(instant: Date, zone: string): LocalTime {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(instant))
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: Date, zone: string): number {
  const t = localTime(instant, zone);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a local wall-clock time happens in a zone (DST gaps resolve forward). */
export function zonedTimeToInstant(
  zone: string,
  year: number,
  month: number,
  day: number,
  hour: number,
  minute = 0,
): Date {
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  const first = guess - offsetAt(new Date(guess), zone);
  const second = guess - offsetAt(new Date(first), zone);
  return new Date(second);
}

/**
 * When a message due at `now` may go out in `zone`: `now` itself outside quiet hours, else the next
 * 08:00 local.
 */
export function quietHoursEnd(now: Date, zone: string): Date | null {
  const t = localTime(now, zone);
  if (t.hour >= QUIET_END_HOUR && t.hour < QUIET_START_HOUR) return null;
  let { year, month, day } = t;
  if (t.hour >= QUIET_START_HOUR) {
    const next = new Date(Date.UTC(year, month - 1, day + 1));
    year = next.getUTCFullYear();
    month = next.getUTCMonth() + 1;
    day = next.getUTCDate();
  }
  return zonedTimeToInstant(zone, year, month, day, QUIET_END_HOUR);
}
