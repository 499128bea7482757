import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { whatsappConfigs, whatsappTemplates } from "#db/schema";
import type { AccountScope, Queryable } from "~/domain/kernel/scope";
import { openSecret } from "~/services/crypto/data-encryption.server";
import { messageTemplates } from "~/services/messaging/meta-business.server";
import { TOKEN_PURPOSE } from "./config.server";

/**
 * The company's message templates, synced from its WhatsApp Business Account (Graph API
 * GET /{waba-id}/message_templates). Business-initiated WhatsApp messages must use an APPROVED one;
 * the touchpoint editor offers those, and maps each {{n}} to a contact field or the tracked link.
 */

/** What a template's {{n}} may be filled with: the contact fields the journeys know, and LINK. */
export const TEMPLATE_PARAMETER_SOURCES = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "company",
  "LINK",
] as const;
export type TemplateParameterSource = (typeof TEMPLATE_PARAMETER_SOURCES)[number];

/** How many distinct {{1}}, {{2}}... a template body has (Meta numbers them from 1 with no gaps). */
export function parameterCountOf(body: string): number {
  const numbers = [...body.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => Number(m[1]));
  return numbers.length === 0 ? 0 : Math.max(...numbers);
}

/**
 * The touchpoint's message for a template: its body with each {{n}} turned into the mapped field's
 * placeholder ({{first_name}}, {{LINK}}...), so the journeys' own rendering fills it in for the
 * timeline, the outbox and the parameters sent to Meta alike.
 */
export function templateMessage(body: string, parameters: readonly string[]): string {
  return body.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n) => {
    const source = parameters[Number(n) - 1];
    return source ? `{{${source}}}` : whole;
  });
}

/** The rendered values of a template's parameters, read back from the rendered message by the template's shape. */
export function parametersOf(templateBody: string, rendered: string): string[] | null {
  const count = parameterCountOf(templateBody);
  if (count === 0) return [];
  const order: number[] = [];
  const pattern = templateBody
    .split(/(\{\{\s*\d+\s*\}\})/)
    .map((part) => {
      const m = /^\{\{\s*(\d+)\s*\}\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      order.push(Number(m[1]));
      return "([\\s\\S]*?)";
    })
    .join("");
  const match = new RegExp(`^${pattern}$`).exec(rendered);
  if (!match) return null;
  const values: string[] = [];
  order.forEach((n, i) => {
    values[n - 1] ??= match[i + 1];
  });
  return Array.from({ length: count }, (_, i) => values[i] ?? "");
}

export type SyncOutcome =
  | { status: "synced"; approved: number; total: number }
  | { status: "not-configured" }
  | { status: "failed"; reason: string };

export async function syncTemplates(scope: AccountScope, db: Queryable = getDb()): Promise<SyncOutcome> {
  const [row] = await db
    .select({ waba: whatsappConfigs.businessAccountId, sealed: whatsappConfigs.authTokenSealed })
    .from(whatsappConfigs)
    .where(eq(whatsappConfigs.accountId, scope.account.id));
  if (!row) return { status: "not-configured" };
  let fetched: Awaited<ReturnType<typeof messageTemplates>>;
  try {
    fetched = await messageTemplates(row.waba, openSecret(row.sealed, TOKEN_PURPOSE));
  } catch (error) {
    return { status: "failed", reason: error instanceof Error ? error.message : String(error) };
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const t of fetched) {
      const values = {
        status: t.status,
        category: t.category,
        body: t.body,
        parameterCount: parameterCountOf(t.body),
        syncedAt: now,
      };
      await tx
        .insert(whatsappTemplates)
        .values({ accountId: scope.account.id, name: t.name, language: t.language, ...values })
        .onConflictDoUpdate({
          target: [whatsappTemplates.accountId, whatsappTemplates.name, whatsappTemplates.language],
          set: values,
        });
    }
    // Templates deleted in Meta are gone here too (a touchpoint naming one then fails in words).
    const kept = fetched.map((t) => `${t.name}\u001f${t.language}`);
    await tx
      .delete(whatsappTemplates)
      .where(
        and(
          eq(whatsappTemplates.accountId, scope.account.id),
          kept.length > 0
            ? notInArray(sql`${whatsappTemplates.name} || chr(31) || ${whatsappTemplates.language}`, kept)
            : sql`true`,
        ),
      );
    await tx
      .update(whatsappConfigs)
      .set({ templatesSyncedAt: now, updatedAt: now })
      .where(eq(whatsappConfigs.accountId, scope.account.id));
  });
  return {
    status: "synced",
    approved: fetched.filter((t) => t.status === "APPROVED").length,
    total: fetched.length,
  };
}

export type ApprovedTemplate = { name: string; language: string; body: string; parameterCount: number };

/** The templates the touchpoint editor offers: approved ones, by name then language. */
export async function approvedTemplates(
  scope: AccountScope,
  db: Queryable = getDb(),
): Promise<ApprovedTemplate[]> {
  return db
    .select({
      name: whatsappTemplates.name,
      language: whatsappTemplates.language,
      body: whatsappTemplates.body,
      parameterCount: whatsappTemplates.parameterCount,
    })
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.accountId, scope.account.id), eq(whatsappTemplates.status, "APPROVED")))
    .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));
}
