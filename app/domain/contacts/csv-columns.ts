import type { AttributeType } from "#db/schema";
import { CONSENT_HEADERS, type ConsentChannel } from "./csv-consent";
import { CsvFileError } from "./csv-parser";

/** A contact custom attribute a column can fill. */
export type ImportAttribute = { id: string; title: string; type: AttributeType };

export type StandardField = "firstName" | "lastName" | "phone" | "email";

/** Which column feeds what; -1 when the file has no such column. */
export type ColumnMap = {
  firstName: number;
  lastName: number;
  phone: number;
  email: number;
  attributes: { index: number; attribute: ImportAttribute }[];
  /** Optional consent columns (issue 20): index and header as the file spells it, or null. */
  consent: Record<ConsentChannel, { index: number; header: string } | null>;
  /** Header texts of the columns nothing reads, as the file spells them. */
  unknown: string[];
  columnCount: number;
};

/** Header spellings of the contact fields, compared case-insensitively with spaces, "_" and "-" alike. */
const STANDARD_HEADERS: Record<StandardField, string[]> = {
  firstName: ["first name", "firstname"],
  lastName: ["last name", "lastname", "surname"],
  phone: ["phone", "phone number", "phonenumber", "mobile", "primary phone number"],
  email: ["email", "email address", "emailaddress", "e mail", "primary email address"],
};

export function normalizeHeader(text: string) {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
}

const consentByHeader = new Map<string, ConsentChannel>(
  (Object.entries(CONSENT_HEADERS) as [ConsentChannel, string[]][]).flatMap(([channel, names]) =>
    names.map((name) => [name, channel] as const),
  ),
);

const standardByHeader = new Map<string, StandardField>(
  (Object.entries(STANDARD_HEADERS) as [StandardField, string[]][]).flatMap(([field, names]) =>
    names.map((name) => [name, field] as const),
  ),
);

/**
 * Matches the header row to the contact fields and the company's contact attributes (by title).
 * Refuses a file in which no column is recognised, two columns feed the same field, or a column
 * every row needs (first name, last name, and phone or email) is missing.
 */
export function matchColumns(header: string[], attributes: ImportAttribute[]): ColumnMap {
  const map: ColumnMap = {
    firstName: -1,
    lastName: -1,
    phone: -1,
    email: -1,
    attributes: [],
    consent: { sms: null, whatsapp: null },
    unknown: [],
    columnCount: header.length,
  };
  const attributeByTitle = new Map(attributes.map((a) => [normalizeHeader(a.title), a]));
  const seen = new Map<string, string>();
  header.forEach((text, index) => {
    const key = normalizeHeader(text);
    const field = standardByHeader.get(key);
    // A company attribute titled like a consent column stays the attribute it always was.
    const attribute = field ? undefined : attributeByTitle.get(key);
    const consent = field || attribute ? undefined : consentByHeader.get(key);
    const target = field ?? (attribute ? `attribute:${attribute.id}` : consent ? `consent:${consent}` : null);
    if (!target) {
      if (key !== "") map.unknown.push(text.trim());
      return;
    }
    const earlier = seen.get(target);
    if (earlier !== undefined)
      throw new CsvFileError("duplicateColumn", { first: earlier, second: text.trim() });
    seen.set(target, text.trim());
    if (field) map[field] = index;
    else if (attribute) map.attributes.push({ index, attribute });
    else if (consent) map.consent[consent] = { index, header: text.trim() };
  });
  if (seen.size === 0) throw new CsvFileError("noKnownColumn");
  // Every row needs both names and a phone or an email: without such columns no row could be imported.
  const missing = [
    map.firstName < 0 ? "First Name" : null,
    map.lastName < 0 ? "Last Name" : null,
    map.phone < 0 && map.email < 0 ? "Phone / Email" : null,
  ].filter((name): name is string => name !== null);
  if (missing.length > 0) throw new CsvFileError("missingColumns", { columns: missing.join(", ") });
  return map;
}
