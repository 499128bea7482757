import type { Queryable } from "~/domain/kernel/scope";

export type OrderAttribution = { touchpointId: string; clickId: string } | null;

/**
 * The touchpoint an order is attributed to: the contact's last tracked-link click within the
 * company's attribution window (accounts.attribution_window_days) before the order (issue 14:
 * the attribution work fills this in; the orders work calls it when it stores an order).
 */
export async function attributeOrder(
  _db: Queryable,
  _order: { accountId: string; contactId: string | null; placedAt: Date },
): Promise<OrderAttribution> {
  return null;
}
