import { FIXED_LEADING_COUNT, FIXED_TRAILING_COUNT, type FormElement } from "./form-document";

/**
 * Fixed and custom elements of a form (spec 3 §2.2): the first 7 and the last 4 never move; custom
 * fields sit between. (The builder moves, adds and deletes custom fields with app/ui/forms/element-order.ts.)
 */

function leadingElements(elements: FormElement[]): FormElement[] {
  return elements.slice(0, FIXED_LEADING_COUNT);
}

/** Where the fixed tail of a form of `length` elements starts: just after its last custom field. */
export function fixedTrailingStart(length: number): number {
  return Math.max(FIXED_LEADING_COUNT, length - FIXED_TRAILING_COUNT);
}

function trailingElements(elements: FormElement[]): FormElement[] {
  return elements.slice(fixedTrailingStart(elements.length));
}

/** The same form with its custom fields replaced (fixed ends kept). */
export function withCustomElements(elements: FormElement[], custom: FormElement[]): FormElement[] {
  return [...leadingElements(elements), ...custom, ...trailingElements(elements)];
}

/** Element kinds of the default fields, by position, for code that needs "the phone field" etc. */
export function defaultFieldElements(elements: FormElement[]) {
  const lead = leadingElements(elements);
  return {
    image: lead.find((e) => e.type === "image"),
    heading: lead.find((e) => e.type === "heading"),
    subHeading: lead.find((e) => e.type === "sub-heading"),
    firstName: lead.filter((e) => e.type === "default-input")[0],
    lastName: lead.filter((e) => e.type === "default-input")[1],
    phone: lead.find((e) => e.type === "default-input" && e.htmlType === "tel"),
    email: lead.find((e) => e.type === "default-email"),
    button: elements.find((e) => e.type === "button"),
    consent: elements.find((e) => e.type === "Consent-text"),
    copyright: elements.find((e) => e.type === "copyright"),
    companyText: elements.find((e) => e.type === "company-text"),
  };
}
