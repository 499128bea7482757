import { z } from "zod";
import { multiLine, singleLine } from "~/domain/kernel/plain-text";

// The builder's field form (spec 3 section 5.1). Messages are i18n keys (app/i18n/*/forms.ts), the
// English texts the spec's word for word. Used in the browser as the field panel's check; the saved
// document is checked again on the server by the contract's schema.

export const FIELD_KINDS = ["contact-attribute", "product", "contact-product-attribute"] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];
export const FIELD_TYPES = ["input", "dropdown", "multiselect-dropdown", "multichoice"] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** The answer types of a text input (spec: Any, Number, Email, URL), plus the phone type of 3.3. */
export const ANSWER_TYPES = ["text", "number", "email", "url", "tel"] as const;

const m = {
  product: "forms.validation.selectProduct",
  attribute: "forms.validation.selectValue",
  label: "forms.validation.enterLabel",
  placeholder: "forms.validation.enterPlaceholder",
  value: "forms.validation.enterValue",
  inputType: "forms.validation.selectInputType",
  oneProduct: "forms.validation.oneProduct",
  url: "forms.validation.invalidUrl",
} as const;

const text = (message: string) => singleLine(z.string({ error: message }).trim().min(1, message));

export const fieldDraftSchema = z
  .object({
    id: z.string().min(1),
    attributeType: z.enum(FIELD_KINDS),
    type: z.enum(FIELD_TYPES),
    htmlType: z.string().optional(),
    label: text(m.label),
    placeholder: singleLine().optional(),
    description: multiLine().optional(),
    isRequired: z.boolean().optional(),
    isHidden: z.boolean().optional(),
    attributeId: z.string().optional(),
    product: z.string().optional(),
    options: z.array(z.object({ label: text(m.value), value: text(m.value) })).optional(),
    styleRadioValue: z.enum(["Radio", "Tags"]).optional(),
  })
  .superRefine((field, ctx) => {
    if (field.attributeType === "contact-product-attribute" && !field.product)
      ctx.addIssue({ code: "custom", path: ["product"], message: m.product });
    if (field.attributeType !== "product" && !field.attributeId)
      ctx.addIssue({ code: "custom", path: ["attributeId"], message: m.attribute });
    if ((field.type === "input" || field.type === "dropdown") && !field.placeholder?.trim())
      ctx.addIssue({ code: "custom", path: ["placeholder"], message: m.placeholder });
    if (field.type === "input" && !ANSWER_TYPES.includes(field.htmlType as never))
      ctx.addIssue({ code: "custom", path: ["htmlType"], message: m.inputType });
    if (field.type !== "input" && (field.options ?? []).length === 0)
      ctx.addIssue({ code: "custom", path: ["options", 0, "label"], message: m.value });
  });

export type FieldDraft = z.input<typeof fieldDraftSchema>;

/** The field's errors by path ("label", "options.0.value"), as i18n keys. */
export function fieldErrors(
  field: FieldDraft,
  others: readonly { id: string; attributeType?: string; type: string }[],
) {
  const errors: Record<string, string> = {};
  const parsed = fieldDraftSchema.safeParse(field);
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path.join(".")] ??= issue.message;
  if (isProductDropdown(field) && others.some((o) => o.id !== field.id && isProductDropdown(o)))
    errors.type ??= m.oneProduct;
  return errors;
}

/** A product field: the one kind of which a form may hold only one (spec 5.1). */
export function isProductDropdown(field: { attributeType?: string; type: string }) {
  return field.attributeType === "product";
}

/** Links in rich texts: an http, https or ftp address (spec 5.1). */
export const RICH_LINK = /^(https?|ftp):\/\/[^\s/$.?#].[^\s]*$/i;

export function linkError(url: string) {
  return RICH_LINK.test(url.trim()) ? null : m.url;
}

/** Builder image uploads: png only (spec 5.1); the message names the file. */
export function pngError(file: { name: string; type: string }) {
  return file.type === "image/png" && /\.png$/i.test(file.name) ? null : "forms.validation.notPng";
}
