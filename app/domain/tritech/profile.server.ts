import { randomInt } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { tritechContractActions, tritechEvents, tritechProfiles } from "#db/schema";
import type { MemberContext } from "~/domain/access/guard.server";
import { recordAudit } from "~/domain/admin/audit.server";
import type { AccountScope, Queryable } from "~/domain/kernel/scope";
import { maskSecret, openSecret, sealSecret } from "~/services/crypto/data-encryption.server";
import {
  DEFAULT_TRANSACTION_STATUSES,
  DEFAULT_TRITECH_ACTIONS,
  RECENT_EVENTS_SHOWN,
  SECRET_KEY_ALPHABET,
  SECRET_KEY_LENGTH,
  TRITECH_SECRET_PURPOSE,
} from "./defaults";

/** 36 characters, each drawn uniformly from 62 by the operating system's CSPRNG. */
export function newSecretKey(): string {
  let key = "";
  for (let i = 0; i < SECRET_KEY_LENGTH; i++)
    key += SECRET_KEY_ALPHABET[randomInt(SECRET_KEY_ALPHABET.length)];
  return key;
}

export async function tritechProfileOf(db: Queryable, accountId: string) {
  const [profile] = await db.select().from(tritechProfiles).where(eq(tritechProfiles.accountId, accountId));
  return profile ?? null;
}

/** Synced (spec 3 section 4.7): a profile, enabled by AIM's handshake. The home's card is 'Active' then. */
export async function isTritechSynced(scope: AccountScope): Promise<boolean> {
  return (await tritechProfileOf(getDb(), scope.account.id))?.enabled ?? false;
}

export type ContractAction = { action: string; transactionStatuses: string[] };

/** The company's contract actions: its stored ones, else the defaults (spec 3 section 3.10). */
export async function contractActionsOf(db: Queryable, accountId: string): Promise<ContractAction[]> {
  const stored = await db
    .select({ action: tritechContractActions.action, statuses: tritechContractActions.transactionStatuses })
    .from(tritechContractActions)
    .where(eq(tritechContractActions.accountId, accountId));
  const byAction = new Map(stored.map((row) => [row.action, row.statuses]));
  return DEFAULT_TRITECH_ACTIONS.map((action) => ({
    action,
    transactionStatuses: byAction.get(action) ?? [...DEFAULT_TRANSACTION_STATUSES],
  }));
}

/** What the Tri-Tech view shows: never the secret itself (it comes only with 'Reveal secret key'). */
export async function tritechView(scope: AccountScope) {
  const db = getDb();
  const accountId = scope.account.id;
  const profile = await tritechProfileOf(db, accountId);
  const events = await db
    .select({
      id: tritechEvents.id,
      eventId: tritechEvents.eventId,
      action: tritechEvents.action,
      transactionStatus: tritechEvents.transactionStatus,
      status: tritechEvents.status,
      reason: tritechEvents.reason,
      receivedAt: tritechEvents.receivedAt,
    })
    .from(tritechEvents)
    .where(eq(tritechEvents.accountId, accountId))
    .orderBy(desc(tritechEvents.receivedAt), desc(tritechEvents.id))
    .limit(RECENT_EVENTS_SHOWN);
  return {
    accountId,
    synced: profile?.enabled ?? false,
    hasSecret: Boolean(profile?.secretSealed),
    secretGeneratedAt: profile?.secretGeneratedAt?.toISOString() ?? null,
    actions: await contractActionsOf(db, accountId),
    events: events.map((e) => ({ ...e, receivedAt: e.receivedAt.toISOString() })),
  };
}

export type TritechViewData = Awaited<ReturnType<typeof tritechView>>;

/**
 * 'Generate': a new secret key replaces the old one at once (events signed with the old one are
 * refused from now on), and the profile is not synced until AIM's handshake, signed with the new key,
 * arrives (spec 3 section 4.7). Answers the new key, shown to the admin who made it.
 */
export async function generateTritechSecret(member: MemberContext): Promise<string> {
  const secret = newSecretKey();
  const now = new Date();
  await getDb().transaction(async (tx) => {
    const values = {
      enabled: false,
      secretSealed: sealSecret(secret, TRITECH_SECRET_PURPOSE),
      secretGeneratedAt: now,
      syncedAt: null,
      updatedAt: now,
    };
    await tx
      .insert(tritechProfiles)
      .values({ accountId: member.account.id, ...values })
      .onConflictDoUpdate({ target: tritechProfiles.accountId, set: values });
    await recordAudit(tx, member, {
      action: "integrations.tritech.secret-generated",
      targetType: "account",
      targetId: member.account.id,
      after: { secret: maskSecret(secret) },
    });
  });
  return secret;
}

/** 'Reveal secret key': the stored key in full, or null when none was generated yet. */
export async function revealTritechSecret(member: MemberContext): Promise<string | null> {
  const profile = await tritechProfileOf(getDb(), member.account.id);
  return profile?.secretSealed ? openSecret(profile.secretSealed, TRITECH_SECRET_PURPOSE) : null;
}

/**
 * The pencil's save in Configure Events: the action's statuses, trimmed, duplicates dropped. The first
 * edit stores every action (the others with their current statuses), so later defaults never change
 * what a company configured. Answers false for an action that is not listed (the handshake included).
 */
export async function updateTransactionStatuses(
  member: MemberContext,
  action: string,
  statuses: string[],
): Promise<string[] | null> {
  if (!(DEFAULT_TRITECH_ACTIONS as readonly string[]).includes(action)) return null;
  const cleaned = [...new Set(statuses.map((s) => s.trim()).filter(Boolean))];
  if (cleaned.length === 0) return null;
  const accountId = member.account.id;
  return getDb().transaction(async (tx) => {
    const current = await contractActionsOf(tx, accountId);
    const now = new Date();
    for (const row of current) {
      const transactionStatuses = row.action === action ? cleaned : row.transactionStatuses;
      await tx
        .insert(tritechContractActions)
        .values({ accountId, action: row.action, transactionStatuses, updatedAt: now })
        .onConflictDoUpdate({
          target: [tritechContractActions.accountId, tritechContractActions.action],
          set: { transactionStatuses, updatedAt: now },
        });
    }
    const before = current.find((row) => row.action === action)?.transactionStatuses ?? [];
    await recordAudit(tx, member, {
      action: "integrations.tritech.statuses-updated",
      targetType: "account",
      targetId: accountId,
      before: { action, statuses: before },
      after: { action, statuses: cleaned },
    });
    return cleaned;
  });
}

/** Marks the profile synced (AIM's handshake), in the event's transaction. */
export async function markTritechSynced(db: Queryable, accountId: string, now: Date) {
  await db
    .update(tritechProfiles)
    .set({ enabled: true, syncedAt: now, updatedAt: now })
    .where(and(eq(tritechProfiles.accountId, accountId)));
}
