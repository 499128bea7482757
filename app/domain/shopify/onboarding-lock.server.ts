import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import { getDb } from "#db/client.server";
import { storeProfiles } from "#db/schema";

export const ONBOARDING_PATH = "/unboxing-tour";

/**
 * Spec 1 section 4, store profile lock: while a platform admin keeps a company's store profile locked
 * (store mode: the team builds the product journeys first), the company's users see only the store
 * onboarding, where the thank-you modal waits for the unlock. requireMember calls this for a member's
 * own company (never for an admin viewing it); /unboxing-tour itself uses requireViewer, so no loop.
 * One indexed lookup (store_profiles has at most one row per company).
 */
export async function sendLockedStoreToOnboarding(accountId: string): Promise<void> {
  const [locked] = await getDb()
    .select({ id: storeProfiles.id })
    .from(storeProfiles)
    .where(and(eq(storeProfiles.accountId, accountId), eq(storeProfiles.isProfileLock, true)))
    .limit(1);
  if (locked) throw redirect(ONBOARDING_PATH);
}
