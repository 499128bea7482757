import { and, asc, eq, inArray, isNotNull, or, type SQL } from "drizzle-orm";
import type { Tx } from "#db/client.server";
import { shopifyOrders } from "#db/schema";

/**
 * A store customer's orders as the privacy webhooks see them (customers/data_request and
 * customers/redact): the company's orders of the customer's contacts, of their Shopify customer id,
 * or named by the request (orders_requested, orders_to_redact: numeric ids).
 */

export type CustomerOrderKeys = {
  contactIds: string[];
  shopifyCustomerId: string | null;
  orderIds: (string | number)[];
};

function ofCustomer(accountId: string, keys: CustomerOrderKeys): SQL | null {
  const match: SQL[] = [];
  if (keys.contactIds.length > 0) match.push(inArray(shopifyOrders.contactId, keys.contactIds));
  if (keys.shopifyCustomerId) match.push(eq(shopifyOrders.shopifyCustomerId, keys.shopifyCustomerId));
  const orderGids = keys.orderIds.map((id) => `gid://shopify/Order/${id}`);
  if (orderGids.length > 0) match.push(inArray(shopifyOrders.shopifyOrderId, orderGids));
  if (match.length === 0) return null;
  return and(eq(shopifyOrders.accountId, accountId), or(...match)) as SQL;
}

/** The orders for the data request's file: what we keep of each (no address: we keep none). */
export async function customerOrders(tx: Tx, accountId: string, keys: CustomerOrderKeys) {
  const where = ofCustomer(accountId, keys);
  if (!where) return [];
  const rows = await tx.select().from(shopifyOrders).where(where).orderBy(asc(shopifyOrders.placedAt));
  return rows.map((order) => ({
    shopifyOrderId: order.shopifyOrderId,
    name: order.name,
    shopifyCustomerId: order.shopifyCustomerId,
    placedAt: order.placedAt.toISOString(),
    total: { amountMinor: order.totalPriceMinor, currency: order.currency },
    items: order.lineItems.map(({ title, quantity, priceMinor }) => ({ title, quantity, priceMinor })),
    attributedToJourneyMessage: order.attributedTouchpointId !== null,
  }));
}

/**
 * Redaction: the orders stay (a company's revenue and attribution totals are built on them) but no
 * longer name the customer: their Shopify customer id is removed; the contact they point to is the
 * redacted, anonymous one. Returns how many orders were changed.
 */
export async function redactCustomerOrders(
  tx: Tx,
  accountId: string,
  keys: CustomerOrderKeys,
): Promise<number> {
  const where = ofCustomer(accountId, keys);
  if (!where) return 0;
  const changed = await tx
    .update(shopifyOrders)
    .set({ shopifyCustomerId: null, updatedAt: new Date() })
    .where(and(where, isNotNull(shopifyOrders.shopifyCustomerId)))
    .returning({ id: shopifyOrders.id });
  return changed.length;
}
