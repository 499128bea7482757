import type { CountryCode } from "libphonenumber-js";
import { restoreNeutralisedCell } from "~/domain/kernel/csv-writer";
import type { ColumnMap } from "./csv-columns";
import { type ConsentDeclaration, consentTextFor, parseConsentValue } from "./csv-consent";
import { normalizeImportPhone } from "./csv-phone";
import { CONTACT_EMAIL_PATTERN, PHONE_PATTERN, validateAttributeValue } from "./schemas";

/**
 * One data row of a contacts file checked with the add-contact page's rules (spec 2 section 5):
 * names required, phone in the 10-13 digit pattern and a real number (stored in E.164), email in
 * its pattern (stored lowercased), at least one of phone or email; custom attribute values checked
 * by the attribute's type, as the attribute form does.
 */

export type ImportRow = {
  /** Row number as a spreadsheet shows it: the header is row 1. */
  row: number;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
  /** Values in the order of ColumnMap.attributes; null leaves the attribute as it is. */
  attributes: (string | null)[];
  /** The row as the file had it, for the error report should the merge refuse it. */
  fields: string[];
  /** What the SMS / WhatsApp opt-in recorded for this row says (csv-consent.ts); null: none recorded. */
  smsText: string | null;
  whatsappText: string | null;
};

/** What a row's consent is read against: the file's name and the merchant's declaration, if any. */
export type ConsentContext = { filename: string; declaration: ConsentDeclaration | null };

const NO_CONSENT_CONTEXT: ConsentContext = { filename: "", declaration: null };

/** Why a row was not imported: i18n keys under csvImport.reasons, with their values. */
export type RowReason = [key: string, values?: Record<string, string>];

export type RowError = { row: number; reasons: RowReason[]; fields: string[] };

const NAME_MAX = 200;
const EMAIL_MAX = 254;

export function checkRow(
  record: string[],
  map: ColumnMap,
  row: number,
  // country: the company's, for numbers written without "+country code"; consent: the file's consent
  // columns and the merchant's declaration.
  { country = "US", consent = NO_CONSENT_CONTEXT }: { country?: CountryCode; consent?: ConsentContext } = {},
): ImportRow | RowError {
  const reasons: RowReason[] = [];
  // A cell of one of our downloads (the error report, fixed and imported again) reads as it was.
  const cell = (index: number) =>
    index >= 0 && index < record.length ? restoreNeutralisedCell(record[index].trim()) : "";

  for (let i = map.columnCount; i < record.length; i++) {
    if (record[i].trim() !== "") {
      reasons.push(["tooManyFields", { count: String(record.length), expected: String(map.columnCount) }]);
      break;
    }
  }

  const firstName = cell(map.firstName);
  const lastName = cell(map.lastName);
  if (!firstName) reasons.push(["firstNameRequired"]);
  else if (firstName.length > NAME_MAX) reasons.push(["firstNameTooLong"]);
  if (!lastName) reasons.push(["lastNameRequired"]);
  else if (lastName.length > NAME_MAX) reasons.push(["lastNameTooLong"]);

  const phoneText = cell(map.phone);
  const emailText = cell(map.email);
  let phone: string | null = null;
  let email: string | null = null;
  if (phoneText) {
    phone = PHONE_PATTERN.test(phoneText) ? normalizeImportPhone(phoneText, country) : null;
    if (!phone) reasons.push(["phoneInvalid", { value: phoneText }]);
  }
  if (emailText) {
    if (emailText.length <= EMAIL_MAX && CONTACT_EMAIL_PATTERN.test(emailText))
      email = emailText.toLowerCase();
    else reasons.push(["emailInvalid", { value: emailText }]);
  }
  if (!phoneText && !emailText) reasons.push(["phoneOrEmail"]);

  const attributes: (string | null)[] = [];
  for (const { index, attribute } of map.attributes) {
    const checked = validateAttributeValue(attribute.type, cell(index));
    if (checked.ok) attributes.push(checked.value);
    else {
      attributes.push(null);
      reasons.push(["attributeInvalid", { title: attribute.title, message: checked.message }]);
    }
  }

  const consentText = (channel: "sms" | "whatsapp") => {
    const column = map.consent?.[channel] ?? null;
    const value = column ? parseConsentValue(cell(column.index)) : null;
    if (value?.kind === "invalid")
      reasons.push(["consentInvalid", { column: column?.header ?? "", value: cell(column?.index ?? -1) }]);
    // Consent to texts needs a number to text: without a phone nothing is recorded.
    return phone ? consentTextFor(channel, value, { ...consent, column: column?.header ?? null }) : null;
  };
  const smsText = consentText("sms");
  const whatsappText = consentText("whatsapp");

  if (reasons.length > 0) return { row, reasons, fields: record };
  return { row, firstName, lastName, phone, email, attributes, fields: record, smsText, whatsappText };
}

export function isRowError(result: ImportRow | RowError): result is RowError {
  return "reasons" in result;
}

/** How reasons are kept in csv_import_errors.reason: JSON, read back by describeReasons. */
export function encodeReasons(reasons: RowReason[]): string {
  return JSON.stringify(reasons);
}

export function decodeReasons(text: string): RowReason[] {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (Array.isArray(parsed)) return parsed as RowReason[];
  } catch {}
  return [["unknown", { text }]];
}
