import { MIN_SEARCH_LENGTH } from "./schemas";

/**
 * Contact search by word prefix (issue 19). A term matches a contact when a word of the first or last
 * name starts with it, the email or its domain starts with it, or (a term of digits) the phone's
 * national number starts with it or ends with it (4 digits or more). Case and accents are ignored.
 *
 * The database indexes each contact's search words (contact_search_document, migration
 * 0033_contacts_word_search) as lexemes of one GIN index: the first 8 characters of the company's id,
 * a field letter (w: name word, email, domain; p: national number; r: national number reversed), then
 * the folded word. A term becomes a prefix query over those lexemes, so the index reads only the
 * company's matches. The index keeps only the first PHONE_INDEX_START_DIGITS of the national number
 * and its last PHONE_INDEX_END_DIGITS (migration 0035_contacts_search_compact): a longer phone term
 * asks for those and the row is checked against the whole term. What is here must stay the mirror of
 * those SQL functions.
 */

/** Characters of the company's id that start each of its contacts' lexemes. */
const COMPANY_PREFIX_LENGTH = 8;

/** The smallest number of digits matched against the end of a number. */
export const MIN_PHONE_SUFFIX_DIGITS = 4;

/** Digits of the national number's start (p) and end (r) the search index keeps. */
const PHONE_INDEX_START_DIGITS = 7;
const PHONE_INDEX_END_DIGITS = 4;

/** Lowercase without accents: the JavaScript twin of SQL contact_search_fold (a test checks both agree). */
export function foldSearchText(value: string): string {
  return value
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "");
}

// Calling codes are prefix-free: 1 and 7 have one digit, these have two, every other one has three.
const TWO_DIGIT_CALLING_CODES = new Set(
  "20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98".split(
    " ",
  ),
);

/** How many digits the calling code at the start of these digits has (SQL contact_phone_national). */
export function callingCodeLength(digits: string): number {
  if (digits[0] === "1" || digits[0] === "7") return 1;
  return TWO_DIGIT_CALLING_CODES.has(digits.slice(0, 2)) ? 2 : 3;
}

/** The national number of an E.164 phone (+442079460958 → 2079460958). */
export function nationalNumber(e164: string): string {
  const digits = e164.replace(/^\+/, "");
  return digits.slice(callingCodeLength(digits));
}

export type ContactSearch =
  /**
   * Every word must start a word of the name, the email or its domain. `tsquery`: the same as lexeme
   * prefixes, for the search index.
   */
  | { kind: "words"; words: string[]; tsquery: string }
  /**
   * The national number starts with `start`, or ends with `end` (4 digits or more; null otherwise);
   * with `phoneStart`, the stored E.164 phone must also start with it (a term with its calling code).
   * `tsquery` asks the index for the digits it keeps: its matches are checked against the row.
   */
  | { kind: "phone"; start: string; end: string | null; phoneStart: string | null; tsquery: string }
  /** The term can match nothing (a phone term with fewer than 3 digits). */
  | { kind: "nothing" };

const PHONE_TERM = /^[+\d\s().-]+$/;

/** A lexeme prefix in tsquery syntax: quoted (quotes doubled, backslashes escaped), then `:*`. */
function prefix(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}':*`;
}

/**
 * The search for a term, or null when the term is too short to search (0 to 2 characters after
 * trimming: the list shows everyone, as the spec's search box does).
 * A term of digits and phone punctuation is a phone number: the start of the national number, or
 * with 4 digits or more also its end; a leading + means the number is written with its calling code.
 * Any other term is split into words at spaces and hyphens, and every word must start a word of the
 * name, the email or its domain ("grace hop", "jean-luc", "@nasa").
 */
export function contactSearch(accountId: string, search: string): ContactSearch | null {
  const term = search.trim();
  if (term.length < MIN_SEARCH_LENGTH) return null;
  const company = accountId.slice(0, COMPANY_PREFIX_LENGTH).toLowerCase();
  if (PHONE_TERM.test(term)) {
    const digits = term.replace(/\D/g, "");
    if (digits.length < MIN_SEARCH_LENGTH) return { kind: "nothing" };
    if (term.startsWith("+")) {
      // "+44 20 7946": the national number starts with 207946, and the calling code is 44.
      const national = digits.slice(callingCodeLength(digits));
      if (national === "") return { kind: "nothing" };
      return {
        kind: "phone",
        start: national,
        end: null,
        phoneStart: `+${digits}`,
        tsquery: prefix(`${company}p${national.slice(0, PHONE_INDEX_START_DIGITS)}`),
      };
    }
    const end = digits.length >= MIN_PHONE_SUFFIX_DIGITS ? digits : null;
    const start = prefix(`${company}p${digits.slice(0, PHONE_INDEX_START_DIGITS)}`);
    const endLexeme = end && `${company}r${[...end.slice(-PHONE_INDEX_END_DIGITS)].reverse().join("")}`;
    return {
      kind: "phone",
      start: digits,
      end,
      phoneStart: null,
      tsquery: endLexeme ? `${start} | ${prefix(endLexeme)}` : start,
    };
  }
  const words = foldSearchText(term)
    .split(/[\s-]+/)
    // "@nasa" asks for a domain: the domain is a word of its own.
    .map((word) => word.replace(/^@+/, ""))
    .filter((word) => word !== "");
  if (words.length === 0) return { kind: "nothing" };
  return { kind: "words", words, tsquery: words.map((word) => prefix(`${company}w${word}`)).join(" & ") };
}
