import { forwardPageLoadToCrm } from "~/domain/forms/crm-events.server";
import { publicTexts, submittedValues } from "~/domain/forms/public-fields";
import { loadPublicForm, type PublicForm, recordPageLoad } from "~/domain/forms/public-form.server";
import {
  fieldsForProduct,
  formPage,
  formPageAfterPost,
  publicFormCsp,
  type StatusKind,
  statusPage,
} from "~/domain/forms/public-page.server";
import { IDEMPOTENCY_KEY_PATTERN, submitPublicForm } from "~/domain/forms/submit.server";
import { submissionAllowed } from "~/domain/forms/submit-rate.server";
import { isUuid } from "~/domain/kernel/ids";
import { CAPTCHA_FIELDS } from "~/services/captcha/captcha.server";

/**
 * What the public sign-up form answers (public-form.tsx, its route module, is the map entry): a
 * visit's page, and a post's outcome. Its loader and action call these with what they read from
 * their Request; the Express front's fast path (app/serve-public-form.server.ts, given them by the
 * server build's entry) calls them from Node's request directly.
 */

const MAX_BODY_BYTES = 32 * 1024;
const MAX_FIELDS = 300;

/**
 * A visit or a post as the page needs it. React Router's loader and action make it from their
 * Request; the Express front's fast path (app/serve-resource-route.server.ts) makes it from Node's
 * request directly, without building a Request and a Response for each of thousands a second.
 */
export type PublicFormVisit = {
  id: string;
  /** ?productId= as given (checked here). */
  productId: string | null;
  /** A request header by its lower-case name. */
  header: (name: string) => string | undefined;
  /** The posted body (a post only). */
  body: () => Promise<Uint8Array | null>;
  clientIp: string | null;
};

export type PublicFormAnswer = { status: number; headers: Record<string, string>; body: string | Uint8Array };

function html(body: string | Uint8Array, status = 200): PublicFormAnswer {
  return {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": publicFormCsp(),
      // Every page carries its own idempotency key.
      "Cache-Control": "no-store",
    },
    body,
  };
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): PublicFormAnswer {
  return {
    status,
    // With its charset, as Express's res.set writes it when React Router's adapter answers: the fast
    // path and the route then send the same header (tests/unit/built-server.db.test.ts).
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...headers },
    body: JSON.stringify(body),
  };
}

function status(kind: StatusKind, language: "en" | "fr" = "en") {
  return html(statusPage(kind, language), kind === "not_found" ? 404 : 200);
}

function productIdOf(visit: PublicFormVisit): string | null {
  return isUuid(visit.productId) ? visit.productId : null;
}

export async function showPublicForm(visit: PublicFormVisit): Promise<PublicFormAnswer> {
  let state: Awaited<ReturnType<typeof loadPublicForm>>;
  try {
    state = await loadPublicForm(visit.id);
  } catch (error) {
    console.error("public form: could not load", error);
    return html(statusPage("fetch_failed"), 503);
  }
  if (state.status !== "ok")
    return status(state.status, state.status === "not_found" ? "en" : state.language);
  recordPageLoad(state.form.form.id, state.form.form.accountId);
  const productId = productIdOf(visit);
  forwardPageLoadToCrm({
    accountId: state.form.form.accountId,
    formId: state.form.form.id,
    ip: visit.clientIp === "unknown" ? null : visit.clientIp,
    productId,
  });
  return html(formPage(state.form, productId));
}

export async function postPublicForm(visit: PublicFormVisit): Promise<PublicFormAnswer> {
  const wantsJson = (visit.header("accept") ?? "").includes("application/json");
  const length = Number(visit.header("content-length") ?? "0");
  if (length > MAX_BODY_BYTES) return json({ ok: false, message: "Request too large" }, 400);
  const state = await loadPublicForm(visit.id).catch(() => null);
  if (!state)
    return wantsJson ? json({ ok: false, message: "enable to Fetch form." }, 503) : status("fetch_failed");
  if (state.status !== "ok") {
    if (wantsJson)
      return json({ ok: false, message: state.status }, state.status === "not_found" ? 404 : 409);
    return status(state.status, state.status === "not_found" ? "en" : state.language);
  }
  const form = state.form;
  const texts = publicTexts(form.language);
  const entries = await readEntries(visit);
  if (!entries) return json({ ok: false, message: "Malformed submission" }, 400);
  const key = entries.find(([name]) => name === "_key")?.[1];
  if (typeof key !== "string" || !IDEMPOTENCY_KEY_PATTERN.test(key))
    return json({ ok: false, message: "Malformed submission" }, 400);

  const ip = visit.clientIp;
  const rate = submissionAllowed(ip);
  if (!rate.allowed)
    return json({ ok: false, message: texts.tooMany }, 429, {
      "Retry-After": String(rate.retryAfterSeconds),
    });

  const productId = productIdOf(visit);
  const posted = submittedValues(entries);
  const captchaToken = entries.find(
    ([name]) =>
      name === CAPTCHA_FIELDS.altcha || name === CAPTCHA_FIELDS.turnstile || name === CAPTCHA_FIELDS.hcaptcha,
  )?.[1];
  const withProduct: PublicForm = { ...form, fields: fieldsForProduct(form.fields, productId) };
  try {
    const result = await submitPublicForm({
      form: withProduct,
      posted,
      productId,
      idempotencyKey: key,
      captchaToken: typeof captchaToken === "string" ? captchaToken : null,
      ip: ip === "unknown" ? null : ip,
    });
    if (result.ok) {
      if (wantsJson) return json({ ok: true, formId: form.form.id, replay: result.replay });
      return html(formPageAfterPost(form, { productId, succeeded: true }));
    }
    if (result.reason === "invalid") {
      if (wantsJson) return json({ ok: false, errors: result.errors }, 422);
      return html(formPageAfterPost(form, { productId, values: posted, errors: result.errors }), 422);
    }
    if (wantsJson) return json({ ok: false, message: texts.captchaFailed }, 403);
    return html(
      formPageAfterPost(form, { productId, values: posted, formMessage: texts.captchaFailed }),
      403,
    );
  } catch (error) {
    console.error("public form: submission failed", error);
    if (wantsJson) return json({ ok: false, message: texts.submitFailed }, 500);
    return html(formPageAfterPost(form, { productId, formMessage: texts.submitFailed }), 500);
  }
}

/** The posted fields, or null for a body that is not a form post of reasonable size. */
async function readEntries(visit: PublicFormVisit): Promise<[string, FormDataEntryValue][] | null> {
  const type = visit.header("content-type") ?? "";
  try {
    const body = await visit.body();
    if (!body || body.length > MAX_BODY_BYTES) return null;
    if (type.startsWith("application/x-www-form-urlencoded")) {
      const entries = [...new URLSearchParams(Buffer.from(body).toString("utf8")).entries()];
      return entries.length > MAX_FIELDS ? null : entries;
    }
    if (type.startsWith("multipart/form-data")) {
      const parsed = new Response(body as BodyInit, { headers: { "Content-Type": type } });
      const entries = [...(await parsed.formData()).entries()];
      if (entries.length > MAX_FIELDS || entries.some(([, v]) => typeof v !== "string")) return null;
      return entries;
    }
  } catch {
    return null;
  }
  return null;
}
