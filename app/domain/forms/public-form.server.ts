import { eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, formViewCounts, microsites } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import { defaultFieldElements, type FormLanguage } from "./form-document";
import { type FormRecord, onFormChanged, toFormRecord } from "./forms.server";
import { type PublicField, publicFields } from "./public-fields";
import { richTextToPlain, withCompany } from "./rich-text";

/**
 * What the public page needs of a form, read once and kept in memory: a visitor's page load and
 * submit cost no form query while the form is unchanged. A save through forms.server.ts drops the
 * form here at once (in this process); other processes see it within CACHE_TTL_MS.
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
};

export type PublicFormState =
  | { status: "ok"; form: PublicForm }
  | { status: "not_found" }
  | { status: "disabled"; language: FormLanguage }
  | { status: "empty"; language: FormLanguage };

const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 5_000;
const cache = new Map<string, { state: PublicFormState; at: number }>();
onFormChanged((id) => cache.delete(id));

export function clearPublicFormCache() {
  cache.clear();
}

export async function loadPublicForm(id: string, now = Date.now()): Promise<PublicFormState> {
  if (!isUuid(id)) return { status: "not_found" };
  const hit = cache.get(id);
  if (hit && now - hit.at < CACHE_TTL_MS) return hit.state;
  const state = await readPublicForm(id);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(id, { state, at: now });
  return state;
}

async function readPublicForm(id: string): Promise<PublicFormState> {
  const [row] = await getDb()
    .select({ form: microsites, companyName: accounts.company, country: accounts.country })
    .from(microsites)
    .innerJoin(accounts, eq(accounts.id, microsites.accountId))
    .where(eq(microsites.id, id));
  if (!row) return { status: "not_found" };
  const form = toFormRecord(row.form);
  const language = form.style.formLanguage === "fr" ? "fr" : "en";
  if (form.disabled) return { status: "disabled", language };
  if (form.elements.length === 0) return { status: "empty", language };
  const consent = defaultFieldElements(form.elements).consent;
  const consentText = consent?.textValue
    ? withCompany(richTextToPlain(consent.textValue), row.companyName)
    : null;
  return {
    status: "ok",
    form: {
      form,
      companyName: row.companyName,
      country: row.country,
      language,
      fields: publicFields(form.elements, language),
      consentText,
    },
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
