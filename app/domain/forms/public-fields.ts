import { CONTACT_EMAIL_PATTERN, PHONE_PATTERN } from "~/domain/contacts/schemas";
import { ownEntry } from "~/domain/kernel/own-entry";
import enTexts from "~/i18n/en/public-form";
import frTexts from "~/i18n/fr/public-form";
import { ANSWER_TYPES, DEFAULT_FIELD_LABELS, type FormElement, type FormLanguage } from "./form-document";
import { defaultFieldElements } from "./form-elements";

/**
 * The answerable fields of a public form, the names they are submitted under (spec 3 §3.5) and the
 * field rules of §5.3. Pure: the server renders and checks with it, and its messages are the ones
 * the page's script shows before posting.
 */

export type PublicTexts = typeof enTexts;
export function publicTexts(language: FormLanguage): PublicTexts {
  return language === "fr" ? frTexts : enTexts;
}

export type FieldKind =
  | "firstName"
  | "lastName"
  | "phone"
  | "email"
  | "contact-attribute"
  | "product"
  | "contact-product-attribute"
  | "plain";

export type PublicField = {
  element: FormElement;
  /** The submitted key: a default field's English label, 'contact.attribute.{id}', 'product', ... */
  name: string;
  kind: FieldKind;
  /** The label the visitor reads (default labels translated). */
  label: string;
  required: boolean;
  hidden: boolean;
  /** Hidden fields are submitted with this (their preset option(s) or placeholder, §3.5). */
  presetValue: string;
  multiple: boolean;
};

export const PRODUCT_KEY = "product";
export const CONTACT_ATTRIBUTE_PREFIX = "contact.attribute.";
export const PRODUCT_ATTRIBUTE_PREFIX = "contact.product.attribute.";
export const PRODUCT_ATTRIBUTE_SEPARATOR = ":::";
/** The free text of a multichoice 'Other' answer travels under `{name}::other`. */
export const OTHER_SUFFIX = "::other";
export const OTHER_VALUE = "__other__";
export const MAX_VALUE_LENGTH = 1000;

const DEFAULT_LABEL_LIST: string[] = Object.values(DEFAULT_FIELD_LABELS);

/** §3.5: the French (or English) labels of the four default fields back to their English keys. */
export function canonicalKey(key: string): string {
  for (const english of DEFAULT_LABEL_LIST) {
    const fr = frTexts.labels[english as keyof typeof frTexts.labels];
    if (key === english || key === fr) return english;
  }
  return key;
}

function presetOf(element: FormElement): string {
  const options = element.options ?? [];
  const checked = element.isCheckedIndex;
  const indexes = Array.isArray(checked) ? checked : typeof checked === "number" ? [checked] : [];
  const values = indexes.filter((i) => i >= 0 && i < options.length).map((i) => options[i].value);
  if (values.length > 0) return values.join(",");
  return element.placeholder ?? "";
}

function nameOf(element: FormElement, kind: FieldKind): string {
  switch (kind) {
    case "firstName":
      return DEFAULT_FIELD_LABELS.firstName;
    case "lastName":
      return DEFAULT_FIELD_LABELS.lastName;
    case "phone":
      return DEFAULT_FIELD_LABELS.phone;
    case "email":
      return DEFAULT_FIELD_LABELS.email;
    case "contact-attribute":
      return `${CONTACT_ATTRIBUTE_PREFIX}${element.attributeId}`;
    case "contact-product-attribute":
      return `${PRODUCT_ATTRIBUTE_PREFIX}${element.attributeId}${PRODUCT_ATTRIBUTE_SEPARATOR}${element.product}`;
    case "product":
      return PRODUCT_KEY;
    case "plain":
      return `field.${element.id}`;
  }
}

/** The fields a visitor answers, in page order, with their keys and rules. */
export function publicFields(elements: FormElement[], language: FormLanguage): PublicField[] {
  const defaults = defaultFieldElements(elements);
  const texts = publicTexts(language);
  const fields: PublicField[] = [];
  for (const element of elements) {
    if (!ANSWER_TYPES.includes(element.type)) continue;
    let kind: FieldKind;
    if (element === defaults.firstName) kind = "firstName";
    else if (element === defaults.lastName) kind = "lastName";
    else if (element === defaults.phone) kind = "phone";
    else if (element === defaults.email) kind = "email";
    else if (
      element.type === "default-input" &&
      element.htmlType === "email" &&
      !defaults.email &&
      !element.attributeId
    )
      kind = "email";
    else if (element.attributeType === "contact-attribute" && element.attributeId) kind = "contact-attribute";
    else if (element.attributeType === "contact-product-attribute" && element.attributeId && element.product)
      kind = "contact-product-attribute";
    else if (element.attributeType === "product") kind = "product";
    else kind = "plain";
    const stored = element.label ?? "";
    const translated =
      kind === "firstName" || kind === "lastName" || kind === "phone" || kind === "email"
        ? (ownEntry(texts.labels, stored) ?? stored)
        : stored;
    // §5.3: a default-input email is always required; default-email only when isRequired.
    const required =
      element.type === "default-input" && element.htmlType === "email" ? true : Boolean(element.isRequired);
    fields.push({
      element,
      name: nameOf(element, kind),
      kind,
      label: translated,
      required,
      hidden: Boolean(element.isHidden),
      presetValue: presetOf(element),
      multiple: element.type === "multiselect-dropdown",
    });
  }
  return fields;
}

export function fieldInputType(field: PublicField): "text" | "tel" | "email" | "url" | "number" {
  if (field.kind === "phone" || field.element.htmlType === "tel") return "tel";
  if (field.kind === "email" || field.element.htmlType === "email") return "email";
  if (field.element.htmlType === "url") return "url";
  if (field.element.htmlType === "number") return "number";
  return "text";
}

const NUMBER_PATTERN = /^[+-]?\d+(?:[.,]\d+)?$/;
const URL_PATTERN = /^(?:(?:https?|ftp):\/\/|www\.)[^\s/$.?#][^\s]*\.[^\s]{2,}$/i;

/**
 * §5.3 for one field. `value` is the submitted text (several choices joined by commas). Returns the
 * message in the form's language, or null when the value is fine. Hidden fields are never wrong.
 */
export function fieldError(field: PublicField, value: string, language: FormLanguage): string | null {
  if (field.hidden) return null;
  const texts = publicTexts(language).errors;
  const trimmed = value.trim();
  const type = field.element.type;
  if (!trimmed) {
    if (!field.required) return null;
    if (type === "dropdown" || type === "multiselect-dropdown") return texts.select;
    if (type === "multichoice") return texts.pick;
    return texts.required.replace("{{label}}", field.label.toLowerCase());
  }
  if (trimmed.length > MAX_VALUE_LENGTH) return texts.attributeInvalid;
  if (type === "dropdown" || type === "multiselect-dropdown" || type === "multichoice") return null;
  switch (fieldInputType(field)) {
    case "tel":
      return PHONE_PATTERN.test(trimmed) ? null : texts.phone;
    case "email":
      return CONTACT_EMAIL_PATTERN.test(trimmed) ? null : texts.email;
    case "number":
      return NUMBER_PATTERN.test(trimmed) ? null : texts.number;
    case "url":
      return URL_PATTERN.test(trimmed) ? null : texts.url;
    default:
      return null;
  }
}

/** What the visitor sent, key by key: repeated keys (multiselect, several products) joined by commas. */
export type SubmittedValues = Record<string, string>;

export function submittedValues(entries: Iterable<[string, FormDataEntryValue]>): SubmittedValues {
  const grouped = new Map<string, string[]>();
  for (const [rawKey, value] of entries) {
    if (typeof value !== "string") continue;
    const key = canonicalKey(rawKey);
    grouped.set(key, [...(grouped.get(key) ?? []), value]);
  }
  return Object.fromEntries([...grouped].map(([key, list]) => [key, list.filter((v) => v !== "").join(",")]));
}

export type CheckedSubmission = {
  /** Every answered field by key (hidden ones with their preset), 'Other' answers resolved. */
  values: SubmittedValues;
  errors: Record<string, string>;
};

/**
 * The answers of a submission checked against the form: hidden fields take their preset whatever
 * was posted, choice fields keep only values the form offers, and §5.3 gives each field's message.
 */
export function checkSubmission(
  fields: PublicField[],
  posted: SubmittedValues,
  language: FormLanguage,
): CheckedSubmission {
  const values: SubmittedValues = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    let value = field.hidden ? field.presetValue : (ownEntry(posted, field.name) ?? "");
    const options = field.element.options;
    if (
      !field.hidden &&
      options &&
      ["dropdown", "multiselect-dropdown", "multichoice"].includes(field.element.type)
    ) {
      const allowed = new Set(options.map((o) => o.value));
      const chosen = value
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean);
      const resolved = chosen.flatMap((v) => {
        if (v === OTHER_VALUE && field.element.isOther) {
          const other = (ownEntry(posted, `${field.name}${OTHER_SUFFIX}`) ?? "").trim();
          return other ? [other] : [];
        }
        return allowed.has(v) ? [v] : [];
      });
      value = (field.multiple ? resolved : resolved.slice(0, 1)).join(",");
    }
    const error = fieldError(field, value, language);
    if (error) errors[field.name] = error;
    if (value.trim()) values[field.name] = value.trim();
  }
  return { values, errors };
}

/** §3.5 keys turned into what the submission writes. */
export type MappedSubmission = {
  contact: { firstName: string; lastName: string; phone: string; email: string };
  /** attributeId -> value */
  contactAttributes: Record<string, string>;
  /** productId -> (attributeId -> value) */
  productAttributes: Record<string, Record<string, string>>;
  /** Products to link: chosen in the product field, preset by ?productId=, or carrying attributes. */
  productIds: string[];
};

export function mapSubmission(values: SubmittedValues, presetProductId?: string | null): MappedSubmission {
  const mapped: MappedSubmission = {
    contact: {
      firstName: values[DEFAULT_FIELD_LABELS.firstName] ?? "",
      lastName: values[DEFAULT_FIELD_LABELS.lastName] ?? "",
      phone: values[DEFAULT_FIELD_LABELS.phone] ?? "",
      email: values[DEFAULT_FIELD_LABELS.email] ?? "",
    },
    contactAttributes: {},
    productAttributes: {},
    productIds: [],
  };
  const products = new Set<string>();
  for (const [key, value] of Object.entries(values)) {
    if (key.startsWith(CONTACT_ATTRIBUTE_PREFIX)) {
      mapped.contactAttributes[key.slice(CONTACT_ATTRIBUTE_PREFIX.length)] = value;
    } else if (key.startsWith(PRODUCT_ATTRIBUTE_PREFIX)) {
      const [attributeId, productId] = key
        .slice(PRODUCT_ATTRIBUTE_PREFIX.length)
        .split(PRODUCT_ATTRIBUTE_SEPARATOR);
      if (!attributeId || !productId) continue;
      mapped.productAttributes[productId] = {
        ...ownEntry(mapped.productAttributes, productId),
        [attributeId]: value,
      };
      products.add(productId);
    } else if (key === PRODUCT_KEY) {
      for (const id of value.split(",")) if (id.trim()) products.add(id.trim());
    }
  }
  if (presetProductId) products.add(presetProductId);
  mapped.productIds = [...products];
  return mapped;
}
