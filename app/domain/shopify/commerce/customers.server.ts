import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "#db/client.server";
import { storeProfiles } from "#db/schema";
import { companyCountry } from "~/domain/accounts/company-country.server";
import type { CountryCode } from "~/domain/accounts/country";
import type { StoredWebhook } from "../webhooks/stored-webhook.server";
import { fillBuyerDetails, findBuyerContact } from "./buyers.server";
import {
  type Buyer,
  buyerOfCustomer,
  customerPayload,
  smsConsentOf,
  smsConsentPayload,
} from "./order-payload";
import { applyShopifySmsConsent } from "./shopify-consent.server";

/**
 * customers/update and customers_marketing_consent/update: Shopify's SMS marketing consent of a
 * customer, kept on the company's contact for them (found by Shopify customer id, phone or email; a
 * customer who is no contact of ours adds none). An opt-out in Shopify opts the contact out at once:
 * nothing more is sent to them, as after a STOP (the dispatcher reads the contact's consent when
 * each message is sent, so messages already queued are suppressed). The newest record wins.
 */

export async function applyCustomerWebhook(tx: Tx, webhook: StoredWebhook, now: Date): Promise<string> {
  const parsed = customerPayload.safeParse(webhook.payload);
  if (!parsed.success) return "ignored: the payload is not a customer";
  return applyToContact(tx, webhook.shop, (country) => buyerOfCustomer(parsed.data, country), now, {
    fill: true,
  });
}

/** customers_marketing_consent/update: { id, phone, sms_marketing_consent } of one customer. */
const consentPayload = z.object({
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
  return applyToContact(
    tx,
    webhook.shop,
    (country) => ({
      ...buyerOfCustomer({ id: parsed.data.id, phone: parsed.data.phone }, country),
      smsConsent: smsConsentOf(parsed.data.sms_marketing_consent),
    }),
    now,
    { fill: false },
  );
}

async function applyToContact(
  tx: Tx,
  shop: string,
  // Built once the company is known: its country reads numbers written without "+country code".
  buyerFor: (country: CountryCode | undefined) => Buyer,
  now: Date,
  options: { fill: boolean },
): Promise<string> {
  const [profile] = await tx
    .select({ accountId: storeProfiles.accountId })
    .from(storeProfiles)
    .where(and(eq(storeProfiles.shopDomain, shop), eq(storeProfiles.enabled, true)));
  if (!profile?.accountId) {
    const label = buyerFor(undefined).shopifyCustomerId ?? "a customer without id";
    return `ignored: ${label}: the store is not linked to a company`;
  }
  const buyer = buyerFor(await companyCountry({ account: { id: profile.accountId } }, tx));
  const label = buyer.shopifyCustomerId ?? "a customer without id";
  const contact = await findBuyerContact(tx, profile.accountId, buyer);
  if (!contact) return `ignored: ${label} is not a contact of the company`;
  const filled = options.fill ? await fillBuyerDetails(tx, contact, buyer) : [];
  const change = await applyShopifySmsConsent(tx, contact, buyer.smsConsent, { consentText: null, now });
  const consent =
    change === "unchanged"
      ? `SMS consent unchanged (${contact.smsConsent})`
      : change === "older"
        ? `SMS consent kept (${contact.smsConsent}): ours is newer than Shopify's`
        : `SMS consent ${change}`;
  return `${label}: ${consent}${filled.length > 0 ? `; filled ${filled.join(", ")}` : ""}`;
}
