import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, attributes, formViewCounts, microsites } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import type { FormLanguage } from "./form-document";
import { defaultFieldElements } from "./form-elements";
import { type FormRecord, onFormChanged, toFormRecord } from "./forms.server";
import { type PublicField, publicFields } from "./public-fields";
import { richTextToPlain, withCompany } from "./rich-text";

/**
 * What the public page needs of a form, with the types of the attributes its fields ask for, read
 * once and kept in memory: a visitor's page load and submit cost no query. A save through
 * forms.server.ts drops the form here at once (in this process). Other processes see a save, an
 * unpublish or an attribute's new type within about a second: a copy older than CACHE_TTL_MS is
 * still served while it is read again in the background (one read per form at a time), and replaced
 * by the new one (the same object when nothing changed, so the page built from it stays cached).
 */

export type PublicForm = {
  form: FormRecord;
  companyName: string;
  /** The company's country: the one a phone number written without "+country code" is read in. */
  country: string;
  language: FormLanguage;
  fields: PublicField[];
  /** The consent text as the visitor reads it ({{COMPANY}} replaced, markup removed): the record. */
  consentText: string | null;
  /** The company's attributes the fields ask for, by id (a deleted one is missing). */
  attributeTypes: Record<string, Pick<typeof attributes.$inferSelect, "type" | "scope">>;
};

export type PublicFormState =
  | { status: "ok"; form: PublicForm }
  | { status: "not_found" }
  | { status: "disabled"; language: FormLanguage }
  | { status: "empty"; language: FormLanguage };

const CACHE_TTL_MS = 1_000;
const CACHE_MAX = 5_000;
type Cached = { state: PublicFormState; at: number; fingerprint: string; refreshing?: Promise<unknown> };
const cache = new Map<string, Cached>();
onFormChanged((id) => cache.delete(id));

export function clearPublicFormCache() {
  cache.clear();
}

export async function loadPublicForm(id: string, now = Date.now()): Promise<PublicFormState> {
  if (!isUuid(id)) return { status: "not_found" };
  const hit = cache.get(id);
  if (hit) {
    if (now - hit.at >= CACHE_TTL_MS && !hit.refreshing) {
      hit.refreshing = readPublicForm(id)
        .then((fresh) => remember(id, fresh, Date.now()))
        .catch((error) => {
          hit.refreshing = undefined;
          console.error("public form: could not read it again", error);
        });
    }
    return hit.state;
  }
  const fresh = await readPublicForm(id);
  return remember(id, fresh, now).state;
}

function remember(id: string, fresh: { state: PublicFormState; fingerprint: string }, at: number): Cached {
  const old = cache.get(id);
  // Unchanged: the same object, so what was built from it (the page) is kept.
  const state = old && old.fingerprint === fresh.fingerprint ? old.state : fresh.state;
  if (!old && cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  const entry = { state, at, fingerprint: fresh.fingerprint };
  cache.set(id, entry);
  return entry;
}

async function readPublicForm(id: string): Promise<{ state: PublicFormState; fingerprint: string }> {
  const [row] = await getDb()
    .select({ form: microsites, companyName: accounts.company, country: accounts.country })
    .from(microsites)
    .innerJoin(accounts, eq(accounts.id, microsites.accountId))
    .where(eq(microsites.id, id));
  if (!row) return { state: { status: "not_found" }, fingerprint: "not_found" };
  const form = toFormRecord(row.form);
  const language = form.style.formLanguage === "fr" ? "fr" : "en";
  const fields = publicFields(form.elements, language);
  const attributeIds = [
    ...new Set(fields.map((f) => f.element.attributeId).filter((a): a is string => isUuid(a))),
  ];
  const known =
    attributeIds.length === 0
      ? []
      : await getDb()
          .select({ id: attributes.id, type: attributes.type, scope: attributes.scope })
          .from(attributes)
          .where(and(eq(attributes.accountId, form.accountId), inArray(attributes.id, attributeIds)));
  const attributeTypes = Object.fromEntries(known.map((a) => [a.id, { type: a.type, scope: a.scope }]));
  const fingerprint = JSON.stringify([row, attributeTypes]);
  if (form.disabled) return { state: { status: "disabled", language }, fingerprint };
  if (form.elements.length === 0) return { state: { status: "empty", language }, fingerprint };
  const consent = defaultFieldElements(form.elements).consent;
  const consentText = consent?.textValue
    ? withCompany(richTextToPlain(consent.textValue), row.companyName)
    : null;
  return {
    state: {
      status: "ok",
      form: {
        form,
        companyName: row.companyName,
        country: row.country,
        language,
        fields,
        consentText,
        attributeTypes,
      },
    },
    fingerprint,
  };
}

// ---------------------------------------------------------------------------------------------
// 'Form Page Loads': counted in memory and written as one upsert per form and day every few seconds,
// so a page load costs no database write.

const FLUSH_EVERY_MS = 5_000;
const pendingViews = new Map<string, { formId: string; accountId: string; day: string; views: number }>();
let flushTimer: ReturnType<typeof setTimeout> | null = null;

export function recordPageLoad(formId: string, accountId: string, now = new Date()) {
  const day = now.toISOString().slice(0, 10);
  const key = `${formId}|${day}`;
  const entry = pendingViews.get(key);
  if (entry) entry.views += 1;
  else pendingViews.set(key, { formId, accountId, day, views: 1 });
  if (!flushTimer) {
    flushTimer = setTimeout(() => void flushPageLoads().catch(() => undefined), FLUSH_EVERY_MS);
    flushTimer.unref?.();
  }
}

/** Writes the counted page loads (tests and shutdown call it; the timer does otherwise). */
export async function flushPageLoads(): Promise<void> {
  if (flushTimer) clearTimeout(flushTimer);
  flushTimer = null;
  const rows = [...pendingViews.values()];
  pendingViews.clear();
  if (rows.length === 0) return;
  try {
    await getDb()
      .insert(formViewCounts)
      .values(rows)
      .onConflictDoUpdate({
        target: [formViewCounts.formId, formViewCounts.day],
        set: { views: sql`${formViewCounts.views} + excluded.views` },
      });
  } catch {
    // A form deleted meanwhile (foreign key): its views go with it.
  }
}
