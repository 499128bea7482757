import { COMPANY_PLACEHOLDER } from "./form-document";

/**
 * The rich text of form elements (consent, copyright, company text, text), as stored by the
 * builder's editor, made safe to show: an allow-list of tags, no attributes but a link's href
 * (http, https, ftp or mailto), every tag closed. Client-safe: the builder's preview uses it too.
 */

export const RICH_TEXT_TAGS: ReadonlySet<string> = new Set([
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "ul",
  "ol",
  "li",
  "span",
  "h1",
  "h2",
  "h3",
  "h4",
  "a",
]);
const VOID = new Set(["br"]);
const SAFE_HREF = /^(?:https?:\/\/|ftp:\/\/|mailto:)[^\s"'<>`]+$/i;
const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>|<!--[\s\S]*?-->|([^<]+)|</g;

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Text of the source: entities kept as written (they are valid HTML), anything tag-like escaped. */
function safeText(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z]{2,10}|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, "&amp;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** A link's href when it is http, https, ftp or mailto (entities decoded), else null. */
export function hrefOf(attributes: string): string | null {
  const match = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
  const href = (match?.[1] ?? match?.[2] ?? match?.[3] ?? "").replace(/&amp;/g, "&").trim();
  return SAFE_HREF.test(href) ? href : null;
}

/**
 * Which tags a rich text keeps and how an allowed tag opens (its attributes). The forms' policy keeps
 * no attribute but a link's href; the web chat's email templates also keep font styles.
 */
export type SanitizePolicy = {
  tags: ReadonlySet<string>;
  openTag: (tag: string, attributes: string) => string;
};

const FORM_POLICY: SanitizePolicy = {
  tags: RICH_TEXT_TAGS,
  openTag: (tag, attributes) => {
    if (tag !== "a") return `<${tag}>`;
    const href = hrefOf(attributes);
    return href ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">` : "<a>";
  },
};

export function sanitizeRichText(html: string, policy: SanitizePolicy = FORM_POLICY): string {
  let out = "";
  const open: string[] = [];
  for (const match of html.matchAll(TOKEN)) {
    const [whole, closing, rawTag, attributes, text] = match;
    if (text !== undefined) {
      out += safeText(text);
      continue;
    }
    if (!rawTag) {
      if (whole === "<") out += "&lt;";
      continue;
    }
    const tag = rawTag.toLowerCase();
    if (!policy.tags.has(tag)) continue;
    if (closing) {
      const at = open.lastIndexOf(tag);
      if (at === -1) continue;
      while (open.length > at) out += `</${open.pop()}>`;
      continue;
    }
    if (VOID.has(tag)) {
      out += `<${tag}>`;
      continue;
    }
    out += policy.openTag(tag, attributes ?? "");
    open.push(tag);
  }
  while (open.length) out += `</${open.pop()}>`;
  return out;
}

/** The words of the rich text, as a visitor reads them (the consent record keeps this). */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(?:p|li|h[1-4])>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .filter(Boolean)
    .join("\n");
}

/** {{COMPANY}} replaced by the company's name (escaped when the text is HTML). */
export function withCompany(text: string, company: string, html = false): string {
  return text.split(COMPANY_PLACEHOLDER).join(html ? escapeHtml(company) : company);
}
