import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { apiKeys } from "#db/schema";
import type { MemberContext } from "~/domain/access/guard.server";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope } from "~/domain/kernel/scope";

export const MAX_API_KEYS = 2;

const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");

export async function listApiKeys(context: AccountScope) {
  return getDb()
    .select({
      id: apiKeys.id,
      keyId: apiKeys.keyId,
      disabled: apiKeys.disabled,
      createdAt: apiKeys.createdAt,
    })
    .from(apiKeys)
    .where(eq(apiKeys.accountId, context.account.id))
    .orderBy(asc(apiKeys.createdAt));
}

/** A new key; the full secret is returned this once and only its hash is kept. */
export async function generateApiKey(
  context: MemberContext,
): Promise<{ ok: true; key: string } | { ok: false }> {
  return getDb().transaction(async (tx) => {
    // Serialise generation per company so two clicks cannot make a third key.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`api_keys:${context.account.id}`}))`);
    const [existing] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(eq(apiKeys.accountId, context.account.id));
    if ((existing?.n ?? 0) >= MAX_API_KEYS) return { ok: false as const };
    const keyId = `bsk_${randomBytes(6).toString("hex")}`;
    const secret = randomBytes(32).toString("base64url");
    await tx.insert(apiKeys).values({
      accountId: context.account.id,
      keyId,
      secretHash: hashSecret(secret),
      createdByUserId: context.user.id,
    });
    return { ok: true as const, key: `${keyId}.${secret}` };
  });
}

export async function setApiKeyDisabled(context: AccountScope, id: string, disabled: boolean) {
  if (!isUuid(id)) return false;
  const updated = await getDb()
    .update(apiKeys)
    .set({ disabled, updatedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, context.account.id)))
    .returning({ id: apiKeys.id });
  return updated.length > 0;
}

export async function deleteApiKey(context: AccountScope, id: string) {
  if (!isUuid(id)) return false;
  const deleted = await getDb()
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, context.account.id)))
    .returning({ id: apiKeys.id });
  return deleted.length > 0;
}

/** For the public API: the company of an enabled key, or null. */
export async function authenticateApiKey(presented: string) {
  const [keyId, secret] = presented.split(".");
  if (!keyId || !secret) return null;
  const [row] = await getDb().select().from(apiKeys).where(eq(apiKeys.keyId, keyId));
  if (!row || row.disabled || row.secretHash !== hashSecret(secret)) return null;
  return { accountId: row.accountId };
}
