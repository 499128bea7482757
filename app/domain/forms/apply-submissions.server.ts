import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import { getDb, type Tx } from "#db/client.server";
import {
  consentEvents,
  contactAttributeValues,
  contacts,
  formSubmissions,
  pendingFormSubmissions,
  productAttributeValues,
} from "#db/schema";
import { lockValueTargets } from "~/domain/contacts/attributes.server";
import { ownEntry } from "~/domain/kernel/own-entry";
import { linkContactToProduct } from "~/domain/products/links.server";
import { yieldToWeb } from "~/services/http/web-load.server";
import { forwardFormSubmittedToCrm } from "./crm-events.server";
import type { ContactFields, PendingPayload } from "./submit.server";

/**
 * The "form-submissions-apply" job: pending submissions (stored by the public form's request,
 * submit.server.ts) become contacts. A batch is claimed (FOR UPDATE SKIP LOCKED, so workers share the
 * rows) and applied in one transaction, each submission in a savepoint of its own: the contact is
 * created or updated (matched by phone, then email, in the form's company), its attributes and product
 * attributes stored, the chosen or preset products linked (the link's trigger enrolls the contact in
 * each product's journey), SMS consent recorded with the text shown and the submission's time and
 * address, the form_submissions row written, and the pending row deleted. So a crash anywhere leaves
 * the batch pending as it was, a retried job finds only what is left, and each submission is applied
 * (and counted by the analytics triggers) exactly once. A submission that fails is tried again later
 * (not_before), the others go on.
 */

export type AppliedSubmission = {
  formId: string;
  accountId: string;
  idempotencyKey: string;
  contactId: string;
  submittedAt: Date;
  values: Record<string, string>;
  contact: ContactFields;
  productIds: string[];
  ip: string | null;
};

const BATCH = 50;
/** Tries of one submission before it waits for a company admin's Retry (stuck-submissions.server.ts). */
export const MAX_SUBMISSION_ATTEMPTS = 10;

type PendingRow = typeof pendingFormSubmissions.$inferSelect;

/**
 * Applies one batch of the pending submissions due now; returns the ones applied, and how many were
 * claimed (0: nothing is left). `afterEach` runs inside the batch's transaction after each applied
 * submission (tests make it throw to see a crash between steps undo the whole batch).
 */
export async function applyPendingSubmissions(
  options: { limit?: number; now?: Date; afterEach?: (applied: AppliedSubmission) => Promise<void> } = {},
): Promise<{ claimed: number; applied: AppliedSubmission[] }> {
  const now = options.now ?? new Date();
  return getDb().transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(pendingFormSubmissions)
      .where(
        and(
          lte(pendingFormSubmissions.notBefore, now),
          lt(pendingFormSubmissions.attempts, MAX_SUBMISSION_ATTEMPTS),
        ),
      )
      .orderBy(asc(pendingFormSubmissions.notBefore))
      .limit(options.limit ?? BATCH)
      .for("update", { skipLocked: true });
    if (rows.length === 0) return { claimed: 0, applied: [] };
    // Applied before (a pending row stored again after its apply cannot happen, but costs nothing to rule out).
    const done = new Set(
      (
        await tx
          .select({ formId: formSubmissions.formId, key: formSubmissions.idempotencyKey })
          .from(formSubmissions)
          .where(
            or(
              ...rows.map((r) =>
                and(
                  eq(formSubmissions.formId, r.formId),
                  eq(formSubmissions.idempotencyKey, r.idempotencyKey),
                ),
              ),
            ),
          )
      ).map((r) => `${r.formId}|${r.key}`),
    );
    const finished: string[] = [];
    const applied: AppliedSubmission[] = [];
    for (const row of rows) {
      if (done.has(`${row.formId}|${row.idempotencyKey}`)) {
        finished.push(row.id);
        continue;
      }
      let contactId: string;
      try {
        contactId = await tx.transaction((savepoint) => applyPendingSubmission(savepoint, row));
      } catch (error) {
        console.error("public form: a submission could not be applied (tried again later)", error);
        await tx
          .update(pendingFormSubmissions)
          .set({
            attempts: row.attempts + 1,
            lastError: failureSummary(error),
            // Two first submissions of one phone at once in two workers: the second finds the contact a second later.
            notBefore: new Date(now.getTime() + Math.min(3_600_000, 1_000 * 4 ** row.attempts)),
          })
          .where(eq(pendingFormSubmissions.id, row.id));
        continue;
      }
      finished.push(row.id);
      const payload = row.payload as PendingPayload;
      const result = {
        formId: row.formId,
        accountId: row.accountId,
        idempotencyKey: row.idempotencyKey,
        contactId,
        submittedAt: row.submittedAt,
        values: payload.values,
        contact: payload.contact,
        productIds: payload.productIds,
        ip: row.ip,
      };
      applied.push(result);
      await options.afterEach?.(result);
    }
    if (finished.length > 0)
      await tx.delete(pendingFormSubmissions).where(inArray(pendingFormSubmissions.id, finished));
    return { claimed: rows.length, applied };
  });
}

/**
 * What a failure leaves on its row: the database's SQLSTATE and its own message when there is one
 * (the query error around it quotes the statement's parameters, the visitor's answers, which the
 * row need not hold twice); any other error's message. The code tells the admin's banner which
 * plain words to show (stuck-submissions.server.ts).
 */
export function failureSummary(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code))
      return `${code} ${String(message ?? "")}`.slice(0, 500);
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * The job: batches until nothing due is left. In a process that also serves the web, each batch
 * first waits out a burst of requests (yieldToWeb), so answers come first and the apply catches up.
 */
export async function runApplySubmissionsJob(options: { signal?: AbortSignal } = {}): Promise<number> {
  let total = 0;
  for (;;) {
    if (options.signal?.aborted) throw new Error("the worker stopped");
    await yieldToWeb();
    const { claimed, applied } = await applyPendingSubmissions();
    total += applied.length;
    // "Submissions were applied" (committed): their 'Form Submitted' events for the optional CRM.
    if (applied.length > 0)
      await forwardFormSubmittedToCrm(
        applied.map((a) => ({
          accountId: a.accountId,
          formId: a.formId,
          firstName: a.contact.firstName,
          lastName: a.contact.lastName,
          phone: a.contact.phone,
          email: a.contact.email,
          productIds: a.productIds,
          ip: a.ip,
          submittedAt: a.submittedAt,
        })),
      );
    if (claimed === 0) return total;
  }
}

/** One submission, as one unit: the contact, consent, attributes, products and the form_submissions row. */
async function applyPendingSubmission(tx: Tx, row: PendingRow): Promise<string> {
  const payload = row.payload as PendingPayload;
  const { accountId, submittedAt } = row;
  const contactId = await upsertContact(tx, accountId, payload.contact, submittedAt);
  await tx.insert(consentEvents).values({
    accountId,
    contactId,
    channel: "sms",
    kind: "opt_in",
    source: "form",
    consentText: row.consentText,
    ip: row.ip,
    createdAt: submittedAt,
  });
  const contactValues = Object.entries(payload.contactAttributes);
  if (contactValues.length > 0) {
    // An attribute deleted since the submission fails the apply, as its foreign key did (0037).
    if (
      !(await lockValueTargets(
        tx,
        accountId,
        contactId,
        contactValues.map(([id]) => id),
      ))
    )
      throw new MissingTargetError("An attribute of the submission is no longer the company's");
    await tx
      .insert(contactAttributeValues)
      .values(contactValues.map(([attributeId, value]) => ({ accountId, contactId, attributeId, value })))
      .onConflictDoUpdate({
        target: [contactAttributeValues.contactId, contactAttributeValues.attributeId],
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });
  }
  const scope = { account: { id: accountId } };
  for (const productId of payload.productIds) {
    const link = await linkContactToProduct(tx, scope, contactId, productId);
    const values = Object.entries(ownEntry(payload.productAttributes, productId) ?? {});
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
  await tx.insert(formSubmissions).values({
    formId: row.formId,
    accountId,
    contactId,
    idempotencyKey: row.idempotencyKey,
    values: payload.values,
    consentText: row.consentText,
    ip: row.ip,
    createdAt: submittedAt,
  });
  return contactId;
}

/** Phone first, then email; a found contact gets the names, and the phone or email it lacked. */
async function upsertContact(
  tx: Tx,
  accountId: string,
  input: ContactFields,
  submittedAt: Date,
): Promise<string> {
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
      .values({ accountId, ...input, smsConsent: "opted_in", createdAt: submittedAt, updatedAt: submittedAt })
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

/**
 * A row the submission writes to is gone (an attribute deleted since the post). The foreign key
 * refused this before migration 0037; the error keeps its SQLSTATE (foreign_key_violation), so the
 * stuck-submissions banner still reads it as "deleted" (stuck-submissions.server.ts).
 */
class MissingTargetError extends Error {
  readonly code = "23503";
}
