import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { contacts, shopifyOrders } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import type { AccountScope } from "~/domain/kernel/scope";

/**
 * What a touchpoint earned: the store orders attributed to it (attributeOrder, when the order came
 * in) and their revenue, per currency since a store can change its currency and amounts in two
 * currencies do not add up. Scoped to the caller's company: another company's touchpoint id
 * finds nothing.
 */

export type RevenueTotal = { currency: string; orders: number; totalMinor: number };
export type AttributedOrder = {
  id: string;
  name: string;
  totalMinor: number;
  currency: string;
  placedAt: string;
  contact: { id: string; name: string } | null;
};
export type TouchpointRevenue = { totals: RevenueTotal[]; latest: AttributedOrder[] };

export const LATEST_ATTRIBUTED_ORDERS = 10;

export async function touchpointRevenue(
  scope: AccountScope,
  touchpointId: string,
  latestLimit = LATEST_ATTRIBUTED_ORDERS,
): Promise<TouchpointRevenue> {
  if (!isUuid(touchpointId)) return { totals: [], latest: [] };
  const db = getDb();
  // Both reads use shopify_orders_touchpoint_idx (attributed_touchpoint_id, placed_at).
  // A cancelled order is not revenue.
  const attributed = and(
    eq(shopifyOrders.attributedTouchpointId, touchpointId),
    eq(shopifyOrders.accountId, scope.account.id),
    isNull(shopifyOrders.cancelledAt),
  );
  const [totals, latest] = await Promise.all([
    db
      .select({
        currency: shopifyOrders.currency,
        orders: sql<number>`count(*)::int`,
        // A sum of bigints is numeric: text keeps it exact on its way out of the driver.
        totalMinor: sql<string>`sum(${shopifyOrders.totalPriceMinor})::text`,
      })
      .from(shopifyOrders)
      .where(attributed)
      .groupBy(shopifyOrders.currency)
      .orderBy(desc(sql`count(*)`), shopifyOrders.currency),
    db
      .select({
        id: shopifyOrders.id,
        name: shopifyOrders.name,
        shopifyOrderId: shopifyOrders.shopifyOrderId,
        totalMinor: shopifyOrders.totalPriceMinor,
        currency: shopifyOrders.currency,
        placedAt: shopifyOrders.placedAt,
        contactId: contacts.id,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
      })
      .from(shopifyOrders)
      .leftJoin(
        contacts,
        and(eq(contacts.id, shopifyOrders.contactId), eq(contacts.accountId, shopifyOrders.accountId)),
      )
      .where(attributed)
      .orderBy(desc(shopifyOrders.placedAt), desc(shopifyOrders.id))
      .limit(latestLimit),
  ]);
  return {
    totals: totals.map((row) => ({
      currency: row.currency,
      orders: Number(row.orders),
      totalMinor: Number(row.totalMinor),
    })),
    latest: latest.map((row) => ({
      id: row.id,
      name: orderName(row),
      totalMinor: Number(row.totalMinor),
      currency: row.currency,
      placedAt: row.placedAt.toISOString(),
      contact: row.contactId
        ? { id: row.contactId, name: [row.firstName, row.lastName].filter(Boolean).join(" ") }
        : null,
    })),
  };
}

/** The order's name as the store shows it (#1001); an order without one, by its Shopify id. */
export function orderName(order: { name: string | null; shopifyOrderId: string }): string {
  return order.name ?? `#${order.shopifyOrderId.replace(/^gid:\/\/shopify\/Order\//, "")}`;
}
