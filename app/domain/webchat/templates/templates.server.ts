import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "#db/client.server";
import { accounts, webchatEmailTemplates } from "#db/schema";
import {
  MAX_BODY_LENGTH,
  MAX_SUBJECT_LENGTH,
  sanitizeTemplateHtml,
  TEMPLATE_KINDS,
  type TemplateKind,
} from "./template-html";
import { defaultTemplate, type TemplateCopy } from "./template-render";

export type Actor = { accountId: string; userId: string };

/** One template as the editor lists it: the applied copy (or the default) and the kept draft. */
export type TemplateView = {
  id: string | null;
  kind: TemplateKind;
  saved: TemplateCopy;
  isDefault: boolean;
  savedAt: string | null;
  draft: TemplateCopy | null;
};

/** A template's copy as posted: a subject, and a body that is not empty once sanitised. */
export const templateCopySchema = z.object({
  subject: z.string().trim().min(1).max(MAX_SUBJECT_LENGTH),
  body: z
    .string()
    .max(MAX_BODY_LENGTH)
    .transform(sanitizeTemplateHtml)
    .refine((body) => body.replace(/<[^>]*>/g, "").trim().length > 0),
});
/** A draft may be anything the editor holds, empty included: it is kept, not sent. */
const draftSchema = z.object({
  subject: z.string().max(MAX_SUBJECT_LENGTH),
  body: z.string().max(MAX_BODY_LENGTH).transform(sanitizeTemplateHtml),
});

/** The three templates of the company, in the spec's order (Welcome, New Message, New Magic Link). */
export async function listTemplates(db: Db, accountId: string): Promise<TemplateView[]> {
  const [rows, [account]] = await Promise.all([
    db.select().from(webchatEmailTemplates).where(eq(webchatEmailTemplates.accountId, accountId)),
    db.select({ company: accounts.company }).from(accounts).where(eq(accounts.id, accountId)),
  ]);
  return TEMPLATE_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    const applied = row?.subject != null && row.body != null;
    const saved = applied
      ? { subject: row.subject ?? "", body: row.body ?? "" }
      : defaultTemplate(kind, account?.company ?? "");
    const draft =
      row?.draftSubject != null && row.draftBody != null
        ? { subject: row.draftSubject, body: row.draftBody }
        : null;
    return {
      id: row?.id ?? null,
      kind,
      saved,
      isDefault: !applied,
      savedAt: row?.savedAt?.toISOString() ?? null,
      draft,
    };
  });
}

/** Keeps the editor's copy as it is typed (the autosave); a reload opens it again. */
export async function saveTemplateDraft(db: Db, actor: Actor, kind: TemplateKind, input: unknown) {
  const parsed = draftSchema.safeParse(input);
  if (!parsed.success) return { ok: false as const };
  const draft = { draftSubject: parsed.data.subject, draftBody: parsed.data.body, draftAt: new Date() };
  await db
    .insert(webchatEmailTemplates)
    .values({ accountId: actor.accountId, kind, ...draft })
    .onConflictDoUpdate({
      target: [webchatEmailTemplates.accountId, webchatEmailTemplates.kind],
      set: draft,
    });
  return { ok: true as const };
}

/** Drops the kept draft (the edit went back to the applied copy). */
export async function discardTemplateDraft(db: Db, actor: Actor, kind: TemplateKind) {
  await db
    .update(webchatEmailTemplates)
    .set({ draftSubject: null, draftBody: null, draftAt: null })
    .where(and(eq(webchatEmailTemplates.accountId, actor.accountId), eq(webchatEmailTemplates.kind, kind)));
}

/**
 * Apply: the copy (body sanitised) becomes the template the chat sends, and the draft is dropped.
 * Answers the template's id (the spec's "response id must match").
 */
export async function applyTemplate(
  db: Db,
  actor: Actor,
  kind: TemplateKind,
  input: unknown,
): Promise<{ ok: true; id: string; saved: TemplateCopy } | { ok: false }> {
  const parsed = templateCopySchema.safeParse(input);
  if (!parsed.success) return { ok: false };
  const applied = {
    subject: parsed.data.subject,
    body: parsed.data.body,
    savedAt: new Date(),
    savedBy: actor.userId,
    draftSubject: null,
    draftBody: null,
    draftAt: null,
  };
  const [row] = await db
    .insert(webchatEmailTemplates)
    .values({ accountId: actor.accountId, kind, ...applied })
    .onConflictDoUpdate({
      target: [webchatEmailTemplates.accountId, webchatEmailTemplates.kind],
      set: applied,
    })
    .returning({ id: webchatEmailTemplates.id });
  if (!row) return { ok: false };
  return { ok: true, id: row.id, saved: { subject: parsed.data.subject, body: parsed.data.body } };
}
