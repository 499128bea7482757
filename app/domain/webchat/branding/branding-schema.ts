import { z } from "zod";
import { multiLine, singleLine } from "~/domain/kernel/plain-text";

/**
 * The chat app's branding (spec 3 section 3.7) and its rules (section 5.4). Client-safe: the
 * Branding tab checks with the same schema, and the chat app reads the same type (from the
 * database, or unsaved from the editor's postMessage).
 */

/** A 3 or 6 digit hex colour, as the colour picker accepts it. */
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** Links shown in the chat (FAQ, support, shop): http or https, or none. */
const LINK = /^https?:\/\/[^\s"'<>`]+$/i;
/** The addresses an image field may hold: an uploaded asset, or one of the default placeholders. */
export const ASSET_URL = /^\/webchat-assets\/[0-9a-f-]{36}\.(?:png|jpg|webp|gif|ico)$/;
export const DEFAULT_IMAGE_URL = /^\/webchat\/default-[a-z0-9-]+\.png$/;

/** The default placeholder images (public/webchat/). */
export const DEFAULT_IMAGES = {
  favicon: "/webchat/default-icon-192.png",
  homeScreenIcon: "/webchat/default-icon-512.png",
  headerIcon: "/webchat/default-icon-192.png",
  brandMessageIcon: "/webchat/default-icon-192.png",
} as const;

export const IMAGE_FIELDS = ["favicon", "homeScreenIcon", "headerIcon", "brandMessageIcon"] as const;
export type ImageField = (typeof IMAGE_FIELDS)[number];

export const COLOR_FIELDS = [
  "mainElementColor",
  "buttonTextColor",
  "linkTextColor",
  "brandMessageBackgroundColor",
  "brandMessageTextColor",
  "contactMessageBackgroundColor",
  "contactMessageTextColor",
] as const;
export type ColorField = (typeof COLOR_FIELDS)[number];

export const DEFAULT_COLORS: Record<ColorField, string> = {
  mainElementColor: "#1F5199",
  buttonTextColor: "#FFFFFF",
  linkTextColor: "#1F5199",
  brandMessageBackgroundColor: "#F1F2F4",
  brandMessageTextColor: "#000000",
  contactMessageBackgroundColor: "#1F5199",
  contactMessageTextColor: "#FFFFFF",
};

export const MAX_NAME_LENGTH = 60;
/** Home screens truncate longer names; the manifest's short_name is meant for about 12. */
export const MAX_SHORT_NAME_LENGTH = 30;
export const MAX_TEXT_LENGTH = 500;
export const MAX_LINK_LENGTH = 2000;

export const BRANDING_ERRORS = {
  /** Spec 5.4's text for an empty subdomain (and an empty short name). */
  blank: "webchat.branding.errors.shortNameBlank",
  color: "webchat.branding.errors.color",
  link: "webchat.branding.errors.link",
  image: "webchat.branding.errors.image",
  tooLong: "webchat.branding.errors.tooLong",
  required: "webchat.branding.errors.required",
  subdomainFormat: "webchat.branding.errors.subdomainFormat",
  subdomainTaken: "webchat.branding.errors.subdomainTaken",
  shortNameTaken: "webchat.branding.errors.shortNameTaken",
} as const;

/** Where a chat address pattern takes the subdomain (the editor's hint fills in the one typed). */
export const SUBDOMAIN_SLOT = "{subdomain}";

/**
 * What a subdomain must look like when the system configuration has no alias patterns (the seeded
 * ones say the same: 3 to 63 lowercase letters, digits and hyphens, no hyphen at either end).
 */
export const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/;

const color = z.string().trim().regex(HEX_COLOR, BRANDING_ERRORS.color);
// Every text refuses control characters and U+2028/U+2029 (plain-text.ts); only the welcome text has lines.
const filled = (max: number) =>
  z.string().trim().min(1, BRANDING_ERRORS.required).max(max, BRANDING_ERRORS.tooLong);
const text = (max: number) => singleLine(filled(max));
const lines = (max: number) => multiLine(filled(max));
const link = singleLine(z.string().trim().max(MAX_LINK_LENGTH, BRANDING_ERRORS.tooLong)).refine(
  (value) => value === "" || LINK.test(value),
  BRANDING_ERRORS.link,
);
const image = z
  .string()
  .trim()
  .refine((value) => ASSET_URL.test(value) || DEFAULT_IMAGE_URL.test(value), BRANDING_ERRORS.image);

export const chatBrandingSchema = z.object({
  subdomain: singleLine(
    z.string().trim().toLowerCase().min(1, BRANDING_ERRORS.blank).max(63, BRANDING_ERRORS.tooLong),
  ),
  pageTitle: text(MAX_NAME_LENGTH),
  longAppName: text(MAX_NAME_LENGTH),
  shortAppName: singleLine(
    z.string().trim().min(1, BRANDING_ERRORS.blank).max(MAX_SHORT_NAME_LENGTH, BRANDING_ERRORS.tooLong),
  ),
  favicon: image,
  homeScreenIcon: image,
  headerIcon: image,
  brandMessageIcon: image,
  mainElementColor: color,
  buttonTextColor: color,
  linkTextColor: color,
  brandMessageBackgroundColor: color,
  brandMessageTextColor: color,
  contactMessageBackgroundColor: color,
  contactMessageTextColor: color,
  welcomeTitleText: text(MAX_NAME_LENGTH * 2),
  welcomeBodyText: lines(MAX_TEXT_LENGTH),
  welcomeButtonText: text(MAX_NAME_LENGTH),
  faqLink: link,
  supportLink: link,
  shopLink: link,
});

/** Everything the chat app needs to look like the company's. */
export type ChatBranding = z.infer<typeof chatBrandingSchema>;
export type ChatBrandingField = keyof ChatBranding;

/** The branding of a company that never saved one. */
export function defaultChatBranding(companyName: string, subdomain: string | null): ChatBranding {
  const name = companyName.trim().slice(0, MAX_NAME_LENGTH) || "Chat";
  return {
    subdomain: subdomain ?? "",
    pageTitle: name,
    longAppName: name,
    shortAppName: name.slice(0, 12).trim(),
    ...DEFAULT_IMAGES,
    ...DEFAULT_COLORS,
    welcomeTitleText: `Welcome to ${name}`.slice(0, MAX_NAME_LENGTH * 2),
    welcomeBodyText: "Sign in with your email address to chat with us. We usually answer within a day.",
    welcomeButtonText: "Get started",
    faqLink: "",
    supportLink: "",
    shopLink: "",
  };
}

/** #abc → #aabbcc (upper case), as stored. Callers pass a colour that matched HEX_COLOR. */
export function expandHex(hex: string): string {
  const digits = hex.replace(/^#/, "");
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits;
  return `#${full.toUpperCase()}`;
}

/**
 * Text on a colour (spec 5.4): black when the colour's brightness is above 186, white otherwise
 * (brightness = 0.299 R + 0.587 G + 0.114 B, on 0 to 255).
 */
export function textColorOn(hex: string): "#000000" | "#FFFFFF" {
  if (!HEX_COLOR.test(hex)) return "#000000";
  const full = expandHex(hex);
  const r = Number.parseInt(full.slice(1, 3), 16);
  const g = Number.parseInt(full.slice(3, 5), 16);
  const b = Number.parseInt(full.slice(5, 7), 16);
  return r * 0.299 + g * 0.587 + b * 0.114 > 186 ? "#000000" : "#FFFFFF";
}

/** Each background colour and the text colour written on it. */
export const TEXT_ON_BACKGROUND: Partial<Record<ColorField, ColorField>> = {
  mainElementColor: "buttonTextColor",
  brandMessageBackgroundColor: "brandMessageTextColor",
  contactMessageBackgroundColor: "contactMessageTextColor",
};

/**
 * A background colour changed: its text colour flips to black or white by the new colour's
 * brightness, unless the company chose a text colour of its own (neither black nor white).
 */
export function withReadableText(branding: ChatBranding, field: keyof ChatBranding): ChatBranding {
  const textField = TEXT_ON_BACKGROUND[field as ColorField];
  const background = branding[field];
  if (!textField || !HEX_COLOR.test(background)) return branding;
  const current = HEX_COLOR.test(branding[textField]) ? expandHex(branding[textField]) : "";
  if (current !== "#000000" && current !== "#FFFFFF") return branding;
  return { ...branding, [textField]: textColorOn(background) };
}

/** The message the editor posts to the preview frame (the chat app listens for exactly this). */
export const BRANDING_MESSAGE_TYPE = "blusteam-chat-branding";
export type BrandingMessage = {
  type: typeof BRANDING_MESSAGE_TYPE;
  branding: ChatBranding;
  /** The welcome pop-up is shown while its texts are being edited. */
  showWelcome?: boolean;
};
