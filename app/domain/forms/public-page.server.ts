import { randomBytes } from "node:crypto";
import { config } from "~/config.server";
import { type CaptchaWidget, captchaWidget } from "~/services/captcha/captcha.server";
import type { FormLanguage } from "./form-document";
import { type PublicField, publicTexts } from "./public-fields";
import type { PublicForm } from "./public-form.server";
import { formStyleCss, PUBLIC_FORM_CSS, renderFormBody } from "./render-form";
import { escapeHtml } from "./rich-text";

/**
 * The public form page as a whole HTML document: no React on the client, its own CSS, and three
 * small scripts (the captcha widget, its worker, /forms/form.js). The document of a form (per
 * ?productId=) is built once and kept with the cached form; a request only adds its idempotency key.
 */

export const ALTCHA_VERSION = "3.2.2";
export const FORM_SCRIPT_PATH = "/forms/form.js";
export const CHALLENGE_PATH = "/forms/captcha/challenge";
const KEY_SLOT = "%%IDEMPOTENCY_KEY%%";

export function newIdempotencyKey(): string {
  return randomBytes(18).toString("base64url");
}

/** §2.3 ?productId=: a product the form offers is preselected and its field hidden. */
export function fieldsForProduct(fields: PublicField[], productId: string | null): PublicField[] {
  if (!productId) return fields;
  return fields.map((f) =>
    f.kind === "product" && (f.element.options ?? []).some((o) => o.value === productId)
      ? { ...f, hidden: true, presetValue: productId }
      : f,
  );
}

function captchaMarkup(widget: CaptchaWidget, language: FormLanguage): string {
  if (widget.provider === "altcha")
    return `<div class="bf-captcha"><altcha-widget challenge="${CHALLENGE_PATH}" name="${widget.field}" language="${language === "fr" ? "fr-fr" : "en"}" hidefooter></altcha-widget></div>`;
  const cls = widget.provider === "turnstile" ? "cf-turnstile" : "h-captcha";
  return `<div class="bf-captcha"><div class="${cls}" data-sitekey="${escapeHtml(widget.siteKey)}" data-language="${language}"></div></div>`;
}

function captchaScripts(widget: CaptchaWidget, language: FormLanguage): string {
  if (widget.provider !== "altcha") return `<script src="${widget.scriptUrl}" async defer></script>`;
  const v = `?v=${ALTCHA_VERSION}`;
  const fr = language === "fr" ? `<script src="/forms/assets/altcha-fr.js${v}" defer></script>` : "";
  return `<script src="/forms/assets/altcha.js${v}" defer></script>${fr}`;
}

/** The page's policy: framable by any site (it is made for iframes), scripts only from here. */
let csp: { provider: string; value: string } | undefined;
export function publicFormCsp(): string {
  const provider = config().CAPTCHA_PROVIDER;
  if (csp?.provider !== provider) csp = { provider, value: buildCsp() };
  return csp.value;
}

function buildCsp(): string {
  const widget = captchaWidget();
  const outside = widget.provider === "altcha" ? "" : ` ${widget.origins.join(" ")}`;
  return [
    "default-src 'self'",
    `script-src 'self'${outside}`,
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self'${outside}`,
    `frame-src 'self'${outside}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors *",
  ].join("; ");
}

type PageOptions = {
  productId: string | null;
  values?: Record<string, string>;
  errors?: Record<string, string>;
  formMessage?: string;
  /** After a post without script: the success modal shows open. */
  succeeded?: boolean;
};

function documentShell(language: FormLanguage, title: string, head: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${PUBLIC_FORM_CSS}</style>${head}</head><body>${body}</body></html>`;
}

function brand(language: FormLanguage): string {
  const product = config().PRODUCT_NAME;
  const label = publicTexts(language).poweredBy.replace("{{product}}", product);
  return `<a class="bf-brand" href="${escapeHtml(config().APP_URL)}" target="_blank" rel="noopener noreferrer"><img src="/logo-mark.svg" alt=""><span>${escapeHtml(label)}</span></a>`;
}

function buildPage(form: PublicForm, options: PageOptions): string {
  const { style, templateName, elements } = form.form;
  const language = form.language;
  const texts = publicTexts(language);
  const widget = captchaWidget();
  const fields = fieldsForProduct(form.fields, options.productId);
  const body = renderFormBody({
    templateName,
    elements,
    style,
    companyName: form.companyName,
    language,
    fields,
    values: options.values,
    errors: options.errors,
    captchaHtml: captchaMarkup(widget, language),
    formMessage: options.formMessage,
  });
  const action = `?${options.productId ? `productId=${encodeURIComponent(options.productId)}` : ""}`;
  const data = [
    `data-form-id="${form.form.id}"`,
    `data-captcha-field="${widget.field}"`,
    `data-captcha-provider="${widget.provider}"`,
    `data-hide-on-submit="${style.permenantHideOnSubmit}"`,
    `data-hide-on-close="${style.temporaryHideOnPopupClose}"`,
    `data-hiding-days="${style.numberOfHidingDays}"`,
    `data-captcha-missing="${escapeHtml(texts.captchaMissing)}"`,
    `data-failed="${escapeHtml(texts.submitFailed)}"`,
  ].join(" ");
  const modal = `<dialog class="bf-modal${options.succeeded ? " bf-static" : ""}" id="bf-success" aria-labelledby="bf-success-title"${options.succeeded ? " open" : ""}><h2 id="bf-success-title">${escapeHtml(texts.submitted)}</h2><p>${escapeHtml(style.successMessage)}</p><form method="dialog"><button type="submit">${escapeHtml(texts.close)}</button></form></dialog>`;
  const main = `<main class="bf"><form class="bf-form" method="post" action="${escapeHtml(action)}" novalidate ${data}><input type="hidden" name="_key" value="${KEY_SLOT}">${body}</form></main>${modal}${brand(language)}`;
  const head = `<style>${formStyleCss(style)}</style>${captchaScripts(widget, language)}<script src="${FORM_SCRIPT_PATH}?v=1" defer></script>`;
  return documentShell(language, style.micrositePageTitle || style.micrositeName, head, main);
}

// The page's bytes around its key slot, per form and ?productId=: a request only joins three buffers.
const pages = new WeakMap<PublicForm, Map<string, [Buffer, Buffer]>>();

/** The page of a form for a visitor: cached per form and ?productId=, with a new idempotency key. */
export function formPage(
  form: PublicForm,
  productId: string | null,
  key = newIdempotencyKey(),
): Uint8Array<ArrayBuffer> {
  let byProduct = pages.get(form);
  if (!byProduct) {
    byProduct = new Map();
    pages.set(form, byProduct);
  }
  const cacheKey = productId ?? "";
  let parts = byProduct.get(cacheKey);
  if (!parts) {
    const [before, after] = buildPage(form, { productId }).split(KEY_SLOT);
    parts = [Buffer.from(before), Buffer.from(after)];
    if (byProduct.size < 50) byProduct.set(cacheKey, parts);
  }
  const page = new Uint8Array(parts[0].length + key.length + parts[1].length);
  page.set(parts[0]);
  page.set(Buffer.from(key), parts[0].length);
  page.set(parts[1], parts[0].length + key.length);
  return page;
}

/** The page again after a post without script: answers, messages, or the success modal. */
export function formPageAfterPost(form: PublicForm, options: PageOptions, key = newIdempotencyKey()): string {
  return buildPage(form, options).replace(KEY_SLOT, key);
}

export type StatusKind = "not_found" | "disabled" | "empty" | "fetch_failed";

/** §2.3 and §8: the pages a visitor sees instead of a form. */
export function statusPage(kind: StatusKind, language: FormLanguage = "en"): string {
  const texts = publicTexts(language);
  const [title, line] =
    kind === "empty"
      ? [texts.notOperationalTitle, texts.notOperationalBody]
      : kind === "disabled"
        ? [texts.disabled, ""]
        : kind === "fetch_failed"
          ? [texts.fetchFailed, ""]
          : [texts.notFoundTitle, texts.notFoundBody];
  const body = `<main class="bf-status"><div><h1>${escapeHtml(title)}</h1>${line ? `<p>${escapeHtml(line)}</p>` : ""}</div></main>${brand(language)}`;
  return documentShell(language, title, "", body);
}
