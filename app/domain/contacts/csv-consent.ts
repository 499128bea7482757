/**
 * Consent in a contacts file (issue 20): an optional SMS consent column and an optional WhatsApp
 * consent column, and the merchant's declaration for the file's rows that say nothing. Pure (no
 * server code): the import dialog counts the same way in the browser before anything is sent.
 */

export type ConsentChannel = "sms" | "whatsapp";

/** Header spellings, compared as normalizeHeader leaves them ("Opt-in" is "opt in"). */
export const CONSENT_HEADERS: Record<ConsentChannel, string[]> = {
  sms: [
    "sms consent",
    "accepts sms",
    "accepts sms marketing",
    "sms marketing consent",
    "sms opt in",
    "sms optin",
    "opt in",
    "optin",
    "opted in",
  ],
  whatsapp: ["whatsapp consent", "accepts whatsapp", "whatsapp opt in", "whatsapp optin"],
};

/**
 * A cell of a consent column: blank (the file says nothing about this row), yes (with the date it
 * was given, when the cell is a date), no, or something we cannot read (the row is refused rather
 * than guessed: texting someone on a misread cell is the one mistake that cannot be undone).
 */
export type ConsentValue =
  | { kind: "blank" }
  | { kind: "yes"; date: string | null }
  | { kind: "no" }
  | { kind: "invalid" };

const YES = new Set(["yes", "y", "true", "1", "x", "oui", "opted in", "opt in", "subscribed", "accepted"]);
const NO = new Set(["no", "n", "false", "0", "non", "opted out", "opt out", "unsubscribed", "declined"]);

/** "2024-03-01", "2024-03-01 10:30", "2024-03-01T10:30:00Z", "2024/03/01": ISO order only (no 03/01/2024). */
const DATE =
  /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function parseConsentValue(text: string, now: Date = new Date()): ConsentValue {
  const value = text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");
  if (value === "") return { kind: "blank" };
  if (YES.has(value)) return { kind: "yes", date: null };
  if (NO.has(value)) return { kind: "no" };
  const date = parseConsentDate(text.trim(), now);
  return date ? { kind: "yes", date } : { kind: "invalid" };
}

/** A date in ISO order, real and not in the future (a day's grace for time zones), as YYYY-MM-DD. */
export function parseConsentDate(text: string, now: Date = new Date()): string | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [, y, m, d] = match;
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (
    day.getUTCFullYear() !== Number(y) ||
    day.getUTCMonth() !== Number(m) - 1 ||
    day.getUTCDate() !== Number(d)
  )
    return null;
  if (day.getTime() > now.getTime() + 24 * 60 * 60 * 1000) return null;
  if (Number(y) < 1990) return null;
  return `${y}-${m}-${d}`;
}

/** The merchant's word, per import, that the file's contacts agreed to receive SMS. */
export type ConsentDeclaration = { source: string; date: string };

/**
 * What consent a row brings for a channel: the text recorded with the opt-in, or null (nothing
 * recorded). A row's own yes wins; a row's no is never overridden by the declaration; a blank row
 * takes the declaration (SMS only: the declaration is about SMS).
 */
export function consentTextFor(
  channel: ConsentChannel,
  value: ConsentValue | null,
  context: { filename: string; column: string | null; declaration: ConsentDeclaration | null },
): string | null {
  if (value?.kind === "yes")
    return `File ${context.filename}, column “${context.column}”${value.date ? `: given on ${value.date}` : ": yes"}`;
  if (value?.kind === "no" || value?.kind === "invalid") return null;
  if (channel === "sms" && context.declaration)
    return `Declared at the import of ${context.filename}: ${context.declaration.source} (given on ${context.declaration.date})`;
  return null;
}

/** Why a row of the file can or cannot receive a channel, as the confirmation counts it. */
export type Reach = "yes" | "noPhone" | "saysNo" | "noConsent" | "invalid";

export function reachOf(hasPhone: boolean, value: ConsentValue | null, declared: boolean): Reach {
  if (value?.kind === "invalid") return "invalid";
  if (!hasPhone) return "noPhone";
  if (value?.kind === "yes") return "yes";
  if (value?.kind === "no") return "saysNo";
  return declared ? "yes" : "noConsent";
}
