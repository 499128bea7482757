import { and, asc, eq, gt, inArray, isNotNull, like, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "#db/client.server";
import { shopifyWebhooks, storeProfiles } from "#db/schema";
import { companyCountry } from "~/domain/accounts/company-country.server";
import type { StoredWebhook } from "../webhooks/stored-webhook.server";
import { type BuyerContact, fillBuyerDetails, findBuyerContact } from "./buyers.server";
import { keepConsent } from "./customer-consents.server";
import { buyerOfCustomer, customerPayload, smsConsentOf, smsConsentPayload } from "./order-payload";
import { applyOrderWebhook, NO_CONSENT_REASON } from "./orders.server";
import { applyShopifySmsConsent, type ConsentChange } from "./shopify-consent.server";

/**
 * customers/update and customers_marketing_consent/update, for the company of a linked store.
 *
 * customers/update fills what the contact lacks (Shopify's id, phone, email, names). Since API 2025-01
 * it no longer carries the SMS consent; customers_marketing_consent/update does. Its consent is kept
 * per customer whether or not they are a contact (customer-consents.server.ts; the newest by Shopify's
 * time wins, whatever the order of arrival), then:
 * - on the company's contact for the customer (found by Shopify customer id or phone): an opt-out in
 *   Shopify opts the contact out at once, as after a STOP (the dispatcher reads the contact's consent
 *   when each message is sent, so messages already queued are suppressed); our newer record wins;
 * - for a customer who is no contact yet, a subscription applies again their orders of the last week
 *   that were refused for want of consent (the consent webhook came after the order): the buyer is
 *   added and enrolled as if the consent had come first.
 */

/** How far back an order refused for want of consent is applied again when the consent comes. */
const LATE_CONSENT_MS = 7 * 24 * 60 * 60_000;

async function linkedCompany(tx: Tx, shop: string): Promise<string | null> {
  const [profile] = await tx
    .select({ accountId: storeProfiles.accountId })
    .from(storeProfiles)
    .where(and(eq(storeProfiles.shopDomain, shop), eq(storeProfiles.enabled, true)));
  return profile?.accountId ?? null;
}

export async function applyCustomerWebhook(tx: Tx, webhook: StoredWebhook, _now: Date): Promise<string> {
  const parsed = customerPayload.safeParse(webhook.payload);
  if (!parsed.success) return "ignored: the payload is not a customer";
  const accountId = await linkedCompany(tx, webhook.shop);
  const buyer = buyerOfCustomer(
    parsed.data,
    accountId ? await companyCountry({ account: { id: accountId } }, tx) : undefined,
  );
  const label = buyer.shopifyCustomerId ?? "a customer without id";
  if (!accountId) return `ignored: ${label}: the store is not linked to a company`;
  const contact = await findBuyerContact(tx, accountId, buyer);
  if (!contact) return `ignored: ${label} is not a contact of the company`;
  const filled = await fillBuyerDetails(tx, contact, buyer);
  return filled.length > 0 ? `${label}: filled ${filled.join(", ")}` : `${label}: nothing to fill`;
}

/** customers_marketing_consent/update: { id, phone, sms_marketing_consent } of one customer. */
export const consentPayload = z.object({
  id: z.union([z.number(), z.string()]),
  phone: z.string().nullish(),
  sms_marketing_consent: smsConsentPayload,
});

export async function applyMarketingConsentWebhook(
  tx: Tx,
  webhook: StoredWebhook,
  now: Date,
): Promise<string> {
  const parsed = consentPayload.safeParse(webhook.payload);
  if (!parsed.success) return "ignored: the payload is not a customer's marketing consent";
  const accountId = await linkedCompany(tx, webhook.shop);
  const country = accountId ? await companyCountry({ account: { id: accountId } }, tx) : undefined;
  const buyer = buyerOfCustomer({ id: parsed.data.id, phone: parsed.data.phone }, country);
  const label = buyer.shopifyCustomerId ?? "a customer without id";
  if (!accountId) return `ignored: ${label}: the store is not linked to a company`;
  const consent = smsConsentOf(parsed.data.sms_marketing_consent);
  if (!consent || !buyer.shopifyCustomerId) return `ignored: ${label}: no SMS consent state`;

  const key = { accountId, shop: webhook.shop, shopifyCustomerId: buyer.shopifyCustomerId };
  const { newest, kept } = await keepConsent(tx, key, consent, "customers_marketing_consent/update", now);
  if (!kept) return `${label}: SMS consent ${consent.state} not kept: Shopify's record we hold is newer`;

  const contact = await findBuyerContact(tx, accountId, buyer);
  if (contact) {
    const change = await applyShopifySmsConsent(tx, contact, newest, { consentText: null, now });
    return `${label}: ${consentWords(change, contact)}`;
  }
  if (newest.state !== "subscribed")
    return `${label}: SMS consent ${newest.state} kept; the customer is not a contact of the company`;
  const orders = await ordersAwaitingConsent(tx, webhook.shop, buyer.shopifyCustomerId, now);
  if (orders.length === 0)
    return `${label}: SMS consent subscribed kept until an order of the customer comes`;
  const outcomes: string[] = [];
  for (const order of orders) outcomes.push(await applyOrderWebhook(tx, order, now));
  return `${label}: SMS consent subscribed kept; ${outcomes.join("; ")}`;
}

function consentWords(change: ConsentChange, contact: BuyerContact): string {
  if (change === "unchanged") return `SMS consent unchanged (${contact.smsConsent})`;
  if (change === "older") return `SMS consent kept (${contact.smsConsent}): ours is newer than Shopify's`;
  return `SMS consent ${change}`;
}

/**
 * The customer's order webhooks of the last week that were refused for want of consent, oldest first
 * (orders/create before its orders/updated). The inbox keeps each delivery's payload; Shopify's ids
 * are global, and the shop narrows the search to the store's own deliveries.
 */
async function ordersAwaitingConsent(
  tx: Tx,
  shop: string,
  shopifyCustomerId: string,
  now: Date,
): Promise<StoredWebhook[]> {
  const legacyId = shopifyCustomerId.replace("gid://shopify/Customer/", "");
  const w = shopifyWebhooks;
  return tx
    .select()
    .from(w)
    .where(
      and(
        eq(w.shop, shop),
        inArray(w.topic, ["orders/create", "orders/updated"]),
        gt(w.receivedAt, new Date(now.getTime() - LATE_CONSENT_MS)),
        isNotNull(w.processedAt),
        like(w.outcome, `%${NO_CONSENT_REASON}`),
        or(
          sql`${w.payload}->'customer'->>'admin_graphql_api_id' = ${shopifyCustomerId}`,
          sql`${w.payload}->'customer'->>'id' = ${legacyId}`,
        ),
      ),
    )
    .orderBy(asc(w.receivedAt))
    .limit(20);
}
