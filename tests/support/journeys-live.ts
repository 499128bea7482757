import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { journeys } from "#db/schema";
import type { AccountScope } from "~/domain/kernel/scope";
import { createProduct } from "~/domain/products/products.server";

/**
 * Database tests' side of "journeys start as drafts" (issue 20): a new product's journey is paused
 * until the merchant makes it live. Tests about sending make it live first, as the merchant would.
 */

/** Makes the product's journey live, as 'Make live' does before anyone was linked (no state record). */
export async function makeJourneyLive(scope: AccountScope, productId: string): Promise<void> {
  await getDb()
    .update(journeys)
    .set({ state: "live", stateChangedAt: new Date() })
    .where(and(eq(journeys.productId, productId), eq(journeys.accountId, scope.account.id)));
}

/** createProduct whose journey is live from the start (tests of sending that do not test drafts). */
export function createLiveProduct(scope: AccountScope, name: string) {
  return createProduct(scope, name, undefined, { journeyState: "live" });
}
