import { eq } from "drizzle-orm";
import { createContact } from "../../app/domain/contacts/contacts.server";
import type { AccountScope, Queryable } from "../../app/domain/kernel/scope";
import { insertTrackedLink } from "../../app/domain/messaging/tracked-links.server";
import { createProduct } from "../../app/domain/products/products.server";
import { getDb } from "../../db/client.server";
import { journeys, linkClicks, shopifyOrders, touchpoints } from "../../db/schema";

/**
 * Rows for the revenue attribution tests: a company's journey with touchpoints, contacts, clicks on
 * a touchpoint's tracked link at a chosen time, and store orders (as the orders webhook stores them).
 */

export const DAY_MS = 86_400_000;

/** A product of the company with its journey and one touchpoint per name (in that order). */
export async function journeyWithTouchpoints(scope: AccountScope, product: string, names: string[]) {
  const created = await createProduct(scope, product);
  if (!created.ok) throw new Error(created.reason);
  const db = getDb();
  const [journey] = await db.select().from(journeys).where(eq(journeys.productId, created.product.id));
  const rows = [];
  for (const [index, name] of names.entries()) {
    const [row] = await db
      .insert(touchpoints)
      .values({ accountId: scope.account.id, journeyId: journey.id, ordinal: index + 1, name, message: "Hi" })
      .returning();
    rows.push(row);
  }
  return { product: created.product, journey, touchpoints: rows };
}

let phones = 0;
/** A contact of the company with a phone number no other test contact has. */
export async function newContact(scope: AccountScope, firstName = "Ada", lastName = "Byron") {
  phones += 1;
  // 555-01xx: the numbers set aside for fiction, as the other contact tests use.
  const phone = `+120155501${String(phones % 100).padStart(2, "0")}`;
  const created = await createContact(scope, { firstName, lastName, phone });
  if (!created.ok) throw new Error(created.reason);
  return created.contact;
}

/** A click on the touchpoint's tracked link by the contact (its own message link) at `clickedAt`. */
export async function clickAt(
  db: Queryable,
  click: { accountId: string; contactId: string | null; touchpointId: string | null; clickedAt: Date },
) {
  const link = await insertTrackedLink(db, {
    accountId: click.accountId,
    targetUrl: "https://shop.example.com/products/kit",
    touchpointId: click.touchpointId,
    contactId: click.contactId,
  });
  const [row] = await db
    .insert(linkClicks)
    .values({ ...click, trackedLinkId: link.id, userAgent: "AttributionTest/1.0" })
    .returning({ id: linkClicks.id });
  return row.id;
}

let orderNumber = 1000;
/** A store order as the orders webhook stores it; attributed when `touchpointId` is given. */
export async function storeOrder(
  db: Queryable,
  order: {
    accountId: string;
    contactId: string | null;
    totalMinor: number;
    currency?: string;
    placedAt: Date;
    touchpointId?: string | null;
    clickId?: string | null;
    name?: string | null;
    cancelledAt?: Date | null;
  },
) {
  orderNumber += 1;
  const [row] = await db
    .insert(shopifyOrders)
    .values({
      accountId: order.accountId,
      shop: "attribution-test.myshopify.com",
      shopifyOrderId: `gid://shopify/Order/${orderNumber}`,
      name: order.name === undefined ? `#${orderNumber}` : order.name,
      contactId: order.contactId,
      totalPriceMinor: order.totalMinor,
      currency: order.currency ?? "USD",
      placedAt: order.placedAt,
      attributedTouchpointId: order.touchpointId ?? null,
      attributedClickId: order.clickId ?? null,
      cancelledAt: order.cancelledAt ?? null,
    })
    .returning();
  return row;
}
