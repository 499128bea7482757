import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Tx } from "#db/client.server";
import {
  attributes,
  contactAttributeValues,
  contactProducts,
  contacts,
  productAttributeValues,
} from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import { ownEntry } from "~/domain/kernel/own-entry";
import type { AccountScope } from "~/domain/kernel/scope";
import { getContact } from "./contacts.server";
import { type AttributeScope, attributeSchema, validateAttributeValue } from "./schemas";

export type AttributeRow = typeof attributes.$inferSelect;
export type AttributeField = Pick<AttributeRow, "id" | "title" | "type"> & { value: string | null };
/** Submitted values by attribute id ("" clears a value). */
export type AttributeValues = Record<string, string>;
export type AttributeSaveResult =
  | { ok: true }
  | { ok: false; reason: "not_found" }
  | { ok: false; reason: "invalid"; errors: Record<string, string> };

/** The company's attributes of one scope, oldest first (the order the forms show them in). */
export async function listAttributes(context: AccountScope, scope: AttributeScope) {
  return getDb()
    .select({ id: attributes.id, title: attributes.title, type: attributes.type })
    .from(attributes)
    .where(and(eq(attributes.accountId, context.account.id), eq(attributes.scope, scope)))
    .orderBy(asc(attributes.createdAt), asc(attributes.title));
}

/** Adds an attribute; a title is unique per company and scope, whatever its case. */
export async function createAttribute(
  context: AccountScope,
  input: { title: string; type: string; scope?: string },
): Promise<{ ok: true; attribute: AttributeRow } | { ok: false; reason: "invalid" | "duplicate" }> {
  const parsed = attributeSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "invalid" };
  const [attribute] = await getDb()
    .insert(attributes)
    .values({ accountId: context.account.id, ...parsed.data })
    .onConflictDoNothing()
    .returning();
  return attribute ? { ok: true, attribute } : { ok: false, reason: "duplicate" };
}

/** Checks every submitted value against its attribute's type; unknown ids make the whole save fail. */
async function checkValues(context: AccountScope, scope: AttributeScope, values: AttributeValues) {
  const ids = Object.keys(values);
  if (ids.some((id) => !isUuid(id))) return null;
  const known = ids.length
    ? await getDb()
        .select({ id: attributes.id, type: attributes.type })
        .from(attributes)
        .where(
          and(
            eq(attributes.accountId, context.account.id),
            eq(attributes.scope, scope),
            inArray(attributes.id, ids),
          ),
        )
    : [];
  if (known.length !== ids.length) return null;
  const errors: Record<string, string> = {};
  const toSet: { attributeId: string; value: string }[] = [];
  const toClear: string[] = [];
  for (const { id, type } of known) {
    const check = validateAttributeValue(type, ownEntry(values, id) ?? "");
    if (!check.ok) errors[id] = check.message;
    else if (check.value === null) toClear.push(id);
    else toSet.push({ attributeId: id, value: check.value });
  }
  return { errors, toSet, toClear };
}

/** The company's contact attributes with this contact's values; null when the contact is not the company's. */
export async function contactAttributeForm(context: AccountScope, contactId: string) {
  if (!(await getContact(context, contactId))) return null;
  return getDb()
    .select({
      id: attributes.id,
      title: attributes.title,
      type: attributes.type,
      value: contactAttributeValues.value,
    })
    .from(attributes)
    .leftJoin(
      contactAttributeValues,
      and(
        eq(contactAttributeValues.attributeId, attributes.id),
        eq(contactAttributeValues.contactId, contactId),
      ),
    )
    .where(and(eq(attributes.accountId, context.account.id), eq(attributes.scope, "contact")))
    .orderBy(asc(attributes.createdAt), asc(attributes.title)) satisfies Promise<AttributeField[]>;
}

/** Saves a contact's attribute values, all or none: any value of the wrong type refuses the save. */
export async function saveContactAttributes(
  context: AccountScope,
  contactId: string,
  values: AttributeValues,
): Promise<AttributeSaveResult> {
  if (!(await getContact(context, contactId))) return { ok: false, reason: "not_found" };
  const checked = await checkValues(context, "contact", values);
  if (!checked) return { ok: false, reason: "not_found" };
  if (Object.keys(checked.errors).length) return { ok: false, reason: "invalid", errors: checked.errors };
  const saved = await getDb().transaction(async (tx) => {
    const attributeIds = checked.toSet.map((v) => v.attributeId);
    if (!(await lockValueTargets(tx, context.account.id, contactId, attributeIds))) return false;
    if (checked.toClear.length)
      await tx
        .delete(contactAttributeValues)
        .where(
          and(
            eq(contactAttributeValues.contactId, contactId),
            inArray(contactAttributeValues.attributeId, checked.toClear),
          ),
        );
    if (checked.toSet.length)
      await tx
        .insert(contactAttributeValues)
        .values(checked.toSet.map((v) => ({ ...v, contactId, accountId: context.account.id })))
        .onConflictDoUpdate({
          target: [contactAttributeValues.contactId, contactAttributeValues.attributeId],
          set: { value: sql`excluded.value`, updatedAt: new Date() },
        });
    return true;
  });
  return saved ? { ok: true } : { ok: false, reason: "not_found" };
}

/**
 * Before attribute values are written in `tx`: whether the contact and every attribute are the
 * company's, locked (FOR KEY SHARE, as a foreign key check locks them) so that neither is deleted
 * before the transaction ends. contact_attribute_values has no foreign keys (migration 0037): every
 * writer of it calls this, but the CSV import, whose merge does the same for a whole batch.
 */
export async function lockValueTargets(tx: Tx, accountId: string, contactId: string, attributeIds: string[]) {
  const contact = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.accountId, accountId)))
    .for("key share");
  if (contact.length === 0) return false;
  const wanted = new Set(attributeIds);
  if (wanted.size === 0) return true;
  const found = await tx
    .select({ id: attributes.id })
    .from(attributes)
    .where(and(eq(attributes.accountId, accountId), inArray(attributes.id, [...wanted])))
    .for("key share");
  return found.length === wanted.size;
}

/** A contact-product link of the company, or null. */
export async function getContactProductLink(context: AccountScope, linkId: string) {
  if (!isUuid(linkId)) return null;
  const [link] = await getDb()
    .select()
    .from(contactProducts)
    .where(and(eq(contactProducts.id, linkId), eq(contactProducts.accountId, context.account.id)));
  return link ?? null;
}

/** The company's product attributes with the values of one contact-product link. */
export async function productAttributeForm(context: AccountScope, linkId: string) {
  if (!(await getContactProductLink(context, linkId))) return null;
  return getDb()
    .select({
      id: attributes.id,
      title: attributes.title,
      type: attributes.type,
      value: productAttributeValues.value,
    })
    .from(attributes)
    .leftJoin(
      productAttributeValues,
      and(
        eq(productAttributeValues.attributeId, attributes.id),
        eq(productAttributeValues.contactProductId, linkId),
      ),
    )
    .where(and(eq(attributes.accountId, context.account.id), eq(attributes.scope, "product")))
    .orderBy(asc(attributes.createdAt), asc(attributes.title)) satisfies Promise<AttributeField[]>;
}

/** Saves the product attribute values of one contact-product link, all or none. */
export async function saveProductAttributes(
  context: AccountScope,
  linkId: string,
  values: AttributeValues,
): Promise<AttributeSaveResult> {
  if (!(await getContactProductLink(context, linkId))) return { ok: false, reason: "not_found" };
  const checked = await checkValues(context, "product", values);
  if (!checked) return { ok: false, reason: "not_found" };
  if (Object.keys(checked.errors).length) return { ok: false, reason: "invalid", errors: checked.errors };
  await getDb().transaction(async (tx) => {
    if (checked.toClear.length)
      await tx
        .delete(productAttributeValues)
        .where(
          and(
            eq(productAttributeValues.contactProductId, linkId),
            inArray(productAttributeValues.attributeId, checked.toClear),
          ),
        );
    if (checked.toSet.length)
      await tx
        .insert(productAttributeValues)
        .values(checked.toSet.map((v) => ({ ...v, contactProductId: linkId, accountId: context.account.id })))
        .onConflictDoUpdate({
          target: [productAttributeValues.contactProductId, productAttributeValues.attributeId],
          set: { value: sql`excluded.value`, updatedAt: new Date() },
        });
  });
  return { ok: true };
}

/** Reads `attr.<id>` fields of a submitted attribute form. */
export function attributeValuesFrom(form: FormData): AttributeValues {
  const values = new Map<string, string>();
  for (const [key, value] of form.entries()) {
    if (key.startsWith("attr.") && typeof value === "string") values.set(key.slice(5), value);
  }
  return Object.fromEntries(values);
}
