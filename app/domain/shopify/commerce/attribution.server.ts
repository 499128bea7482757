import { and, desc, eq, gte, isNotNull, lte, sql } from "drizzle-orm";
import { accounts, linkClicks } from "#db/schema";
import { isUuid } from "~/domain/kernel/ids";
import type { Queryable } from "~/domain/kernel/scope";

export type OrderAttribution = { touchpointId: string; clickId: string } | null;

/**
 * The touchpoint an order is attributed to: the contact's last tracked-link click within the
 * company's attribution window (accounts.attribution_window_days) before the order (issue 14:
 * the attribution work fills this in; the orders work calls it when it stores an order).
 *
 * The window is inclusive at both ends: a click exactly N days before the order counts, as does one
 * at the very moment of the order; a click after it does not (the order cannot have followed it).
 * Only clicks of the same company that name a touchpoint count (a touchpoint's own link, shared
 * without a message, names no contact; a deleted touchpoint's clicks lose it). Last click wins.
 *
 * One query, read with the caller's transaction: the window comes from a subquery on the company,
 * and link_clicks_contact_idx (contact_id, clicked_at) is walked backwards from the order's time,
 * stopping at the first click that qualifies, so a contact with many clicks costs no more.
 */
export async function attributeOrder(
  db: Queryable,
  order: { accountId: string; contactId: string | null; placedAt: Date },
): Promise<OrderAttribution> {
  const { accountId, contactId, placedAt } = order;
  if (!contactId || !isUuid(contactId) || !isUuid(accountId) || Number.isNaN(placedAt.getTime())) return null;
  const [click] = await lastClickInWindow(db, { accountId, contactId, placedAt });
  if (!click?.touchpointId) return null;
  return { touchpointId: click.touchpointId, clickId: click.clickId };
}

/** The query itself, apart so a test can read its plan (it must walk link_clicks_contact_idx). */
export function lastClickInWindow(
  db: Queryable,
  order: { accountId: string; contactId: string; placedAt: Date },
) {
  const { accountId, contactId, placedAt } = order;
  const windowDays = sql`(select ${accounts.attributionWindowDays} from ${accounts} where ${accounts.id} = ${accountId})`;
  const windowStart = sql`${placedAt.toISOString()}::timestamptz - make_interval(days => ${windowDays})`;
  return db
    .select({ clickId: linkClicks.id, touchpointId: linkClicks.touchpointId })
    .from(linkClicks)
    .where(
      and(
        eq(linkClicks.contactId, contactId),
        eq(linkClicks.accountId, accountId),
        isNotNull(linkClicks.touchpointId),
        lte(linkClicks.clickedAt, placedAt),
        gte(linkClicks.clickedAt, windowStart),
      ),
    )
    .orderBy(desc(linkClicks.clickedAt), desc(linkClicks.id))
    .limit(1);
}
