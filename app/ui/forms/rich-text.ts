import { COMPANY_PLACEHOLDER } from "~/domain/forms/form-document";

const ALLOWED = new Set([
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
const SAFE_HREF = /^(?:https?|ftp|mailto):[^\s"'<>]*$/i;

/**
 * The rich texts a company wrote (consent, copyright, company text), reduced to the tags the public
 * page keeps (the contract's list) with no attributes but a checked link address: the builder shows
 * them to platform staff too, so nothing a member typed may run script in their browser.
 */
export function safeRichHtml(html: string, company = ""): string {
  const text = html.split(COMPANY_PLACEHOLDER).join(escapeText(company));
  return text.replace(/<[^>]*>?/g, (tag) => {
    const match = /^<\s*(\/?)\s*([a-zA-Z0-9]+)([^>]*)>$/.exec(tag);
    if (!match) return "";
    const [, closing, rawName, attributes] = match;
    const name = (rawName ?? "").toLowerCase();
    if (!ALLOWED.has(name)) return "";
    if (closing) return `</${name}>`;
    if (name === "a") {
      const href = /href\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes ?? "");
      const value = href ? (href[2] ?? href[3] ?? href[4] ?? "") : "";
      return SAFE_HREF.test(value)
        ? `<a href="${value.replace(/&(?!amp;)/g, "&amp;")}" target="_blank" rel="noopener noreferrer">`
        : "<a>";
    }
    return `<${name}>`;
  });
}

function escapeText(value: string) {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
