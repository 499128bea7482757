import { SessionNotFoundError } from "@shopify/shopify-app-react-router/server";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "#db/client.server";
import { shopifyCustomerConsents } from "#db/schema";
import { adminGraphql, ShopifyNotConfiguredError } from "../admin-api.server";
import { type ShopifySmsConsent, smsConsentOfAdmin } from "./order-payload";

/**
 * The newest SMS marketing consent Shopify told us of for each store customer, kept whether or not
 * the customer is a contact yet (issue 34 item 1; table shopify_customer_consents). Since API 2025-01
 * Shopify sends it only in customers_marketing_consent/update, which may arrive before or after the
 * order it came with; the order reads it here, or asks the Admin API when we know of none.
 */

export type ConsentKey = { accountId: string; shop: string; shopifyCustomerId: string };
export type ConsentOrigin = "customers_marketing_consent/update" | "admin_api";

const columns = {
  state: shopifyCustomerConsents.state,
  optInLevel: shopifyCustomerConsents.optInLevel,
  updatedAt: shopifyCustomerConsents.consentUpdatedAt,
  collectedFrom: shopifyCustomerConsents.collectedFrom,
};

const keyOf = (key: ConsentKey) =>
  and(
    eq(shopifyCustomerConsents.accountId, key.accountId),
    eq(shopifyCustomerConsents.shop, key.shop),
    eq(shopifyCustomerConsents.shopifyCustomerId, key.shopifyCustomerId),
  );

/** The newest consent we know of for the customer, or null (in a transaction or not). */
export async function knownConsent(tx: Db, key: ConsentKey): Promise<ShopifySmsConsent | null> {
  const [row] = await tx.select(columns).from(shopifyCustomerConsents).where(keyOf(key));
  return row ? (row as ShopifySmsConsent) : null;
}

/**
 * Keeps Shopify's consent unless we hold a newer one: the later consent time wins, and a record
 * with a time beats one without (a customer who never changed theirs). The same event again (a
 * replay) changes nothing. Returns the newest consent now known and whether this one is it.
 */
export async function keepConsent(
  tx: Tx,
  key: ConsentKey,
  consent: ShopifySmsConsent,
  origin: ConsentOrigin,
  now: Date,
): Promise<{ newest: ShopifySmsConsent; kept: boolean }> {
  const values = {
    state: consent.state,
    optInLevel: consent.optInLevel,
    consentUpdatedAt: consent.updatedAt,
    collectedFrom: consent.collectedFrom,
    learnedFrom: origin,
    updatedAt: now,
  };
  const t = shopifyCustomerConsents;
  const [kept] = await tx
    .insert(t)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target: [t.accountId, t.shop, t.shopifyCustomerId],
      set: values,
      // excluded's time is null or not later: the stored record stays (a replay included).
      setWhere: sql`${t.consentUpdatedAt} is null or excluded.consent_updated_at > ${t.consentUpdatedAt}`,
    })
    .returning({ state: t.state });
  if (kept) return { newest: consent, kept: true };
  return { newest: (await knownConsent(tx, key)) ?? consent, kept: false };
}

/** A single customer's SMS consent: a few points of Shopify's query cost. */
const CUSTOMER_SMS_CONSENT = `#graphql
  query CustomerSmsConsent($id: ID!) {
    customer(id: $id) {
      id
      defaultPhoneNumber {
        phoneNumber
        smsMarketingConsent {
          state
          optInLevel
          updatedAt
          collectedFrom
        }
      }
    }
  }`;

type CustomerSmsConsentAnswer = {
  customer: {
    id: string;
    defaultPhoneNumber: {
      phoneNumber: string;
      smsMarketingConsent: {
        state: string;
        optInLevel: string | null;
        updatedAt: string | null;
        collectedFrom: string | null;
      } | null;
    } | null;
  } | null;
};

/**
 * The customer's SMS consent as the Admin API has it now, for an order whose buyer we know no
 * consent of. A customer without a phone has not subscribed; one Shopify does not know, or a store
 * we cannot ask (Shopify not configured here, or no offline session: the app was uninstalled), is
 * null: nothing known. Other failures throw, so the webhook's job is tried again: an order must not
 * be decided on a guess.
 */
export async function askShopifyForConsent(
  shop: string,
  shopifyCustomerId: string,
): Promise<ShopifySmsConsent | null> {
  let answer: CustomerSmsConsentAnswer;
  try {
    answer = await adminGraphql<CustomerSmsConsentAnswer>(shop, CUSTOMER_SMS_CONSENT, {
      id: shopifyCustomerId,
    });
  } catch (error) {
    if (error instanceof ShopifyNotConfiguredError || error instanceof SessionNotFoundError) return null;
    throw error;
  }
  if (!answer.customer) return null;
  // Admin API 2026-10: the phone's consent is CustomerPhoneNumber.smsMarketingConsent (its flat
  // marketingState/… fields are deprecated); a state of NEVER_SUBSCRIBED reads as not subscribed.
  const consent = answer.customer.defaultPhoneNumber?.smsMarketingConsent;
  if (!consent) return { state: "not_subscribed", optInLevel: null, updatedAt: null, collectedFrom: null };
  return smsConsentOfAdmin(consent);
}

/**
 * Forgets what Shopify told us of the store's customers' consent: one customer's (customers/redact,
 * when Shopify names them) or all the store's (shop/redact of a company that stays). Returns how many.
 */
export async function forgetCustomerConsents(
  tx: Tx,
  store: { accountId: string; shop: string },
  shopifyCustomerId?: string | null,
): Promise<number> {
  if (shopifyCustomerId === null) return 0;
  const t = shopifyCustomerConsents;
  const deleted = await tx
    .delete(t)
    .where(
      and(
        eq(t.accountId, store.accountId),
        eq(t.shop, store.shop),
        shopifyCustomerId ? eq(t.shopifyCustomerId, shopifyCustomerId) : undefined,
      ),
    )
    .returning({ id: t.shopifyCustomerId });
  return deleted.length;
}
