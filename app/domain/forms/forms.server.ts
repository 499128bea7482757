import { and, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import { getDb } from "#db/client.server";
import { microsites } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import { ownEntry } from "~/domain/kernel/own-entry";
import type { AccountScope } from "~/domain/kernel/scope";
import {
  defaultFormDocument,
  FORM_LIST_LIMIT,
  type FormDocument,
  type FormElement,
  type FormStyle,
  formDocumentSchema,
  formElementSchema,
  formElementsSchema,
  formStyleSchema,
  MAX_ELEMENTS,
  TEMPLATE_NAMES,
  type TemplateName,
} from "./form-document";
import { formImageKeys, lockFormImages, removeFormImages, unusedFormImages } from "./form-images.server";

/**
 * Saved sign-up forms of a company (spec 3 §2.1, §4.1, §7 "Forms"). Every function takes the caller's
 * company and never reads or writes another company's form. Documents are checked with
 * formDocumentSchema on every write; writes drop the public page's cached copy of the form.
 */

export type FormRecord = {
  id: string;
  accountId: string;
  /** true: unpublished. */
  disabled: boolean;
  templateName: TemplateName;
  elements: FormElement[];
  style: FormStyle;
  createdAt: Date;
  updatedAt: Date;
};

export type FormWriteResult =
  | { ok: true; form: FormRecord }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; issues: string[] };

type Row = typeof microsites.$inferSelect;

/**
 * Stored documents were checked on write; an older or hand-edited one keeps each value the schema
 * accepts, field by field, and falls back to the defaults for the rest (an element without a valid id
 * or type is left out). Nothing unchecked reaches the public page, whose CSS and attributes take
 * these values as they are (render-form.ts).
 */
export function toFormRecord(row: Row): FormRecord {
  const defaults = defaultFormDocument();
  const elements = formElementsSchema.safeParse(row.elements);
  const style = formStyleSchema.safeParse(row.style);
  return {
    id: row.id,
    accountId: row.accountId,
    disabled: row.disabled,
    templateName: (TEMPLATE_NAMES as readonly string[]).includes(row.templateName)
      ? (row.templateName as TemplateName)
      : defaults.templateName,
    elements: elements.success ? elements.data : checkedElements(row.elements),
    style: style.success ? style.data : { ...defaults.style, ...checkedFields(formStyleSchema, row.style) },
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The fields of `value` that `schema`'s own field schemas accept (the others left out). */
function checkedFields<T extends z.ZodObject>(schema: T, value: unknown): Partial<z.infer<T>> {
  if (!value || typeof value !== "object") return {};
  const kept: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const parsed = (field as z.ZodType).safeParse(ownEntry(value as Record<string, unknown>, key));
    if (parsed.success && parsed.data !== undefined) kept[key] = parsed.data;
  }
  return kept as Partial<z.infer<T>>;
}

function checkedElements(value: unknown): FormElement[] {
  if (!Array.isArray(value)) return defaultFormDocument().elements;
  return value.slice(0, MAX_ELEMENTS).flatMap((element) => {
    const parsed = formElementSchema.safeParse(checkedFields(formElementSchema, element));
    return parsed.success ? [parsed.data] : [];
  });
}

function checkDocument(
  input: unknown,
): { ok: true; document: FormDocument } | { ok: false; issues: string[] } {
  const parsed = formDocumentSchema.safeParse(input);
  if (parsed.success) return { ok: true, document: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`) };
}

/** The list (§2.1): the two shown layouts only, most recently updated first, at most 999. */
export async function listForms(context: AccountScope): Promise<FormRecord[]> {
  const rows = await getDb()
    .select()
    .from(microsites)
    .where(
      and(
        eq(microsites.accountId, context.account.id),
        inArray(microsites.templateName, [...TEMPLATE_NAMES]),
      ),
    )
    .orderBy(desc(microsites.updatedAt), desc(microsites.id))
    .limit(FORM_LIST_LIMIT);
  return rows.map(toFormRecord);
}

export async function getForm(context: AccountScope, id: string): Promise<FormRecord | null> {
  if (!isUuid(id)) return null;
  const [row] = await getDb()
    .select()
    .from(microsites)
    .where(and(eq(microsites.id, id), eq(microsites.accountId, context.account.id)));
  return row ? toFormRecord(row) : null;
}

/** The first Save (§4.1): creates the form, unpublished unless `disabled: false` is given. */
export async function createForm(
  context: AccountScope,
  input: FormDocument & { disabled?: boolean },
): Promise<FormWriteResult> {
  const checked = checkDocument(input);
  if (!checked.ok) return { ok: false, reason: "invalid", issues: checked.issues };
  const { templateName, elements, style } = checked.document;
  const row = await getDb().transaction(async (tx) => {
    // Its images were uploaded before this first save: the unsaved-image sweep must not remove one now.
    await lockFormImages(tx, context.account.id);
    const [created] = await tx
      .insert(microsites)
      .values({
        accountId: context.account.id,
        disabled: input.disabled ?? true,
        templateName,
        elements,
        style,
      })
      .returning();
    return created;
  });
  return { ok: true, form: toFormRecord(row) };
}

/**
 * Later Saves (§4.1): replaces the document; `disabled` given publishes or unpublishes in the same
 * write (Publish saves with disabled false), omitted keeps the current state.
 */
export async function updateForm(
  context: AccountScope,
  id: string,
  input: FormDocument & { disabled?: boolean },
): Promise<FormWriteResult> {
  if (!isUuid(id)) return { ok: false, reason: "not_found" };
  const checked = checkDocument(input);
  if (!checked.ok) return { ok: false, reason: "invalid", issues: checked.issues };
  const { templateName, elements, style } = checked.document;
  const accountId = context.account.id;
  const written = await getDb().transaction(async (tx) => {
    await lockFormImages(tx, accountId);
    const [before] = await tx
      .select({ elements: microsites.elements, style: microsites.style })
      .from(microsites)
      .where(and(eq(microsites.id, id), eq(microsites.accountId, accountId)))
      .for("update");
    if (!before) return null;
    const [row] = await tx
      .update(microsites)
      .set({
        templateName,
        elements,
        style,
        ...(input.disabled === undefined ? {} : { disabled: input.disabled }),
        updatedAt: new Date(),
      })
      .where(eq(microsites.id, id))
      .returning();
    // Images this save dropped (a replaced logo or background, a removed image element).
    const kept = formImageKeys(accountId, { elements, style });
    const dropped = [...formImageKeys(accountId, before)].filter((key) => !kept.has(key));
    return { row, unused: await unusedFormImages(tx, accountId, dropped) };
  });
  if (!written?.row) return { ok: false, reason: "not_found" };
  formChanged(id);
  await removeFormImages(written.unused);
  return { ok: true, form: toFormRecord(written.row) };
}

/** Publish (disabled false) or unpublish (disabled true) without touching the document (§4.1). */
export async function setPublished(
  context: AccountScope,
  id: string,
  published: boolean,
): Promise<FormWriteResult> {
  if (!isUuid(id)) return { ok: false, reason: "not_found" };
  const [row] = await getDb()
    .update(microsites)
    .set({ disabled: !published, updatedAt: new Date() })
    .where(and(eq(microsites.id, id), eq(microsites.accountId, context.account.id)))
    .returning();
  if (!row) return { ok: false, reason: "not_found" };
  formChanged(id);
  return { ok: true, form: toFormRecord(row) };
}

/** Copy (§2.1): a new unpublished form with the same document, its name suffixed '-Copied'. */
export async function copyForm(context: AccountScope, id: string): Promise<FormWriteResult> {
  if (!isUuid(id)) return { ok: false, reason: "not_found" };
  const accountId = context.account.id;
  const row = await getDb().transaction(async (tx) => {
    // Its images are shared with the copy: no deletion may remove them meanwhile.
    await lockFormImages(tx, accountId);
    const [found] = await tx
      .select()
      .from(microsites)
      .where(and(eq(microsites.id, id), eq(microsites.accountId, accountId)));
    if (!found) return null;
    const source = toFormRecord(found);
    const style = { ...source.style, micrositeName: `${source.style.micrositeName}-Copied`.slice(0, 200) };
    const [copied] = await tx
      .insert(microsites)
      .values({
        accountId,
        disabled: true,
        templateName: source.templateName,
        elements: source.elements,
        style,
      })
      .returning();
    return copied;
  });
  if (!row) return { ok: false, reason: "not_found" };
  return { ok: true, form: toFormRecord(row) };
}

/** Delete (§2.1); its uploaded images go too, unless another form (a copy) shows them. */
export async function deleteForm(context: AccountScope, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const accountId = context.account.id;
  const removed = await getDb().transaction(async (tx) => {
    await lockFormImages(tx, accountId);
    const [row] = await tx
      .delete(microsites)
      .where(and(eq(microsites.id, id), eq(microsites.accountId, accountId)))
      .returning({ elements: microsites.elements, style: microsites.style });
    if (!row) return null;
    return { unused: await unusedFormImages(tx, accountId, formImageKeys(accountId, row)) };
  });
  formChanged(id);
  if (!removed) return false;
  await removeFormImages(removed.unused);
  return true;
}

// ---------------------------------------------------------------------------------------------
// Change listeners: the public page keeps published forms in memory and drops a form when it changes.

const listeners = new Set<(formId: string) => void>();

export function onFormChanged(listener: (formId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function formChanged(formId: string) {
  for (const listener of listeners) listener(formId);
}
