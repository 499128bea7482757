import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { type LegalKind, legalAcceptances, legalDocuments } from "#db/schema";

export async function getLegalDocument(kind: LegalKind) {
  const [document] = await getDb().select().from(legalDocuments).where(eq(legalDocuments.kind, kind));
  return document ?? null;
}

/** Opening the current terms or privacy policy records that the user saw that version. */
export async function recordLegalAcceptance(userId: string, kind: LegalKind, version: Date) {
  await getDb().insert(legalAcceptances).values({ userId, kind, version }).onConflictDoNothing();
}
