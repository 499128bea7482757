import { ownEntry } from "~/domain/kernel/own-entry";
import {
  COMPANY_COLUMN_SPAN,
  FONT_STACKS,
  FORM_COLUMN_SPAN,
  type FormElement,
  type FormLanguage,
  type FormStyle,
  type TemplateName,
  type TextStyle,
} from "./form-document";
import { fieldInputType, OTHER_SUFFIX, OTHER_VALUE, type PublicField, publicTexts } from "./public-fields";
import { escapeHtml, sanitizeRichText, withCompany } from "./rich-text";

/**
 * A form document as HTML: the public page's body, and (client-safe) the builder's preview. Plain
 * strings, no React: the public page ships no framework, and the same markup works without script.
 * Every style value was checked by formStyleSchema (numbers, hex colours), so it goes into CSS as is.
 */

export type RenderInput = {
  templateName: TemplateName;
  elements: FormElement[];
  style: FormStyle;
  companyName: string;
  language: FormLanguage;
  fields: PublicField[];
  /** Answers to show again (a post without script that had errors). */
  values?: Record<string, string>;
  errors?: Record<string, string>;
  /** The markup of the captcha widget, put before the submit button. */
  captchaHtml?: string;
  /** A message shown above the button (captcha failed, something went wrong). */
  formMessage?: string;
};

function font(s: TextStyle): string {
  return `font-family:${FONT_STACKS[s.fontFamily] ?? FONT_STACKS.Lato};font-size:${s.fontSize}px;font-style:${s.fontStyle};font-weight:${s.fontWeight};color:${s.color}`;
}

/** The form's own rules, scoped to .bf (one <style> block). */
export function formStyleCss(style: FormStyle): string {
  const t = style.themeStyle;
  const f = style.fieldStyle;
  const b = style.buttonStyle;
  const background = t.backgroundImageUrl
    ? `background:${t.backgroundColor} url("${encodeURI(t.backgroundImageUrl)}") center/${t.backgroundWidth} ${t.backgroundHeight} no-repeat`
    : `background:${t.backgroundColor}`;
  return [
    `.bf{${background}}`,
    `.bf-card{background:${t.secondaryBackgroundColor}}`,
    `.bf-heading{${font(style.headingStyle)}}`,
    `.bf-subheading{${font(style.subHeadingStyle)}}`,
    `.bf-text{${font(style.textStyle)}}`,
    `.bf-question{${font(style.questionStyle)}}`,
    `.bf-input,.bf-choice{${font(style.answerStyle)}}`,
    `.bf-description{${font(style.descriptionStyle)}}`,
    `.bf-company{${font(style.companyTextStyle)}}`,
    `.bf-input{background:${f.backgroundColor};border:${f.borderWidth}px ${f.borderStyle} ${f.borderColor};border-radius:${f.borderRadius}px}`,
    `.bf-tag span{border:${f.borderWidth}px ${f.borderStyle} ${f.borderColor};border-radius:${f.borderRadius}px}`,
    `.bf-button{${font(b)};background:${b.backgroundColor};border:1px solid ${b.borderColor};min-height:${b.height}px;border-radius:${f.borderRadius}px}`,
    `.bf-error,.bf-message{color:${style.errorMessageColor}}`,
    `.bf-logo{height:${style.logoHeight}px;width:${style.logoWidth ? `${style.logoWidth}px` : "auto"}}`,
  ].join("\n");
}

const attr = escapeHtml;

function align(element: FormElement): string {
  const value = element.style?.textAlign;
  return value ? ` style="text-align:${value}"` : "";
}

function rich(html: string | undefined, company: string): string {
  return withCompany(sanitizeRichText(html ?? ""), company, true);
}

function errorSlot(field: PublicField, errors: Record<string, string>): string {
  const message = ownEntry(errors, field.name);
  return `<p class="bf-error" id="${attr(errorId(field))}" data-error-for="${attr(field.name)}"${message ? "" : " hidden"}>${message ? escapeHtml(message) : ""}</p>`;
}

function errorId(field: PublicField) {
  return `err-${field.element.id}`;
}

/** §5.3 messages the page's script shows before posting (the server says the same). */
function ruleData(field: PublicField, language: FormLanguage): string {
  const texts = publicTexts(language).errors;
  const type = field.element.type;
  const required =
    type === "dropdown" || type === "multiselect-dropdown"
      ? texts.select
      : type === "multichoice"
        ? texts.pick
        : texts.required.replace("{{label}}", field.label.toLowerCase());
  const kind = fieldInputType(field);
  const pattern =
    kind === "tel"
      ? texts.phone
      : kind === "email"
        ? texts.email
        : kind === "number"
          ? texts.number
          : kind === "url"
            ? texts.url
            : "";
  return ` data-field="${attr(field.name)}" data-kind="${kind}"${field.required ? ` data-required="${attr(required)}"` : ""}${pattern ? ` data-invalid="${attr(pattern)}"` : ""}`;
}

/** A default field's placeholder that is its English label reads in the form's language too. */
function placeholderOf(field: PublicField, language: FormLanguage): string {
  const placeholder = field.element.placeholder ?? "";
  const labels = publicTexts(language).labels;
  return ownEntry(labels, placeholder) ?? placeholder;
}

function renderField(field: PublicField, input: RenderInput): string {
  const { element } = field;
  const values = input.values ?? {};
  const errors = input.errors ?? {};
  if (field.hidden)
    return `<input type="hidden" name="${attr(field.name)}" value="${attr(field.presetValue)}">`;
  const id = `f-${element.id}`;
  const value = ownEntry(values, field.name) ?? "";
  const describedBy = ` aria-describedby="${attr(errorId(field))}"`;
  const invalid = ownEntry(errors, field.name) ? ' aria-invalid="true"' : "";
  const required = field.required ? " required" : "";
  const star = field.required ? '<span class="bf-star" aria-hidden="true">*</span>' : "";
  const description = element.description
    ? `<p class="bf-description">${escapeHtml(element.description)}</p>`
    : "";
  const options = element.options ?? [];
  const chosen = new Set(value.split(","));
  let control: string;
  if (element.type === "dropdown") {
    const placeholder = element.placeholder || publicTexts(input.language).selectPlaceholder;
    control = `<select class="bf-input" id="${id}" name="${attr(field.name)}"${required}${describedBy}${invalid}><option value="">${escapeHtml(placeholder)}</option>${options
      .map(
        (o) =>
          `<option value="${attr(o.value)}"${chosen.has(o.value) ? " selected" : ""}>${escapeHtml(o.label)}</option>`,
      )
      .join("")}</select>`;
  } else if (element.type === "multiselect-dropdown" || element.type === "multichoice") {
    const multiple = element.type === "multiselect-dropdown";
    const tags = element.styleRadioValue === "Tags" ? " bf-tags" : "";
    const layout = element.multichoiceLayout === "horizontal" || tags ? " bf-row" : "";
    const inputType = multiple ? "checkbox" : "radio";
    const items = options.map(
      (o) =>
        `<label class="bf-choice${tags ? " bf-tag" : ""}"><input type="${inputType}" name="${attr(field.name)}" value="${attr(o.value)}"${chosen.has(o.value) ? " checked" : ""}><span>${escapeHtml(o.label)}</span></label>`,
    );
    if (element.isOther && !multiple) {
      const texts = publicTexts(input.language);
      items.push(
        `<label class="bf-choice${tags ? " bf-tag" : ""}"><input type="radio" name="${attr(field.name)}" value="${OTHER_VALUE}"${chosen.has(OTHER_VALUE) ? " checked" : ""}><span>${escapeHtml(texts.other)}</span></label>`,
        `<input class="bf-input bf-other" name="${attr(field.name + OTHER_SUFFIX)}" placeholder="${attr(texts.otherPlaceholder)}" aria-label="${attr(texts.other)}" value="${attr(ownEntry(values, field.name + OTHER_SUFFIX) ?? "")}">`,
      );
    }
    control = `<div class="bf-choices${layout}${tags}" role="${multiple ? "group" : "radiogroup"}" aria-labelledby="${id}-label"${describedBy}>${items.join("")}</div>`;
    return `<fieldset class="bf-field"${ruleData(field, input.language)}><legend class="bf-question" id="${id}-label">${escapeHtml(field.label)}${star}</legend>${description}${control}${errorSlot(field, errors)}</fieldset>`;
  } else {
    const type = fieldInputType(field);
    const mode = type === "number" ? ' inputmode="decimal"' : "";
    const htmlType = type === "number" ? "text" : type;
    const autocomplete =
      field.kind === "firstName"
        ? "given-name"
        : field.kind === "lastName"
          ? "family-name"
          : field.kind === "phone"
            ? "tel"
            : field.kind === "email"
              ? "email"
              : "off";
    control = `<input class="bf-input" id="${id}" type="${htmlType}" name="${attr(field.name)}" value="${attr(value)}" placeholder="${attr(placeholderOf(field, input.language))}" autocomplete="${autocomplete}" maxlength="1000"${mode}${required}${describedBy}${invalid}>`;
  }
  return `<div class="bf-field"${ruleData(field, input.language)}><label class="bf-question" for="${id}" id="${id}-label">${escapeHtml(field.label)}${star}</label>${description}${control}${errorSlot(field, errors)}</div>`;
}

function renderElement(
  element: FormElement,
  input: RenderInput,
  fieldByElement: Map<FormElement, PublicField>,
): string {
  const company = input.companyName;
  switch (element.type) {
    case "image": {
      const src = element.src || input.style.logoUrl;
      return src
        ? `<div class="bf-image"${align(element)}><img class="bf-logo" src="${attr(src)}" alt="${attr(company)}"></div>`
        : "";
    }
    case "heading":
      return `<h1 class="bf-heading"${align(element)}>${escapeHtml(withCompany(element.headingText ?? "", company))}</h1>`;
    case "sub-heading":
      return `<p class="bf-subheading"${align(element)}>${escapeHtml(withCompany(element.headingText ?? "", company))}</p>`;
    case "button":
      return `${input.captchaHtml ?? ""}<p class="bf-message" role="alert"${input.formMessage ? "" : " hidden"}>${escapeHtml(input.formMessage ?? "")}</p><button class="bf-button" type="submit">${escapeHtml(element.buttonText || "Send")}</button>`;
    case "text":
    case "Consent-text":
    case "copyright":
      return `<div class="bf-text bf-${element.type.toLowerCase()}"${align(element)}>${rich(element.textValue, company)}</div>`;
    case "company-text":
      return "";
    default: {
      const field = fieldByElement.get(element);
      return field ? renderField(field, input) : "";
    }
  }
}

/** The form card: one column, or the form (14/24) and the company text (10/24) side by side. */
export function renderFormBody(input: RenderInput): string {
  const fieldByElement = new Map(input.fields.map((f) => [f.element, f]));
  const formHtml = input.elements.map((e) => renderElement(e, input, fieldByElement)).join("");
  const companyElement = input.elements.find((e) => e.type === "company-text" && !e.isHidden);
  const companyHtml = companyElement?.textValue ? rich(companyElement.textValue, input.companyName) : "";
  const twoColumns = companyHtml.replace(/<[^>]*>/g, "").trim().length > 0;
  const order = input.templateName === "TWO_COLUMN_RIGHT_FORM" ? " bf-form-right" : "";
  const companyColumn = twoColumns
    ? `<aside class="bf-col bf-company" style="--span:${COMPANY_COLUMN_SPAN}">${companyHtml}</aside>`
    : "";
  return `<div class="bf-card${twoColumns ? " bf-two" : ""}${order}"><div class="bf-col bf-main" style="--span:${twoColumns ? FORM_COLUMN_SPAN : 24}">${formHtml}</div>${companyColumn}</div>`;
}

/** The page's own CSS (no Polaris): layout, fields, modal; breakpoints xs 480, sm 576, md 768 (§2.3). */
export const PUBLIC_FORM_CSS = `*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;min-height:100%}
body{font-family:Lato,Arial,sans-serif;color:#1a1a1a;line-height:1.4}
.bf{min-height:100vh;padding:32px 16px;display:flex;align-items:flex-start;justify-content:center}
.bf-card{width:100%;max-width:1040px;display:flex;gap:0;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);overflow:hidden}
.bf-col{flex:0 0 calc(var(--span) / 24 * 100%);max-width:calc(var(--span) / 24 * 100%);padding:32px}
.bf-card:not(.bf-two){max-width:620px}
.bf-form-right .bf-main{order:2}
.bf-company{background:rgba(0,0,0,.03)}
.bf-heading{margin:0 0 8px}.bf-subheading{margin:0 0 20px}
.bf-image{margin-bottom:12px}.bf-logo{max-width:100%;object-fit:contain}
.bf-field{margin:0 0 16px;border:0;padding:0;min-width:0}
.bf-question{display:block;margin:0 0 6px;padding:0}
.bf-star{margin-left:2px}
.bf-description{margin:0 0 6px}
.bf-input{display:block;width:100%;padding:10px 12px;outline:none}
.bf-input:focus{box-shadow:0 0 0 2px rgba(31,81,153,.35)}
.bf-choices{display:flex;flex-direction:column;gap:6px}.bf-row{flex-direction:row;flex-wrap:wrap}
.bf-choice{display:flex;align-items:center;gap:8px;cursor:pointer}
.bf-tag input{position:absolute;opacity:0}.bf-tag span{padding:6px 14px;display:inline-block}
.bf-tag input:checked+span{background:rgba(31,81,153,.15)}
.bf-tag input:focus-visible+span{outline:2px solid #1f5199}
.bf-other{margin-top:6px}
.bf-error{margin:4px 0 0;font-size:14px}
.bf-message{margin:0 0 10px;font-size:15px}
.bf-button{width:100%;cursor:pointer;padding:8px 16px;margin:4px 0 16px}
.bf-button[disabled]{opacity:.6;cursor:progress}
.bf-text{margin:0 0 12px}.bf-text p{margin:0 0 6px}.bf-text a,.bf-company a{color:inherit}
.bf-captcha{margin:0 0 12px}
.bf-brand{position:fixed;right:10px;bottom:10px;display:flex;align-items:center;gap:6px;font-size:12px;color:#333;background:rgba(255,255,255,.85);padding:4px 8px;border-radius:14px;text-decoration:none}
.bf-brand img{width:18px;height:18px}
.bf-modal{border:0;border-radius:12px;padding:28px;max-width:420px;width:calc(100% - 32px);text-align:center;box-shadow:0 8px 40px rgba(0,0,0,.25)}
.bf-modal::backdrop{background:rgba(0,0,0,.45)}
.bf-modal h2{margin:0 0 10px;font-size:20px}.bf-modal p{margin:0 0 18px}
.bf-modal button{padding:8px 22px;border-radius:6px;border:1px solid #1f5199;background:#1f5199;color:#fff;cursor:pointer}
.bf-modal[open].bf-static{position:fixed;inset:0;margin:auto;height:fit-content;z-index:10}
.bf-status{min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px;text-align:center;background:#CDE1F3}
.bf-status div{background:#fff;border-radius:12px;padding:40px 32px;max-width:520px}
.bf-status h1{font-size:22px;margin:0 0 10px}.bf-status p{margin:0}
.bf-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
@media (max-width:768px){.bf-card{flex-direction:column}.bf-col{flex-basis:auto;max-width:100%;padding:24px}.bf-form-right .bf-main{order:0}.bf{padding:16px 8px}}
@media (max-width:576px){.bf-col{padding:18px}}
@media (max-width:480px){.bf{padding:0}.bf-card{border-radius:0;box-shadow:none}}`;
