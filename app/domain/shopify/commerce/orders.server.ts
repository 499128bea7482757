import { and, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "#db/client.server";
import { shopifyMappedVariants, shopifyOrders, storeProfiles } from "#db/schema";
import { companyCountry } from "~/domain/accounts/company-country.server";
import { linkContactToProduct } from "~/domain/products/links.server";
import type { StoredWebhook } from "../webhooks/stored-webhook.server";
import { attributeOrder } from "./attribution.server";
import { type BuyerContact, createBuyerContact, fillBuyerDetails, findBuyerContact } from "./buyers.server";
import { askShopifyForConsent, keepConsent, knownConsent } from "./customer-consents.server";
import {
  buyerOfOrder,
  type OrderPayload,
  orderLines,
  orderPayload,
  orderTotalMinor,
  placedAtOf,
  type ShopifySmsConsent,
  shopifyGid,
} from "./order-payload";
import { applyAutomaticOptIn, applyShopifySmsConsent, type ConsentChange } from "./shopify-consent.server";

/**
 * orders/create and orders/updated (issue 14 item 2). For an order of a linked store:
 * - the buyer is found among the company's contacts (Shopify customer id, phone, email), or added
 *   when the order has a mapped variant and the buyer may be messaged: Shopify says they subscribed
 *   to SMS marketing, or the store's Automatic Opt-in for Non-Commercial Messages is on (the contact
 *   then gets the journeys' non-commercial messages only). Shopify's consent, with its opt-in level
 *   and time, is recorded on the contact (newest record wins; see shopify-consent.server.ts);
 * - that consent is no longer in the order (API 2025-01): it is the newest customers_marketing_consent
 *   /update kept for the customer (customer-consents.server.ts), else the Admin API's answer, asked
 *   before the webhook's transaction (prepareOrderWebhook) and kept too. A buyer refused for want of
 *   consent is added when the consent arrives after the order (customers.server.ts applies the order
 *   again), so the outcome does not depend on which webhook Shopify delivers first;
 * - the contact is linked to each mapped product, which enrolls it in the product's journey (the
 *   database's enrollment trigger), unless it opted out or gave no consent without the automatic
 *   opt-in; a product this order linked before is not linked again by a later update of it;
 * - the order is stored once per Shopify order (unique per company), with its total in minor units
 *   of its currency and its attribution, whenever it has a contact. An order without one (no mapped
 *   variant and an unknown buyer, or a buyer who may not be added) is not kept: nothing of it is ours.
 * A retried or repeated webhook (the same order from orders/create and orders/updated) adds no
 * second contact, link or consent event: each write is conditional or unique.
 */

/** Contact details that come late: an update this long after the order may still add its buyer. */
const LATE_DETAILS_MS = 7 * 24 * 60 * 60_000;

/** The outcome's reason when the buyer gave no consent: customers.server.ts finds these orders by it. */
export const NO_CONSENT_REASON =
  "the buyer gave no SMS marketing consent and the store's automatic opt-in is off";

/** What the order's job learned before its transaction: the Admin API's consent, when it asked. */
export type OrderPreparation = { askedConsent: ShopifySmsConsent | null } | undefined;

/**
 * Before the transaction (an HTTP call must not hold the webhook's lock): asks the Admin API for the
 * buyer's SMS consent when the order could add them and no consent of theirs is known: the store is
 * linked, the order names its customer and has a mapped variant.
 */
export async function prepareOrderWebhook(db: Db, webhook: StoredWebhook): Promise<OrderPreparation> {
  const parsed = orderPayload.safeParse(webhook.payload);
  if (!parsed.success) return undefined;
  const customerId = buyerOfOrder(parsed.data).shopifyCustomerId;
  if (!customerId) return undefined;
  const [profile] = await db
    .select({ accountId: storeProfiles.accountId, enabled: storeProfiles.enabled })
    .from(storeProfiles)
    .where(eq(storeProfiles.shopDomain, webhook.shop));
  if (!profile?.accountId || !profile.enabled) return undefined;
  const key = { accountId: profile.accountId, shop: webhook.shop, shopifyCustomerId: customerId };
  if (await knownConsent(db, key)) return undefined;
  const variants = orderLines(parsed.data).map((l) => l.variantId);
  if ((await mappedProducts(db, profile.accountId, variants)).size === 0) return undefined;
  return { askedConsent: await askShopifyForConsent(webhook.shop, customerId) };
}

export async function applyOrderWebhook(
  tx: Tx,
  webhook: StoredWebhook,
  now: Date,
  prepared?: OrderPreparation,
): Promise<string> {
  const parsed = orderPayload.safeParse(webhook.payload);
  if (!parsed.success) return "ignored: the payload is not an order";
  const order = parsed.data;
  const orderId = shopifyGid("Order", order.id, order.admin_graphql_api_id) as string;
  const label = order.name?.trim() || orderId;

  const [profile] = await tx
    .select({
      accountId: storeProfiles.accountId,
      enabled: storeProfiles.enabled,
      automaticOptIn: storeProfiles.addContactsWithoutMarketingConsent,
      consentTitle: storeProfiles.consentTitle,
      consent: storeProfiles.consent,
    })
    .from(storeProfiles)
    .where(eq(storeProfiles.shopDomain, webhook.shop));
  if (!profile?.accountId) return `ignored: order ${label}: the store is not linked to a company`;
  if (!profile.enabled) return `ignored: order ${label}: the app is uninstalled from the store`;
  const accountId = profile.accountId;

  const [stored] = await tx
    .select({ contactId: shopifyOrders.contactId, lineItems: shopifyOrders.lineItems })
    .from(shopifyOrders)
    .where(and(eq(shopifyOrders.accountId, accountId), eq(shopifyOrders.shopifyOrderId, orderId)));
  const lines = orderLines(order);
  const mapped = await mappedProducts(
    tx,
    accountId,
    lines.map((l) => l.variantId),
  );
  const productIds = [
    ...new Set(lines.flatMap((l) => (l.variantId ? [mapped.get(l.variantId)] : []))),
  ].filter((p): p is string => Boolean(p));
  const placedAt = placedAtOf(order, now);
  // A cancelled order, or an old one we first hear of by an update, enrolls nobody.
  const mayEnroll =
    !order.cancelled_at &&
    (webhook.topic === "orders/create" ||
      Boolean(stored) ||
      now.getTime() - placedAt.getTime() < LATE_DETAILS_MS);

  const buyer = buyerOfOrder(order, await companyCountry({ account: { id: accountId } }, tx));
  buyer.smsConsent = await buyerConsent(tx, { accountId, shop: webhook.shop }, buyer.shopifyCustomerId, {
    prepared,
    now,
  });
  let contact = await findBuyerContact(tx, accountId, buyer);
  let created = false;
  const notes: string[] = [];
  let consent: ConsentChange = "unchanged";
  const consentText = [profile.consentTitle, profile.consent].filter(Boolean).join("\n") || null;

  if (!contact) {
    const subscribed = buyer.smsConsent?.state === "subscribed";
    const unsubscribed = buyer.smsConsent?.state === "unsubscribed";
    if (productIds.length === 0) return `ignored: order ${label}: no mapped variant and no known buyer`;
    if (!mayEnroll) return `ignored: order ${label}: cancelled or too old to add its buyer`;
    if (!buyer.phone && !buyer.email) return `ignored: order ${label}: the buyer has no phone or email`;
    if (unsubscribed || (!subscribed && !profile.automaticOptIn))
      return `ignored: order ${label}: ${NO_CONSENT_REASON}`;
    const added = await createBuyerContact(tx, accountId, buyer);
    if (!added) return `ignored: order ${label}: the buyer has no phone or email`;
    contact = added.contact;
    created = added.created;
  } else {
    const filled = await fillBuyerDetails(tx, contact, buyer);
    if (filled.length > 0) notes.push(`filled ${filled.join(", ")}`);
  }

  consent = await applyShopifySmsConsent(tx, contact, buyer.smsConsent, { consentText, now });
  if (consent !== "unchanged" && consent !== "older") contact.smsConsent = consent;

  let linked = 0;
  if (productIds.length > 0 && mayEnroll) {
    const allowed = await mayBeEnrolled(tx, contact, profile.automaticOptIn, now);
    if (allowed) {
      const before = new Set((stored?.lineItems ?? []).map((l) => l.productId).filter(Boolean));
      for (const productId of productIds.filter((p) => !before.has(p))) {
        const link = await linkContactToProduct(tx, { account: { id: accountId } }, contact.id, productId);
        if (link.ok && link.created) linked += 1;
      }
    } else notes.push(`not enrolled (SMS consent ${contact.smsConsent})`);
  }

  await storeOrder(tx, {
    accountId,
    shop: webhook.shop,
    orderId,
    order,
    contactId: stored?.contactId ?? contact.id,
    customerId: buyer.shopifyCustomerId,
    placedAt,
    lineItems: lines.map((l) => ({ ...l, productId: (l.variantId && mapped.get(l.variantId)) || null })),
    now,
  });

  const who = created ? "contact added" : "contact found";
  const consentNote = consent === "unchanged" ? "" : `, consent ${consent}`;
  const extra = notes.length > 0 ? `; ${notes.join("; ")}` : "";
  return `order ${label} ${stored ? "updated" : "stored"}: ${who} (${contact.smsConsent}${consentNote}), ${linked} product(s) linked${extra}`;
}

/**
 * The buyer's SMS consent: the newest kept for the customer, else the Admin API's answer (kept now,
 * so the next order need not ask), else none known.
 */
async function buyerConsent(
  tx: Tx,
  store: { accountId: string; shop: string },
  shopifyCustomerId: string | null,
  options: { prepared: OrderPreparation; now: Date },
): Promise<ShopifySmsConsent | null> {
  if (!shopifyCustomerId) return null;
  const key = { ...store, shopifyCustomerId };
  const known = await knownConsent(tx, key);
  if (known || !options.prepared?.askedConsent) return known;
  return (await keepConsent(tx, key, options.prepared.askedConsent, "admin_api", options.now)).newest;
}

/** Our product of each mapped variant among these (a transaction is a Db too). */
async function mappedProducts(tx: Db, accountId: string, variantIds: (string | null)[]) {
  const ids = [...new Set(variantIds.filter((v): v is string => Boolean(v)))];
  if (ids.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ variantId: shopifyMappedVariants.shopifyVariantId, productId: shopifyMappedVariants.productId })
    .from(shopifyMappedVariants)
    .where(
      and(
        eq(shopifyMappedVariants.accountId, accountId),
        inArray(shopifyMappedVariants.shopifyVariantId, ids),
      ),
    );
  return new Map(rows.map((r) => [r.variantId, r.productId]));
}

/**
 * A buyer may be put in a journey when they consented to SMS marketing, or were added by the
 * automatic opt-in (non_commercial), or have no consent and the automatic opt-in is on (they become
 * non_commercial now). Never a contact who opted out.
 */
async function mayBeEnrolled(tx: Tx, contact: BuyerContact, automaticOptIn: boolean, now: Date) {
  if (contact.smsConsent === "opted_in" || contact.smsConsent === "non_commercial") return true;
  if (contact.smsConsent !== "none" || !automaticOptIn) return false;
  if (await applyAutomaticOptIn(tx, contact, now)) contact.smsConsent = "non_commercial";
  return contact.smsConsent === "non_commercial";
}

async function storeOrder(
  tx: Tx,
  input: {
    accountId: string;
    shop: string;
    orderId: string;
    order: OrderPayload;
    contactId: string;
    customerId: string | null;
    placedAt: Date;
    lineItems: (typeof shopifyOrders.$inferInsert)["lineItems"];
    now: Date;
  },
) {
  const attribution = await attributeOrder(tx, {
    accountId: input.accountId,
    contactId: input.contactId,
    placedAt: input.placedAt,
  });
  const values = {
    name: input.order.name?.trim() || null,
    shopifyCustomerId: input.customerId,
    contactId: input.contactId,
    totalPriceMinor: orderTotalMinor(input.order),
    currency: input.order.currency.toUpperCase(),
    placedAt: input.placedAt,
    cancelledAt: cancelledAtOf(input.order),
    attributedTouchpointId: attribution?.touchpointId ?? null,
    attributedClickId: attribution?.clickId ?? null,
    lineItems: input.lineItems,
    updatedAt: input.now,
  };
  await tx
    .insert(shopifyOrders)
    .values({ accountId: input.accountId, shop: input.shop, shopifyOrderId: input.orderId, ...values })
    .onConflictDoUpdate({ target: [shopifyOrders.accountId, shopifyOrders.shopifyOrderId], set: values });
}

/** When Shopify cancelled the order, or null; an unreadable time counts as cancelled now. */
function cancelledAtOf(order: OrderPayload): Date | null {
  if (!order.cancelled_at) return null;
  const at = new Date(order.cancelled_at);
  return Number.isNaN(at.getTime()) ? new Date() : at;
}
