import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { whatsappConfigs, whatsappTemplates } from "#db/schema";
import type { AccountScope, Queryable } from "~/domain/kernel/scope";
import { openSecret } from "~/services/crypto/data-encryption.server";
import { messageTemplates } from "~/services/messaging/meta-business.server";
import { TOKEN_PURPOSE } from "./config.server";
import { parameterCountOf } from "./template-text";

export { parameterCountOf, parametersOf, TEMPLATE_PARAMETER_SOURCES, templateMessage } from "./template-text";

/**
 * The company's message templates, synced from its WhatsApp Business Account (Graph API
 * GET /{waba-id}/message_templates). Business-initiated WhatsApp messages must use an APPROVED one;
 * the touchpoint editor offers those, and maps each {{n}} to a contact field or the tracked link.
 */

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
