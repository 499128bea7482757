import { eq } from "drizzle-orm";
import { z } from "zod";
import { attributeOrder } from "../../app/domain/shopify/commerce/attribution.server";
import { getDb } from "../../db/client.server";
import { shopifyOrders, storeProfiles } from "../../db/schema";
import type { E2eOrderFixtureAnswer } from "./e2e-fixture-protocol";

/**
 * The e2e fixture endpoint's store orders (tests/support/e2e-fixture-endpoint.ts): one row of
 * shopify_orders as the orders webhook writes it, attributed by the app's own attributeOrder in the
 * same transaction. Only while the orders webhook is not on this branch; the revenue spec then sends
 * a real signed orders/create instead.
 */

export const orderFixtureRequest = z.object({
  accountId: z.uuid(),
  contactId: z.uuid(),
  name: z.string().min(1),
  totalMinor: z.number().int().nonnegative(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  placedAt: z.iso.datetime().optional(),
});

export async function storeE2eOrder(
  input: z.output<typeof orderFixtureRequest>,
): Promise<E2eOrderFixtureAnswer> {
  const placedAt = input.placedAt ? new Date(input.placedAt) : new Date();
  return getDb().transaction(async (tx) => {
    const [store] = await tx
      .select({ shop: storeProfiles.shopDomain })
      .from(storeProfiles)
      .where(eq(storeProfiles.accountId, input.accountId));
    const attribution = await attributeOrder(tx, {
      accountId: input.accountId,
      contactId: input.contactId,
      placedAt,
    });
    const [order] = await tx
      .insert(shopifyOrders)
      .values({
        accountId: input.accountId,
        shop: store?.shop ?? "e2e-store.myshopify.com",
        shopifyOrderId: `gid://shopify/Order/${Date.now()}${Math.floor(Math.random() * 1000)}`,
        name: input.name,
        contactId: input.contactId,
        totalPriceMinor: input.totalMinor,
        currency: input.currency,
        placedAt,
        attributedTouchpointId: attribution?.touchpointId ?? null,
        attributedClickId: attribution?.clickId ?? null,
      })
      .returning({ id: shopifyOrders.id });
    return { orderId: order.id, attributedTouchpointId: attribution?.touchpointId ?? null };
  });
}
