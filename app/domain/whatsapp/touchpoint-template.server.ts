import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { whatsappTemplates } from "#db/schema";
import type { AccountScope } from "~/domain/kernel/scope";
import { TEMPLATE_PARAMETER_SOURCES, templateMessage } from "./template-text";

/**
 * A WhatsApp touchpoint's template, as the editor chose it: one of the company's approved templates,
 * each {{n}} mapped to a contact field or LINK. Its message becomes the template's text with those
 * placeholders, so the journeys render it as any other message (and the sender reads the values
 * back from it). No template, or another channel: free text, the template columns cleared.
 */

export type TemplateColumns = {
  whatsappTemplateName: string | null;
  whatsappTemplateLanguage: string | null;
  whatsappTemplateParameters: string[] | null;
};

const FREE_TEXT: TemplateColumns = {
  whatsappTemplateName: null,
  whatsappTemplateLanguage: null,
  whatsappTemplateParameters: null,
};

export async function templateColumnsFor(
  scope: AccountScope,
  input: { channel: string; whatsappTemplate?: string; whatsappParameters?: string },
): Promise<{ ok: true; columns: TemplateColumns; message?: string } | { ok: false }> {
  if (input.channel !== "whatsapp" || !input.whatsappTemplate) return { ok: true, columns: FREE_TEXT };
  const cut = input.whatsappTemplate.lastIndexOf("|");
  if (cut <= 0) return { ok: false };
  const name = input.whatsappTemplate.slice(0, cut);
  const language = input.whatsappTemplate.slice(cut + 1);
  const [template] = await getDb()
    .select({ body: whatsappTemplates.body, count: whatsappTemplates.parameterCount })
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.accountId, scope.account.id),
        eq(whatsappTemplates.name, name),
        eq(whatsappTemplates.language, language),
        eq(whatsappTemplates.status, "APPROVED"),
      ),
    );
  if (!template) return { ok: false };
  const parameters = (input.whatsappParameters ?? "").split(",").filter(Boolean);
  const known = new Set<string>(TEMPLATE_PARAMETER_SOURCES);
  if (parameters.length !== template.count || parameters.some((p) => !known.has(p))) return { ok: false };
  return {
    ok: true,
    columns: {
      whatsappTemplateName: name,
      whatsappTemplateLanguage: language,
      whatsappTemplateParameters: parameters,
    },
    message: templateMessage(template.body, parameters),
  };
}
