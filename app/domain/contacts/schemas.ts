import { z } from "zod";
import type { AttributeType } from "#db/schema";

// Spec 2 sections 5, 8 and 9. Messages are i18n keys (app/i18n/*/contacts.ts); the English texts are
// the spec's, word for word. Shared by the server and the browser, so nothing here may be server-only.

export const CONTACT_PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_CONTACT_PAGE_SIZE = 10;
/** Searches are sent only when empty or longer than this many characters after trimming. */
export const MIN_SEARCH_LENGTH = 3;
export const CONTACT_SEARCH_DEBOUNCE_MS = 1000;
export const FIRST_ATTRIBUTES_SHOWN = 5;
export const CONTACT_PAGE_PRODUCT_ATTRIBUTES = 10;
export const PRODUCT_PAGE_PRODUCT_ATTRIBUTES = 20;
export const ADD_CONTACT_SUCCESS_CLOSE_MS = 2000;

export const searchable = (term: string) =>
  term.trim().length === 0 || term.trim().length >= MIN_SEARCH_LENGTH;

const messages = {
  drawerRequired: "contacts.validation.fieldCanNotBeEmpty",
  pageRequired: "contacts.validation.fieldCannotBeEmpty",
  phoneInvalid: "contacts.validation.phoneInvalid",
  emailInvalid: "contacts.validation.emailInvalid",
  phoneOrEmail: "contacts.validation.phoneOrEmailRequired",
  selectProduct: "contacts.validation.selectProduct",
  tooLong: "contacts.validation.tooLong",
} as const;

/** 10 to 13 digits, with an optional leading plus and optional spaces, parentheses or dashes. */
export const PHONE_PATTERN = /^\+?(?:[\s()-]*\d){10,13}[\s()-]*$/;
export const CONTACT_EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)*\.[a-zA-Z]{2,}$/;

const required = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(200, messages.tooLong);
const optionalEmail = z
  .string()
  .trim()
  .max(254, messages.tooLong)
  .regex(CONTACT_EMAIL_PATTERN, messages.emailInvalid)
  .optional();

/**
 * What both add-contact forms (the page and the drawer) also ask of a new contact (issue 20 item 7):
 * SMS consent the contact gave, with how in words (required when ticked), and a product to link.
 */
export const CONSENT_SOURCE_MAX = 500;
const newContactExtras = {
  smsConsent: z.literal("on").optional(),
  consentSource: z.string().trim().max(CONSENT_SOURCE_MAX, messages.tooLong).optional(),
  productId: z.string().trim().optional(),
};
const consentNeedsSource = (value: { smsConsent?: string; consentSource?: string }) =>
  value.smsConsent !== "on" || Boolean(value.consentSource);
const sourceRule = {
  path: ["consentSource"],
  message: "firstRun.contactConsent.sourceRequired",
  when: () => true,
};
export type NewContactExtras = { smsConsent?: "on"; consentSource?: string; productId?: string };

/** The Add Contact and edit drawer: first name, last name and phone required, email optional. */
export const contactDrawerSchema = z
  .object({
    intent: z.enum(["create", "update"]),
    id: z.string().optional(),
    firstName: required(messages.drawerRequired),
    lastName: required(messages.drawerRequired),
    phone: required(messages.drawerRequired),
    email: optionalEmail,
    ...newContactExtras,
  })
  .refine(consentNeedsSource, sourceRule);

/** The add-contact page: names required; phone or email, at least one, each in its pattern. */
const hasPhoneOrEmail = (value: { phone?: unknown; email?: unknown }) => Boolean(value.phone || value.email);
export const addContactPageSchema = z
  .object({
    firstName: required(messages.pageRequired),
    lastName: required(messages.pageRequired),
    phone: z.string().trim().regex(PHONE_PATTERN, messages.phoneInvalid).optional(),
    email: optionalEmail,
    ...newContactExtras,
  })
  // `when` makes the check run even while a name is missing, so every message shows at once.
  .refine(hasPhoneOrEmail, { path: ["phone"], message: messages.phoneOrEmail, when: () => true })
  .refine(hasPhoneOrEmail, { path: ["email"], message: messages.phoneOrEmail, when: () => true })
  .refine(consentNeedsSource, sourceRule);

export type ContactInput = { firstName: string; lastName: string; phone?: string; email?: string };

export const attributeTypes = [
  "LONG",
  "DATE",
  "STRING",
  "BOOLEAN",
  "INTEGER",
] as const satisfies readonly AttributeType[];
export const attributeScopes = ["contact", "product"] as const;
export type AttributeScope = (typeof attributeScopes)[number];

/** The add-attribute drawer: title and type, both required. */
export const attributeSchema = z.object({
  title: required(messages.drawerRequired).max(100, messages.tooLong),
  type: z.enum(attributeTypes, { error: messages.drawerRequired }),
  scope: z.enum(attributeScopes).default("contact"),
});

/** The add-product drawer of the contact page. */
export const selectProductSchema = z.object({
  productId: z.string({ error: messages.selectProduct }).trim().min(1, messages.selectProduct),
});

const INT32 = { min: -2_147_483_648n, max: 2_147_483_647n };
const INT64 = { min: -9_223_372_036_854_775_808n, max: 9_223_372_036_854_775_807n };

export type AttributeValueCheck = { ok: true; value: string | null } | { ok: false; message: string };

/**
 * A value typed into an attribute field, checked against the attribute's type. An empty value
 * clears the attribute (value null). Booleans and dates are stored in one canonical spelling.
 */
export function validateAttributeValue(type: AttributeType, raw: string): AttributeValueCheck {
  const value = raw.trim();
  if (!value) return { ok: true, value: null };
  switch (type) {
    case "STRING":
      return value.length <= 1000 ? { ok: true, value } : { ok: false, message: messages.tooLong };
    case "INTEGER":
    case "LONG": {
      const range = type === "INTEGER" ? INT32 : INT64;
      const message =
        type === "INTEGER" ? "contacts.validation.integerInvalid" : "contacts.validation.longInvalid";
      if (!/^[+-]?\d{1,20}$/.test(value)) return { ok: false, message };
      const number = BigInt(value);
      if (number < range.min || number > range.max) return { ok: false, message };
      return { ok: true, value: number.toString() };
    }
    case "BOOLEAN": {
      const lower = value.toLowerCase();
      if (lower === "true" || lower === "false") return { ok: true, value: lower };
      return { ok: false, message: "contacts.validation.booleanInvalid" };
    }
    case "DATE": {
      const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      const date = match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])) : null;
      if (!match || !date || date.toISOString().slice(0, 10) !== value)
        return { ok: false, message: "contacts.validation.dateInvalid" };
      return { ok: true, value };
    }
  }
}
