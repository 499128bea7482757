import { desc, eq, ilike, or, sql } from "drizzle-orm";
import { type Db, getDb, type Tx } from "#db/client.server";
import { auditLog } from "#db/schema";
import type { Viewer } from "~/domain/access/guard.server";
import { escapeLike } from "~/domain/kernel/sql-text";

export type AuditEntry = {
  action: string;
  targetType: "account" | "user" | "dashboard" | "tag" | "legal" | "plan" | "store" | "consent_event";
  targetId: string;
  before?: unknown;
  after?: unknown;
};

/** Records one admin write; call it inside the write's transaction so both land or neither does. */
export async function recordAudit(tx: Tx | Db, actor: Viewer, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorUserId: actor.user.id,
    actorEmail: actor.user.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/**
 * Records a change nobody signed in made (a Stripe webhook, a scheduled job): the actor is named by
 * `source` ("stripe", "system"), with no user.
 */
export async function recordSystemAudit(tx: Tx | Db, source: string, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorUserId: null,
    actorEmail: source,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export const AUDIT_PAGE_SIZE = 25;

/** Newest first, paged in the database; `search` matches the actor, the action or the target id. */
export async function listAuditLog(options: { page: number; search?: string }) {
  const term = options.search?.trim();
  const where = term
    ? or(
        ilike(auditLog.actorEmail, `%${escapeLike(term)}%`),
        ilike(auditLog.action, `%${escapeLike(term)}%`),
        eq(auditLog.targetId, term),
      )
    : undefined;
  const db = getDb();
  const page = Math.max(1, options.page);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page, pageSize: AUDIT_PAGE_SIZE };
}
