import { and, eq, inArray, or, sql } from "drizzle-orm";
import { getDb, type Tx } from "#db/client.server";
import {
  attributes,
  consentEvents,
  contactAttributeValues,
  contacts,
  formSubmissions,
  productAttributeValues,
  usedCaptchas,
} from "#db/schema";
import { asCountry } from "~/domain/accounts/country";
import { isUniqueViolation } from "~/domain/contacts/contacts.server";
import { normalizePhone } from "~/domain/contacts/phone";
import { validateAttributeValue } from "~/domain/contacts/schemas";
import { isUuid } from "~/domain/kernel/ids";
import { linkContactToProduct } from "~/domain/products/links.server";
import { type CaptchaCheck, verifyCaptcha } from "~/services/captcha/captcha.server";
import { forwardFormSubmittedToCrm } from "./crm-events.server";
import {
  checkSubmission,
  mapSubmission,
  type PublicField,
  publicTexts,
  type SubmittedValues,
} from "./public-fields";
import type { PublicForm } from "./public-form.server";

/**
 * A visitor's submission of a public form ('Form Submitted', spec 3 §3.5, §4.2): in one transaction
 * the contact is created or updated (matched by phone, then email, in the form's company), its
 * attributes and product attributes stored, the chosen or preset products linked (the link's trigger
 * enrolls the contact in each product's journey), SMS consent recorded with the text shown, and the
 * submission kept. The idempotency key the page was issued with makes a double click or a replayed
 * post write nothing twice; the captcha solution is spent in the same transaction.
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
};

export type SubmitResult =
  | { ok: true; contactId: string; replay: boolean }
  | { ok: false; reason: "invalid"; errors: Record<string, string> }
  | { ok: false; reason: "captcha" };

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

class Replay extends Error {}

export async function submitPublicForm(input: SubmitInput): Promise<SubmitResult> {
  const { form } = input;
  const accountId = form.form.accountId;
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
  const typed = await checkAttributeTypes(accountId, form.fields, checked.values, texts.attributeInvalid);
  Object.assign(errors, typed.errors);
  if (Object.keys(errors).length > 0) return { ok: false, reason: "invalid", errors };
  if (!emailField && !phoneField) return { ok: false, reason: "invalid", errors: {} };

  const captcha = input.captcha ?? (await verifyCaptcha(input.captchaToken, input.ip));
  if (!captcha.ok) return { ok: false, reason: "captcha" };

  const formId = form.form.id;
  const write = () =>
    getDb().transaction(async (tx): Promise<SubmitResult> => {
      const spent = await tx
        .insert(usedCaptchas)
        .values({ signature: captcha.singleUseKey, expiresAt: captcha.expiresAt })
        .onConflictDoNothing()
        .returning({ signature: usedCaptchas.signature });
      if (spent.length === 0) {
        // The same post again (double click, replay): its submission answers; anything else is a replayed captcha.
        const earlier = await findSubmission(tx, formId, input.idempotencyKey);
        return earlier ? { ok: true, contactId: earlier, replay: true } : { ok: false, reason: "captcha" };
      }
      const contactId = await upsertContact(tx, accountId, {
        firstName: mapped.contact.firstName,
        lastName: mapped.contact.lastName,
        phone,
        email,
      });
      await tx.insert(consentEvents).values({
        accountId,
        contactId,
        channel: "sms",
        kind: "opt_in",
        source: "form",
        consentText: form.consentText,
        ip: input.ip,
      });
      const contactValues = Object.entries(typed.contactAttributes);
      if (contactValues.length > 0)
        await tx
          .insert(contactAttributeValues)
          .values(contactValues.map(([attributeId, value]) => ({ accountId, contactId, attributeId, value })))
          .onConflictDoUpdate({
            target: [contactAttributeValues.contactId, contactAttributeValues.attributeId],
            set: { value: sql`excluded.value`, updatedAt: new Date() },
          });
      const scope = { account: { id: accountId } };
      for (const productId of mapped.productIds) {
        const link = await linkContactToProduct(tx, scope, contactId, productId);
        const values = Object.entries(typed.productAttributes[productId] ?? {});
        if (!link.ok || values.length === 0) continue;
        await tx
          .insert(productAttributeValues)
          .values(
            values.map(([attributeId, value]) => ({
              accountId,
              contactProductId: link.linkId,
              attributeId,
              value,
            })),
          )
          .onConflictDoUpdate({
            target: [productAttributeValues.contactProductId, productAttributeValues.attributeId],
            set: { value: sql`excluded.value`, updatedAt: new Date() },
          });
      }
      const kept = await tx
        .insert(formSubmissions)
        .values({
          formId,
          accountId,
          contactId,
          idempotencyKey: input.idempotencyKey,
          values: checked.values,
          consentText: form.consentText,
          ip: input.ip,
        })
        .onConflictDoNothing()
        .returning({ id: formSubmissions.id });
      // Same key, new captcha: the first submission stands and this one is undone whole.
      if (kept.length === 0) throw new Replay();
      return { ok: true, contactId, replay: false };
    });

  for (let attempt = 0; ; attempt++) {
    try {
      const result = await write();
      // "A submission was applied": its 'Form Submitted' event for the optional CRM (after the commit).
      if (result.ok && !result.replay)
        await forwardFormSubmittedToCrm([
          {
            accountId,
            formId,
            firstName: mapped.contact.firstName,
            lastName: mapped.contact.lastName,
            phone,
            email,
            productIds: mapped.productIds,
            ip: input.ip,
            submittedAt: new Date(),
          },
        ]);
      return result;
    } catch (error) {
      if (error instanceof Replay) {
        const earlier = await findSubmission(getDb(), formId, input.idempotencyKey);
        if (earlier) return { ok: true, contactId: earlier, replay: true };
      }
      // Two first submissions of one phone or email at once: the second finds the first's contact.
      if (isUniqueViolation(error) && attempt === 0) continue;
      throw error;
    }
  }
}

async function findSubmission(db: Tx | ReturnType<typeof getDb>, formId: string, key: string) {
  const [row] = await db
    .select({ contactId: formSubmissions.contactId })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.idempotencyKey, key)));
  return row ? (row.contactId ?? "") : null;
}

type ContactFields = { firstName: string; lastName: string; phone: string | null; email: string | null };

/** Phone first, then email; a found contact gets the names, and the phone or email it lacked. */
async function upsertContact(tx: Tx, accountId: string, input: ContactFields): Promise<string> {
  const matches = [
    input.phone ? eq(contacts.phone, input.phone) : undefined,
    input.email ? eq(contacts.email, input.email) : undefined,
  ].filter(Boolean);
  const found = await tx
    .select({ id: contacts.id, phone: contacts.phone, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), or(...matches)))
    .limit(2);
  const byPhone = input.phone ? found.find((c) => c.phone === input.phone) : undefined;
  const existing = byPhone ?? found.find((c) => c.email === input.email);
  if (!existing) {
    const [created] = await tx
      .insert(contacts)
      .values({ accountId, ...input, smsConsent: "opted_in" })
      .returning({ id: contacts.id });
    return created.id;
  }
  // An email another contact holds stays with them (emails are unique per company).
  const emailFree = input.email && !found.some((c) => c.id !== existing.id && c.email === input.email);
  await tx
    .update(contacts)
    .set({
      firstName: input.firstName || undefined,
      lastName: input.lastName || undefined,
      ...(input.phone && !existing.phone ? { phone: input.phone } : {}),
      ...(emailFree ? { email: input.email } : {}),
      smsConsent: "opted_in",
      updatedAt: new Date(),
    })
    .where(eq(contacts.id, existing.id));
  return existing.id;
}

type TypedValues = {
  errors: Record<string, string>;
  contactAttributes: Record<string, string>;
  productAttributes: Record<string, Record<string, string>>;
};

/** Attribute answers checked against the attribute's type (a number field of an INTEGER attribute...). */
async function checkAttributeTypes(
  accountId: string,
  fields: PublicField[],
  values: SubmittedValues,
  message: string,
): Promise<TypedValues> {
  const result: TypedValues = { errors: {}, contactAttributes: {}, productAttributes: {} };
  const answered = fields.filter(
    (f) =>
      (f.kind === "contact-attribute" || f.kind === "contact-product-attribute") &&
      values[f.name] !== undefined &&
      isUuid(f.element.attributeId),
  );
  if (answered.length === 0) return result;
  const ids = [...new Set(answered.map((f) => f.element.attributeId as string))];
  const known = await getDb()
    .select({ id: attributes.id, type: attributes.type, scope: attributes.scope })
    .from(attributes)
    .where(and(eq(attributes.accountId, accountId), inArray(attributes.id, ids)));
  const byId = new Map(known.map((a) => [a.id, a]));
  for (const field of answered) {
    const attribute = byId.get(field.element.attributeId as string);
    const wanted = field.kind === "contact-attribute" ? "contact" : "product";
    // An attribute deleted since the form was saved: its answer is dropped, not refused.
    if (!attribute || attribute.scope !== wanted) continue;
    const check = validateAttributeValue(attribute.type, values[field.name]);
    if (!check.ok) {
      if (!field.hidden) result.errors[field.name] = message;
      continue;
    }
    if (check.value === null) continue;
    if (field.kind === "contact-attribute") result.contactAttributes[attribute.id] = check.value;
    else {
      const productId = field.element.product as string;
      if (!isUuid(productId)) continue;
      result.productAttributes[productId] = {
        ...result.productAttributes[productId],
        [attribute.id]: check.value,
      };
    }
  }
  return result;
}
