import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { queryPrepared } from "#db/prepared.server";
import { asCountry } from "~/domain/accounts/country";
import { normalizePhone } from "~/domain/contacts/phone";
import { validateAttributeValue } from "~/domain/contacts/schemas";
import { rowsOf } from "~/domain/journeys/sql.server";
import { GroupCommit } from "~/domain/kernel/group-commit";
import { isUuid } from "~/domain/kernel/ids";
import { ownEntry } from "~/domain/kernel/own-entry";
import { type CaptchaCheck, verifyCaptcha } from "~/services/captcha/captcha.server";
import { inBackground, sendJob } from "~/services/jobs/jobs.server";
import {
  checkSubmission,
  mapSubmission,
  type PublicField,
  publicTexts,
  type SubmittedValues,
} from "./public-fields";
import type { PublicForm } from "./public-form.server";

/**
 * A visitor's submission of a public form ('Form Submitted', spec 3 §3.5, §4.2), as the request sees
 * it: the fields are checked against the cached form and its attributes' types, and the captcha
 * verified, in memory; then the spent captcha and a pending submission (everything the apply needs:
 * the contact, its attributes, the products, the consent text shown, the address, the time) are
 * stored in one statement shared with the submissions that arrive meanwhile (GroupCommit), and the
 * visitor gets the answer. The "form-submissions-apply" job applies it within a moment
 * (apply-submissions.server.ts). The idempotency key the page was issued with makes a double click or
 * a replayed post write nothing twice; a captcha solution is spent once.
 */

export type SubmitInput = {
  form: PublicForm;
  posted: SubmittedValues;
  /** ?productId= of the page. */
  productId: string | null;
  idempotencyKey: string;
  captchaToken: string | null;
  ip: string | null;
  /** Tests: a captcha already checked. */
  captcha?: CaptchaCheck;
  /** When the visitor submitted (now). */
  now?: Date;
};

export type SubmitResult =
  | { ok: true; replay: boolean }
  | { ok: false; reason: "invalid"; errors: Record<string, string> }
  | { ok: false; reason: "captcha" };

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export type ContactFields = {
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
};

/** What a pending submission keeps for its apply (pending_form_submissions.payload). */
export type PendingPayload = {
  /** The checked answers, as form_submissions keeps them. */
  values: SubmittedValues;
  contact: ContactFields;
  /** attributeId -> value */
  contactAttributes: Record<string, string>;
  /** productId -> (attributeId -> value) */
  productAttributes: Record<string, Record<string, string>>;
  productIds: string[];
};

export type PendingSubmission = {
  formId: string;
  accountId: string;
  idempotencyKey: string;
  payload: PendingPayload;
  consentText: string | null;
  ip: string | null;
  submittedAt: Date;
  /** The captcha's single-use key and when it expires (used_captchas). */
  captcha: { key: string; expiresAt: Date };
};

/** Stored now; stored before under the same key (a double click, a replay); refused (a spent captcha). */
export type PendingOutcome = "stored" | "replay" | "captcha";

export async function submitPublicForm(input: SubmitInput): Promise<SubmitResult> {
  const prepared = prepareSubmission(input);
  if (!prepared.ok) return prepared;
  const captcha = input.captcha ?? (await verifyCaptcha(input.captchaToken, input.ip));
  if (!captcha.ok) return { ok: false, reason: "captcha" };
  const outcome = await intake.submit({
    formId: input.form.form.id,
    accountId: input.form.form.accountId,
    idempotencyKey: input.idempotencyKey,
    payload: prepared.payload,
    consentText: input.form.consentText,
    ip: input.ip,
    submittedAt: input.now ?? new Date(),
    captcha: { key: captcha.singleUseKey, expiresAt: captcha.expiresAt },
  });
  if (outcome === "captcha") return { ok: false, reason: "captcha" };
  return { ok: true, replay: outcome === "replay" };
}

/** The §5.3 checks and the §3.5 mapping, in memory: the errors, or what the apply will write. */
function prepareSubmission(
  input: SubmitInput,
): { ok: true; payload: PendingPayload } | { ok: false; reason: "invalid"; errors: Record<string, string> } {
  const { form } = input;
  const texts = publicTexts(form.language).errors;
  const checked = checkSubmission(form.fields, input.posted, form.language);
  const errors = { ...checked.errors };
  const phoneField = form.fields.find((f) => f.kind === "phone");
  const emailField = form.fields.find((f) => f.kind === "email");
  const mapped = mapSubmission(checked.values, isUuid(input.productId) ? input.productId : null);
  const phone = mapped.contact.phone ? normalizePhone(mapped.contact.phone, asCountry(form.country)) : null;
  if (mapped.contact.phone && !phone && phoneField) errors[phoneField.name] ??= texts.phone;
  const email = mapped.contact.email ? mapped.contact.email.toLowerCase() : null;
  if (!phone && !email && phoneField && !errors[phoneField.name])
    errors[phoneField.name] = texts.required.replace("{{label}}", phoneField.label.toLowerCase());
  const typed = checkAttributeTypes(form, checked.values, texts.attributeInvalid);
  Object.assign(errors, typed.errors);
  if (Object.keys(errors).length > 0) return { ok: false, reason: "invalid", errors };
  if (!emailField && !phoneField) return { ok: false, reason: "invalid", errors: {} };
  return {
    ok: true,
    payload: {
      values: checked.values,
      contact: { firstName: mapped.contact.firstName, lastName: mapped.contact.lastName, phone, email },
      contactAttributes: typed.contactAttributes,
      productAttributes: typed.productAttributes,
      productIds: mapped.productIds,
    },
  };
}

type TypedValues = {
  errors: Record<string, string>;
  contactAttributes: Record<string, string>;
  productAttributes: Record<string, Record<string, string>>;
};

/** Attribute answers checked against the attribute's type (a number field of an INTEGER attribute...). */
function checkAttributeTypes(form: PublicForm, values: SubmittedValues, message: string): TypedValues {
  const result: TypedValues = { errors: {}, contactAttributes: {}, productAttributes: {} };
  const answered = form.fields.filter(
    (f: PublicField) =>
      (f.kind === "contact-attribute" || f.kind === "contact-product-attribute") &&
      ownEntry(values, f.name) !== undefined &&
      isUuid(f.element.attributeId),
  );
  for (const field of answered) {
    const attributeId = field.element.attributeId as string;
    const attribute = ownEntry(form.attributeTypes, attributeId);
    const wanted = field.kind === "contact-attribute" ? "contact" : "product";
    // An attribute deleted since the form was saved: its answer is dropped, not refused.
    if (!attribute || attribute.scope !== wanted) continue;
    const check = validateAttributeValue(attribute.type, ownEntry(values, field.name) ?? "");
    if (!check.ok) {
      if (!field.hidden) result.errors[field.name] = message;
      continue;
    }
    if (check.value === null) continue;
    if (field.kind === "contact-attribute") result.contactAttributes[attributeId] = check.value;
    else {
      const productId = field.element.product as string;
      if (!isUuid(productId)) continue;
      result.productAttributes[productId] = {
        ...ownEntry(result.productAttributes, productId),
        [attributeId]: check.value,
      };
    }
  }
  return result;
}

/**
 * Spends the captchas and stores the pending submissions of a batch in one statement (one
 * transaction): one outcome per submission, in order. A key already pending or applied is a replay
 * and spends nothing; otherwise a captcha spent before (or earlier in the batch) is refused. Queues
 * the apply job when anything was stored.
 */
export async function storePendingSubmissions(items: PendingSubmission[]): Promise<PendingOutcome[]> {
  const outcomes: (PendingOutcome | undefined)[] = new Array(items.length);
  // Within the batch: the same key again follows the first; the same captcha under another key is refused.
  const firstByKey = new Map<string, number>();
  const captchas = new Set<string>();
  const unique: number[] = [];
  items.forEach((item, n) => {
    const key = `${item.formId}|${item.idempotencyKey}`;
    if (firstByKey.has(key)) return;
    firstByKey.set(key, n);
    if (captchas.has(item.captcha.key)) outcomes[n] = "captcha";
    else {
      captchas.add(item.captcha.key);
      unique.push(n);
    }
  });
  if (unique.length > 0) {
    const input = unique.map((n) => {
      const item = items[n] as PendingSubmission;
      return {
        n,
        form_id: item.formId,
        account_id: item.accountId,
        idempotency_key: item.idempotencyKey,
        captcha: item.captcha.key,
        captcha_expires_at: item.captcha.expiresAt.toISOString(),
        payload: item.payload,
        consent_text: item.consentText,
        ip: item.ip,
        submitted_at: item.submittedAt.toISOString(),
      };
    });
    const rows = await queryPrepared<{ n: number; known: boolean; stored: boolean }>(STORE_PENDING_SQL, [
      JSON.stringify(input),
    ]);
    const unresolved: number[] = [];
    for (const row of rows) {
      const n = Number(row.n);
      if (row.known) outcomes[n] = "replay";
      else if (row.stored) outcomes[n] = "stored";
      else unresolved.push(n);
    }
    // Neither stored nor known when the statement began: a captcha spent before, or the same key
    // stored at this moment by another process (a double click across processes): it is there now.
    if (unresolved.length > 0) {
      const nowKnown = new Set(
        (
          await rowsOf<{ n: number }>(
            getDb(),
            sql`select i.n from jsonb_to_recordset(${JSON.stringify(
              unresolved.map((n) => ({ n, form_id: items[n]?.formId, key: items[n]?.idempotencyKey })),
            )}::jsonb) as i(n int, form_id uuid, key text)
            where exists (select 1 from pending_form_submissions p where p.form_id = i.form_id and p.idempotency_key = i.key)
               or exists (select 1 from form_submissions s where s.form_id = i.form_id and s.idempotency_key = i.key)`,
          )
        ).map((row) => Number(row.n)),
      );
      for (const n of unresolved) outcomes[n] = nowKnown.has(n) ? "replay" : "captcha";
    }
    if (outcomes.includes("stored")) queueApplyJob();
  }
  return items.map((item, n) => {
    const outcome = outcomes[n];
    if (outcome) return outcome;
    const first = outcomes[firstByKey.get(`${item.formId}|${item.idempotencyKey}`) as number];
    return first === "captcha" ? "captcha" : "replay";
  });
}

/**
 * The batch statement: spends the captchas and stores the submissions not seen before, and says for
 * each input row (n) whether its key was known already or is stored now. Fixed text, run prepared.
 */
const STORE_PENDING_SQL = `
  with input as materialized (
    select * from jsonb_to_recordset($1::jsonb) as i(
      n int, form_id uuid, account_id uuid, idempotency_key text, captcha text,
      captcha_expires_at timestamptz, payload jsonb, consent_text text, ip text, submitted_at timestamptz)
  ),
  known as materialized (
    select i.n from input i
    where exists (select 1 from pending_form_submissions p
                  where p.form_id = i.form_id and p.idempotency_key = i.idempotency_key)
       or exists (select 1 from form_submissions s
                  where s.form_id = i.form_id and s.idempotency_key = i.idempotency_key)
  ),
  spent as (
    insert into used_captchas (signature, expires_at)
    select i.captcha, i.captcha_expires_at from input i where i.n not in (select n from known)
    order by i.captcha
    on conflict do nothing
    returning signature
  ),
  stored as (
    insert into pending_form_submissions
      (form_id, account_id, idempotency_key, payload, consent_text, ip, submitted_at, not_before)
    select i.form_id, i.account_id, i.idempotency_key, i.payload, i.consent_text, i.ip, i.submitted_at, i.submitted_at
    from input i join spent s on s.signature = i.captcha
    on conflict (form_id, idempotency_key) do nothing
    returning form_id, idempotency_key
  )
  select i.n,
    i.n in (select n from known) as known,
    exists (select 1 from stored s where s.form_id = i.form_id and s.idempotency_key = i.idempotency_key) as stored
  from input i`;

/** Sends of the apply job are this far apart at most while a burst of posts goes on. */
const APPLY_SEND_SPACING_MS = 250;
let applySending = false;
let applyWanted = false;

/**
 * Queues the apply job without holding up the answers: stored is what counts, and a job not queued
 * now is started by a later send or by the minute's schedule. One send at a time from this process,
 * and during a burst one more per APPLY_SEND_SPACING_MS at most: the queue keeps a single waiting job
 * (policy "short"), so a send per batch (dozens a second) would only repeat the same insert.
 */
function queueApplyJob() {
  applyWanted = true;
  if (applySending) return;
  applySending = true;
  void inBackground("Queueing the form-submissions-apply job", async () => {
    try {
      do {
        applyWanted = false;
        await sendJob("form-submissions-apply", {});
        if (applyWanted) await new Promise((resolve) => setTimeout(resolve, APPLY_SEND_SPACING_MS));
      } while (applyWanted);
    } finally {
      // In the same tick as the last check: a batch stored after it starts a send of its own.
      applySending = false;
    }
  });
}

/** Submissions that arrive while one batch is written go together in the next (see GroupCommit). */
const intake = new GroupCommit(storePendingSubmissions, 200);
