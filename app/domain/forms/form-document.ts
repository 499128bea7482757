import { z } from "zod";
import { multiLine, singleLine } from "~/domain/kernel/plain-text";

/**
 * The saved shape of a sign-up form (spec 3 §3.1–3.4): its element list and its style, shared by the
 * builder (which edits them), the domain (which checks them on every write) and the public page
 * (which renders them). Everything that ends up in CSS is a number or a checked colour/size string,
 * so a stored document cannot inject CSS or markup into the public page.
 */

// ---------------------------------------------------------------------------------------------
// Templates and constants (§2.1, §2.2, §9)

/** The two layouts the list shows and the builder offers (Basic Template, Basic Template 2). */
export const TEMPLATE_NAMES = ["TWO_COLUMN_LEFT_FORM", "TWO_COLUMN_RIGHT_FORM"] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];
export const DEFAULT_TEMPLATE_NAME: TemplateName = "TWO_COLUMN_LEFT_FORM";

export const FORM_LANGUAGES = ["en", "fr"] as const;
export type FormLanguage = (typeof FORM_LANGUAGES)[number];

export const FORM_LIST_LIMIT = 999;
/** Font size and border width choices, px (§9). */
export const FONT_SIZE_MIN = 0;
export const FONT_SIZE_MAX = 39;
export const LOGO_MAX_PX = 300;
export const DEFAULT_LOGO_HEIGHT_PX = 30;
/** The form column and the company-text column, out of 24 (§2.3, §9). */
export const FORM_COLUMN_SPAN = 14;
export const COMPANY_COLUMN_SPAN = 10;

/** Font families (§9): the value stored, and the CSS stack the public page uses. */
export const FONT_FAMILIES = ["Lato", "Roboto"] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];
export const FONT_STACKS: Record<FontFamily, string> = {
  Lato: "Lato, Arial, sans-serif",
  Roboto: "Roboto, Arial, sans-serif",
};
/** Weight choices (§9): Semi B (500), Bold (700), Italic (400 italic); 400 normal is the plain text. */
export const FONT_WEIGHTS = ["400", "500", "700"] as const;
export const FONT_STYLES = ["normal", "italic"] as const;
export const FONT_WEIGHT_CHOICES = [
  { label: "Semi B", fontWeight: "500", fontStyle: "normal" },
  { label: "Bold", fontWeight: "700", fontStyle: "normal" },
  { label: "Italic", fontWeight: "400", fontStyle: "italic" },
] as const;

export const DEFAULT_SUCCESS_MESSAGE = "Congrats and we can't wait for your journey to start!";
export const DEFAULT_PAGE_TITLE = "Untitled Form";
export const DEFAULT_FORM_NAME = "Write Your Form Title Here...";
export const DEFAULT_HIDING_DAYS = 1;
/** Replaced by the company's name wherever it appears in a text element (consent text first of all). */
export const COMPANY_PLACEHOLDER = "{{COMPANY}}";

// ---------------------------------------------------------------------------------------------
// Style (§3.2)

const hexColor = z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/);
const px = z.number().int().min(FONT_SIZE_MIN).max(FONT_SIZE_MAX);
/** A CSS size for the background image: '100%', '640px' or 'auto'. */
const cssSize = z.string().regex(/^(?:auto|\d{1,4}(?:\.\d{1,2})?(?:%|px))$/);
/** Uploaded images: our storage's URLs (absolute http(s) or a path of this site); empty = none. */
export const imageUrlSchema = z
  .string()
  .max(2048)
  .regex(/^(?:$|https?:\/\/[^\s"'()<>\\]+$|\/[^\s"'()<>\\]*$)/);

export const textStyleSchema = z.object({
  fontFamily: z.enum(FONT_FAMILIES),
  fontSize: px,
  fontStyle: z.enum(FONT_STYLES),
  fontWeight: z.enum(FONT_WEIGHTS),
  color: hexColor,
});
export type TextStyle = z.infer<typeof textStyleSchema>;

export const formStyleSchema = z.object({
  micrositeName: singleLine(z.string().max(200)),
  micrositePageTitle: singleLine(z.string().max(200)),
  themeStyle: z.object({
    backgroundColor: hexColor,
    secondaryBackgroundColor: hexColor,
    backgroundImageUrl: imageUrlSchema,
    backgroundWidth: cssSize,
    backgroundHeight: cssSize,
  }),
  logoUrl: imageUrlSchema,
  /** px, 1 to 300 (§5.2: empty or ≤ 0 becomes 30, above 300 becomes 300). */
  logoHeight: z.number().int().min(1).max(LOGO_MAX_PX),
  /** px, 1 to 300; null is 'auto' (§5.2: empty or ≤ 0 becomes auto). */
  logoWidth: z.number().int().min(1).max(LOGO_MAX_PX).nullable(),
  headingStyle: textStyleSchema,
  subHeadingStyle: textStyleSchema,
  textStyle: textStyleSchema,
  questionStyle: textStyleSchema,
  answerStyle: textStyleSchema,
  descriptionStyle: textStyleSchema,
  companyTextStyle: textStyleSchema,
  fieldStyle: z.object({
    backgroundColor: hexColor,
    borderWidth: px,
    borderStyle: z.enum(["solid", "dashed", "dotted", "double", "none"]),
    borderColor: hexColor,
    borderRadius: z.number().int().min(0).max(99),
  }),
  buttonStyle: textStyleSchema.extend({
    backgroundColor: hexColor,
    /** px */
    height: z.number().int().min(20).max(120),
    borderColor: hexColor,
  }),
  errorMessageColor: hexColor,
  successMessage: multiLine(z.string().max(1000)),
  formLanguage: z.enum(FORM_LANGUAGES),
  // Spelling kept from the original documents (§3.2).
  permenantHideOnSubmit: z.boolean(),
  temporaryHideOnPopupClose: z.boolean(),
  /** Days the pop-up stays hidden after a close, ≥ 1 (§5.2); used when temporaryHideOnPopupClose. */
  numberOfHidingDays: z.number().int().min(1).max(3650),
});
export type FormStyle = z.infer<typeof formStyleSchema>;

// ---------------------------------------------------------------------------------------------
// Elements (§3.3)

export const ELEMENT_TYPES = [
  "image",
  "heading",
  "sub-heading",
  "default-input",
  "default-email",
  "input",
  "dropdown",
  "multiselect-dropdown",
  "multichoice",
  "button",
  "text",
  "Consent-text",
  "copyright",
  "company-text",
] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];
/** Answer types (§5.1): Any (text), Number, Email, URL; tel is the default phone field's. */
export const HTML_TYPES = ["text", "number", "email", "url", "tel"] as const;
export type HtmlType = (typeof HTML_TYPES)[number];
export const ATTRIBUTE_TYPES = ["contact-attribute", "product", "contact-product-attribute"] as const;
export type ElementAttributeType = (typeof ATTRIBUTE_TYPES)[number];
/** The element types a visitor answers (they carry a value on submit). */
export const ANSWER_TYPES: readonly ElementType[] = [
  "default-input",
  "default-email",
  "input",
  "dropdown",
  "multiselect-dropdown",
  "multichoice",
];

// Every text refuses control characters and U+2028/U+2029 (plain-text.ts); longer texts keep their lines.
const shortText = singleLine(z.string().max(500));
const optionSchema = z.object({
  label: singleLine(z.string().max(200)),
  value: singleLine(z.string().max(200)),
});
export type ElementOption = z.infer<typeof optionSchema>;

export const formElementSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  type: z.enum(ELEMENT_TYPES),
  htmlType: z.enum(HTML_TYPES).optional(),
  label: shortText.optional(),
  placeholder: shortText.optional(),
  description: multiLine(z.string().max(2000)).optional(),
  isRequired: z.boolean().optional(),
  /** Hidden fields are not shown and are submitted with their preset option or placeholder (§3.5). */
  isHidden: z.boolean().optional(),
  attributeType: z.enum(ATTRIBUTE_TYPES).optional(),
  /** Our attributes.id (a contact or product attribute) for attribute fields. */
  attributeId: z.string().max(64).optional(),
  /** Our products.id, for contact-product attribute fields. */
  product: z.string().max(64).optional(),
  options: z.array(optionSchema).max(200).optional(),
  /** The preset option(s) (index into options) of hidden dropdowns / multichoice; -1 or absent: none. */
  isCheckedIndex: z
    .union([z.number().int(), z.array(z.number().int()).max(200)])
    .nullable()
    .optional(),
  /** Multichoice offers an 'Other' answer with a free text. */
  isOther: z.boolean().optional(),
  styleRadioValue: z.enum(["Radio", "Tags"]).optional(),
  multichoiceLayout: z.enum(["vertical", "horizontal"]).optional(),
  headingText: multiLine(z.string().max(1000)).optional(),
  /**
   * Rich text of text, Consent-text, copyright and company-text elements: HTML limited to p, br,
   * strong/b, em/i, u, s, ul, ol, li, span, h1-h4 and a (http, https, ftp or mailto hrefs). Anything
   * else is dropped when the public page renders it. {{COMPANY}} is replaced by the company's name.
   */
  textValue: multiLine(z.string().max(20_000)).optional(),
  buttonText: singleLine(z.string().max(200)).optional(),
  /** Image element source (an uploaded image URL); empty: the form's logo is used. */
  src: imageUrlSchema.optional(),
  /** Per-element alignment, the only per-element style the public page honours. */
  style: z.object({ textAlign: z.enum(["left", "center", "right"]).optional() }).optional(),
});
export type FormElement = z.infer<typeof formElementSchema>;

export const FIXED_LEADING_COUNT = 7;
export const FIXED_TRAILING_COUNT = 4;
export const MAX_ELEMENTS = 100;

export const formElementsSchema = z.array(formElementSchema).max(MAX_ELEMENTS);

/** What the builder saves (create and update share it; disabled is set by setPublished / publish). */
export const formDocumentSchema = z.object({
  templateName: z.enum(TEMPLATE_NAMES),
  elements: formElementsSchema,
  style: formStyleSchema,
});
export type FormDocument = z.infer<typeof formDocumentSchema>;

// ---------------------------------------------------------------------------------------------
// Defaults (§3.4, §9)

function textStyle(fontSize: number, overrides: Partial<TextStyle> = {}): TextStyle {
  return {
    fontFamily: "Lato",
    fontSize,
    fontStyle: "normal",
    fontWeight: "400",
    color: "#000000",
    ...overrides,
  };
}

/** Typography only (Reset Typography restores these). */
export function defaultTypography(): Pick<
  FormStyle,
  | "headingStyle"
  | "subHeadingStyle"
  | "textStyle"
  | "questionStyle"
  | "answerStyle"
  | "descriptionStyle"
  | "companyTextStyle"
  | "buttonStyle"
> {
  return {
    headingStyle: textStyle(23, { fontWeight: "700" }),
    subHeadingStyle: textStyle(18, { fontWeight: "500" }),
    textStyle: textStyle(14),
    questionStyle: textStyle(17, { fontWeight: "500" }),
    answerStyle: textStyle(14),
    descriptionStyle: textStyle(16),
    companyTextStyle: textStyle(16),
    buttonStyle: {
      ...textStyle(16, { fontWeight: "700", color: "#ffffff" }),
      backgroundColor: "#000000",
      height: 40,
      borderColor: "#000000",
    },
  };
}

export function defaultFormStyle(): FormStyle {
  return {
    micrositeName: DEFAULT_FORM_NAME,
    micrositePageTitle: DEFAULT_PAGE_TITLE,
    themeStyle: {
      backgroundColor: "#CDE1F3",
      secondaryBackgroundColor: "#ffffff",
      backgroundImageUrl: "",
      backgroundWidth: "100%",
      backgroundHeight: "100%",
    },
    logoUrl: "",
    logoHeight: DEFAULT_LOGO_HEIGHT_PX,
    logoWidth: null,
    ...defaultTypography(),
    fieldStyle: {
      backgroundColor: "#ffffff",
      borderWidth: 1,
      borderStyle: "solid",
      borderColor: "#000000",
      borderRadius: 7,
    },
    errorMessageColor: "#ff0000",
    successMessage: DEFAULT_SUCCESS_MESSAGE,
    formLanguage: "en",
    permenantHideOnSubmit: false,
    temporaryHideOnPopupClose: false,
    numberOfHidingDays: DEFAULT_HIDING_DAYS,
  };
}

/** The labels of the four default fields, as stored (English); the public page translates them (§3.5). */
export const DEFAULT_FIELD_LABELS = {
  firstName: "First Name",
  lastName: "Last Name",
  phone: "Phone No.",
  email: "Email",
} as const;

export const DEFAULT_CONSENT_TEXT =
  "<p>By submitting this form, you agree to receive recurring automated marketing text messages from {{COMPANY}} at the phone number provided. Consent is not a condition of purchase. Message frequency varies. Msg &amp; data rates may apply. Reply HELP for help and STOP to unsubscribe.</p>";

/** The 11 default elements (§3.4): 7 fixed leading, 4 fixed trailing, no custom field yet. */
export function defaultFormElements(): FormElement[] {
  return [
    { id: "image", type: "image", src: "", style: { textAlign: "center" } },
    { id: "heading", type: "heading", headingText: "Let's get started!", style: { textAlign: "center" } },
    {
      id: "sub-heading",
      type: "sub-heading",
      headingText: "Sign up to get text message updates from us.",
      style: { textAlign: "center" },
    },
    {
      id: "first-name",
      type: "default-input",
      htmlType: "text",
      label: DEFAULT_FIELD_LABELS.firstName,
      placeholder: DEFAULT_FIELD_LABELS.firstName,
      isRequired: true,
    },
    {
      id: "last-name",
      type: "default-input",
      htmlType: "text",
      label: DEFAULT_FIELD_LABELS.lastName,
      placeholder: DEFAULT_FIELD_LABELS.lastName,
      isRequired: true,
    },
    {
      id: "phone",
      type: "default-input",
      htmlType: "tel",
      label: DEFAULT_FIELD_LABELS.phone,
      placeholder: "+1 201 555 0123",
      isRequired: true,
    },
    {
      id: "email",
      type: "default-email",
      htmlType: "email",
      label: DEFAULT_FIELD_LABELS.email,
      placeholder: DEFAULT_FIELD_LABELS.email,
      isRequired: false,
    },
    { id: "button", type: "button", buttonText: "Send" },
    { id: "consent-text", type: "Consent-text", textValue: DEFAULT_CONSENT_TEXT },
    { id: "copyright", type: "copyright", textValue: "<p>© {{COMPANY}}. All rights reserved.</p>" },
    {
      id: "company-text",
      type: "company-text",
      textValue:
        "<p>Tell your customers about {{COMPANY}} here: what you offer and why they should sign up.</p>",
    },
  ];
}

export function defaultFormDocument(): FormDocument {
  return { templateName: DEFAULT_TEMPLATE_NAME, elements: defaultFormElements(), style: defaultFormStyle() };
}
