import { and, eq } from "drizzle-orm";
import type { Db } from "#db/client.server";
import { accounts, webchatEmailTemplates } from "#db/schema";
import type { TemplateKind } from "./template-html";
import { defaultTemplate, renderTemplate, type TemplateCopy, type TemplateValues } from "./template-render";

/** The copy the chat sends: the company's applied template, or the default one. */
export async function appliedTemplate(db: Db, accountId: string, kind: TemplateKind): Promise<TemplateCopy> {
  const [found] = await db
    .select({
      company: accounts.company,
      subject: webchatEmailTemplates.subject,
      body: webchatEmailTemplates.body,
    })
    .from(accounts)
    .leftJoin(
      webchatEmailTemplates,
      and(eq(webchatEmailTemplates.accountId, accounts.id), eq(webchatEmailTemplates.kind, kind)),
    )
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (found?.subject != null && found.body != null) return { subject: found.subject, body: found.body };
  return defaultTemplate(kind, found?.company ?? "");
}

/**
 * One of the chat's emails for a contact of the company, ready to send: the applied template (or
 * the default), filled with the values (escaped; link variables as links), as sanitised HTML and
 * plain text. `attributes` are the contact's attribute values keyed by the attribute's title
 * (attributes.title), as the editor writes them: {{attribute:Skin type}}.
 */
export async function renderChatEmail(
  db: Db,
  accountId: string,
  kind: "welcome" | "newMessage" | "magicLink",
  variables: TemplateValues,
): Promise<{ subject: string; html: string; text: string }> {
  return renderTemplate(await appliedTemplate(db, accountId, kind), variables);
}
