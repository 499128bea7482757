import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { createAttribute } from "../../app/domain/contacts/attributes.server";
import { MAX_SUBMISSION_ATTEMPTS } from "../../app/domain/forms/apply-submissions.server";
import { defaultFormDocument, type FormElement } from "../../app/domain/forms/form-document";
import { withCustomElements } from "../../app/domain/forms/form-elements";
import { createForm } from "../../app/domain/forms/forms.server";
import type { PendingPayload } from "../../app/domain/forms/submit.server";
import { getDb } from "../../db/client.server";
import { microsites, pendingFormSubmissions, products } from "../../db/schema";
import type { E2eFormFixtureAnswer } from "./e2e-fixture-protocol";

/** Browser tests only (mounted by e2e-fixture-endpoint.ts): a form saved as the builder saves one. */
export const formFixtureRequest = z.object({
  accountId: z.uuid(),
  products: z.array(z.string()).default([]),
  attribute: z.object({ title: z.string().min(1), type: z.enum(["STRING", "INTEGER"]) }).optional(),
  language: z.enum(["en", "fr"]).default("en"),
  published: z.boolean().default(true),
  empty: z.boolean().default(false),
  style: z
    .object({
      permenantHideOnSubmit: z.boolean().optional(),
      temporaryHideOnPopupClose: z.boolean().optional(),
      numberOfHidingDays: z.number().int().min(1).optional(),
    })
    .default({}),
  stuckSubmission: z
    .object({ firstName: z.string(), lastName: z.string(), phone: z.string(), email: z.string() })
    .optional(),
});

export async function storeE2eForm(
  input: z.output<typeof formFixtureRequest>,
): Promise<E2eFormFixtureAnswer> {
  const scope = { account: { id: input.accountId } };
  const custom: FormElement[] = [];
  let attributeId: string | null = null;
  if (input.attribute) {
    const created = await createAttribute(scope, { ...input.attribute, scope: "contact" });
    if (!created.ok) throw new Error(`attribute: ${created.reason}`);
    attributeId = created.attribute.id;
    custom.push({
      id: "custom-attribute",
      type: "input",
      htmlType: input.attribute.type === "INTEGER" ? "number" : "text",
      label: input.attribute.title,
      placeholder: input.attribute.title,
      attributeType: "contact-attribute",
      attributeId,
      isRequired: true,
    });
  }
  const found = input.products.length
    ? await getDb()
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(and(eq(products.accountId, input.accountId), inArray(products.name, input.products)))
    : [];
  if (found.length !== input.products.length) throw new Error("a product of the form fixture was not found");
  if (found.length)
    custom.push({
      id: "custom-product",
      type: "dropdown",
      label: "Product",
      placeholder: "Choose a product",
      attributeType: "product",
      isRequired: true,
      options: found.map((p) => ({ label: p.name, value: p.id })),
    });
  const base = defaultFormDocument();
  const saved = await createForm(scope, {
    ...base,
    elements: withCustomElements(base.elements, custom),
    style: { ...base.style, ...input.style, formLanguage: input.language, micrositeName: "E2E sign-up" },
    disabled: !input.published,
  });
  if (!saved.ok) throw new Error(`form: ${saved.reason}`);
  // The builder cannot save an empty form; the 'not operational' page is for stored ones that are.
  if (input.empty)
    await getDb().update(microsites).set({ elements: [] }).where(eq(microsites.id, saved.form.id));
  if (input.stuckSubmission) {
    const contact = input.stuckSubmission;
    const payload: PendingPayload = {
      values: { firstName: contact.firstName, lastName: contact.lastName },
      contact: { ...contact },
      contactAttributes: {},
      productAttributes: {},
      productIds: [],
    };
    const failedAt = new Date();
    await getDb()
      .insert(pendingFormSubmissions)
      .values({
        formId: saved.form.id,
        accountId: input.accountId,
        idempotencyKey: `e2e-${randomUUID()}`,
        payload,
        consentText: "I agree to receive text messages.",
        submittedAt: new Date(failedAt.getTime() - 3 * 3_600_000),
        attempts: MAX_SUBMISSION_ATTEMPTS,
        // As failureSummary records a deleted attribute's value (a foreign key refused).
        lastError:
          '23503 insert or update on table "contact_attribute_values" violates foreign key constraint',
        notBefore: new Date(failedAt.getTime() + 3_600_000),
      });
  }
  return { formId: saved.form.id, attributeId, productIds: found.map((p) => p.id) };
}
