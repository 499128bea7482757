/**
 * Quiet hours: no marketing SMS or WhatsApp message between 21:00 and 08:00 in the contact's time
 * zone. A due message in the window waits until it opens (08:00 local), it is never dropped.
 *
 * The contact's zones come from the phone number (app/domain/messaging/phone-time-zones.server.ts:
 * the area code in North America, the country or a finer prefix elsewhere). A number that may be in
 * several zones (an area code across two, a country-wide entry) is messaged only when it is outside
 * quiet hours in all of them: after 08:00 in the westernmost, before 21:00 in the easternmost.
 * Only when such zones share no window at all (a prefix spanning more than 13 hours) does one zone
 * stand for the country: COUNTRY_TIME_ZONES below.
 */

export const QUIET_START_HOUR = 21;
export const QUIET_END_HOUR = 8;

/**
 * A representative time zone per country (ISO 3166-1 alpha-2), the one most of its people live in:
 * used only for a number whose zones share no quiet-hours window.
 */
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

/** How far ahead a common window is looked for: a day and a half covers every zone pair that has one. */
const COMMON_WINDOW_HORIZON_MS = 36 * 60 * 60 * 1000;

/**
 * When a message due at `now` may go out to a contact who may be in any of `zones`: null when it is
 * outside quiet hours in every one of them, else the first instant it is. Undefined when the zones
 * share no window (they span more than 13 hours).
 */
export function quietHoursEndInAll(now: Date, zones: readonly string[]): Date | null | undefined {
  let at = now;
  // Each step moves to a zone's next 08:00, which never passes the start of the common window, so
  // the first instant no zone objects to is that start; without a common window the steps go on.
  while (at.getTime() - now.getTime() <= COMMON_WINDOW_HORIZON_MS) {
    let moved = false;
    for (const zone of zones) {
      const end = quietHoursEnd(at, zone);
      if (end) {
        at = end;
        moved = true;
      }
    }
    if (!moved) return at === now ? null : at;
  }
  return undefined;
}
