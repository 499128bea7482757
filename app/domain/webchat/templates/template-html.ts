import {
  escapeHtml,
  hrefOf,
  RICH_TEXT_TAGS,
  type SanitizePolicy,
  sanitizeRichText,
} from "~/domain/forms/rich-text";
import { ownEntry } from "~/domain/kernel/own-entry";

/**
 * The web chat's email templates as the editor writes them (spec 3 sections 3.6 and 9): rich text
 * with the editor's fonts and sizes, links, and variables written {{name}}. Client-safe: the editor's
 * previews and the server's renderer sanitise with the same policy.
 */

export const TEMPLATE_KINDS = ["welcome", "newMessage", "magicLink"] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export const EDITOR_FONTS = ["Arial", "Georgia", "Impact", "Tahoma", "Times New Roman", "Verdana"] as const;
export const MIN_FONT_SIZE = 8;
export const MAX_FONT_SIZE = 96;
export const EDITOR_FONT_SIZES = [8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 36, 48, 60, 72, 96];

/** Links the editor accepts (spec: http, https or ftp), else 'Please enter valid url!'. */
export const EDITOR_LINK = /^(?:https?|ftp):\/\/[^\s"'<>`]+\.[^\s"'<>`]+$/i;

/** The fixed variables; contact attributes are {{attribute:Name}}. */
export const TEMPLATE_VARIABLES = [
  "firstName",
  "lastName",
  "magicLink",
  "magicCode",
  "unsubscribeLink",
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number];
/** Variables that are addresses: a link may point at them. */
export const LINK_VARIABLES = ["magicLink", "unsubscribeLink"] as const;
export const ATTRIBUTE_TOKEN = /\{\{attribute:([^{}<>"]{1,100})\}\}/g;
export const variableToken = (name: TemplateVariable) => `{{${name}}}`;
export const attributeToken = (name: string) => `{{attribute:${name}}}`;

export const MAX_SUBJECT_LENGTH = 200;
export const MAX_BODY_LENGTH = 100_000;

const TEMPLATE_TAGS: ReadonlySet<string> = new Set([...RICH_TEXT_TAGS, "div", "font"]);
const FONT_FAMILIES = new Map(EDITOR_FONTS.map((font) => [font.toLowerCase(), font]));
const COLOR =
  /^(?:#[0-9a-f]{3}|#[0-9a-f]{6}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*[\d.]+\s*)?\))$/i;

const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

/** The first of a font list that the editor offers ("'Times New Roman', serif" → Times New Roman). */
function editorFont(value: string): string | null {
  for (const part of value.split(",")) {
    const font = FONT_FAMILIES.get(
      part
        .trim()
        .replace(/^["']|["']$/g, "")
        .toLowerCase(),
    );
    if (font) return font;
  }
  return null;
}

function fontSize(value: string): string | null {
  const px = /^(\d{1,3})px$/.exec(value.trim());
  const size = px ? Number(px[1]) : Number.NaN;
  return size >= MIN_FONT_SIZE && size <= MAX_FONT_SIZE ? `${size}px` : null;
}

const KEYWORDS: Record<string, RegExp> = {
  "text-align": /^(?:left|right|center|justify)$/,
  "font-weight": /^(?:bold|normal|[1-9]00)$/,
  "font-style": /^(?:italic|normal)$/,
  "text-decoration": /^(?:underline|line-through|none)$/,
  "text-decoration-line": /^(?:underline|line-through|none)$/,
};

/** Only the declarations the editor makes, each value checked: nothing that loads or positions. */
export function safeStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of decodeAttribute(style).split(";")) {
    const at = declaration.indexOf(":");
    if (at < 0) continue;
    const property = declaration.slice(0, at).trim().toLowerCase();
    const value = declaration.slice(at + 1).trim();
    if (property === "font-family") {
      const font = editorFont(value);
      if (font) kept.push(`font-family: ${font.includes(" ") ? `'${font}'` : font}`);
    } else if (property === "font-size") {
      const size = fontSize(value);
      if (size) kept.push(`font-size: ${size}`);
    } else if (property === "color" || property === "background-color") {
      if (COLOR.test(value)) kept.push(`${property}: ${value.toLowerCase()}`);
    } else if (ownEntry(KEYWORDS, property)?.test(value.toLowerCase()))
      kept.push(`${property}: ${value.toLowerCase()}`);
  }
  return kept.join("; ");
}

function attribute(attributes: string, name: string): string | null {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3] ?? "") : null;
}

function templateHref(attributes: string): string | null {
  const raw = decodeAttribute(attribute(attributes, "href") ?? "").trim();
  if (LINK_VARIABLES.some((name) => raw === variableToken(name))) return raw;
  return hrefOf(attributes);
}

const TEMPLATE_POLICY: SanitizePolicy = {
  tags: TEMPLATE_TAGS,
  openTag: (rawTag, attributes) => {
    // <font face> (what some browsers' editing commands write) becomes a styled span.
    const tag = rawTag === "font" ? "span" : rawTag;
    const face = rawTag === "font" ? editorFont(decodeAttribute(attribute(attributes, "face") ?? "")) : null;
    const style = [
      face ? `font-family: ${face.includes(" ") ? `'${face}'` : face}` : "",
      safeStyle(attribute(attributes, "style") ?? ""),
    ]
      .filter(Boolean)
      .join("; ");
    const styleAttribute = style ? ` style="${escapeHtml(style)}"` : "";
    if (tag !== "a") return `<${tag}${styleAttribute}>`;
    const href = templateHref(attributes);
    return href ? `<a href="${escapeHtml(href)}"${styleAttribute}>` : `<a${styleAttribute}>`;
  },
};

/** Elements whose content is code or styling, not words: dropped whole, content included. */
const CODE_ELEMENTS =
  /<(script|style|template|noscript|iframe|object|textarea|title)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;

/** The template body made safe: the editor's tags, fonts, sizes and links; no script, no handler. */
export function sanitizeTemplateHtml(html: string): string {
  const words = html.slice(0, MAX_BODY_LENGTH).replace(CODE_ELEMENTS, "");
  // <font> is opened as a span: close it as one, so the tags still pair.
  return sanitizeRichText(words, TEMPLATE_POLICY).replace(/<\/font>/g, "</span>");
}
