import { asc, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { legalDocuments } from "#db/schema";
import type { Viewer } from "~/domain/access/guard.server";
import { publishEvent } from "~/services/events/events.server";
import { recordAudit } from "./audit.server";
import type { LegalLinkKind } from "./legal-link";

/** The Terms & Conditions tab: the current links and their versions (updatedAt). */
export async function loadTermsTab() {
  const rows = await getDb().select().from(legalDocuments).orderBy(asc(legalDocuments.kind));
  return {
    documents: rows.map((row) => ({
      kind: row.kind,
      url: row.url,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

/**
 * Points a legal document at a new hosted link. The new updatedAt is the new version: members whose
 * company accepted the terms before it are asked again (termsAcceptanceNeeded), and the "terms"
 * event, sent at commit, makes every open page re-run its loaders so they are asked at once.
 */
export async function updateLegalLink(actor: Viewer, kind: LegalLinkKind, url: string) {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(legalDocuments)
      .where(eq(legalDocuments.kind, kind))
      .for("update");
    // Strictly later than the previous version, even if clocks or two quick saves would tie.
    const now = new Date();
    const updatedAt =
      before && before.updatedAt.getTime() >= now.getTime() ? new Date(before.updatedAt.getTime() + 1) : now;
    const [after] = await tx
      .insert(legalDocuments)
      .values({ kind, url, updatedAt })
      .onConflictDoUpdate({ target: legalDocuments.kind, set: { url, updatedAt } })
      .returning();
    await recordAudit(tx, actor, {
      action: "legal.update",
      targetType: "legal",
      targetId: kind,
      before: before ? { url: before.url, updatedAt: before.updatedAt.toISOString() } : null,
      after: { url: after.url, updatedAt: after.updatedAt.toISOString() },
    });
    await publishEvent({ topic: "terms" }, tx);
    return { kind: after.kind, url: after.url, updatedAt: after.updatedAt.toISOString() };
  });
}
