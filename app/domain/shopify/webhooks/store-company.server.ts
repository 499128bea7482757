import { and, eq, inArray, isNull, ne, notExists, sql } from "drizzle-orm";
import type { Tx } from "#db/client.server";
import {
  type accounts,
  consentEvents,
  contacts,
  csvImports,
  formSubmissions,
  memberships,
  shopifyOrders,
  storeProfiles,
  users,
} from "#db/schema";
import { NO_PASSWORD } from "../embedded-staff.server";
import type { StoreProfile } from "../store-profiles.server";

/**
 * Whether shop/redact may delete a store's company (issue 32 item 2): only one that onboarding created
 * for this very store (accounts.createdForStoreProfileId, never set when an existing company is linked)
 * and that holds nothing made outside Shopify. Anything else keeps the company, which then loses only
 * its Shopify side. Returns why the company is kept, or null when it may go.
 *
 * Made outside Shopify, each of which keeps the company:
 * - billing of its own: a Stripe customer or subscription, or manual billing;
 * - another store linked to it;
 * - a member other than its owner who is not a staff identity the embedded app made (a user without a
 *   password of their own): someone invited, or who signed in with us, works in it;
 * - a contacts import, a form submission, or consent recorded from a form, an import or by a team
 *   member;
 * - a contact that did not come from the store: without a Shopify customer id and not the buyer of one
 *   of the store's orders (added by hand, through the chat, an integration...).
 * A contact made by hand that a later order matched (and gave a Shopify customer id) cannot be told
 * from a buyer unless its consent was recorded by hand, on a form or in an import.
 */

export type StoreCompany = Pick<
  typeof accounts.$inferSelect,
  | "id"
  | "ownerUserId"
  | "createdForStoreProfileId"
  | "stripeCustomerId"
  | "stripeSubscriptionId"
  | "manualBilling"
>;

const OUTSIDE_CONSENT_SOURCES = ["form", "admin", "import"];

export async function reasonToKeepStoreCompany(
  tx: Tx,
  account: StoreCompany,
  profile: Pick<StoreProfile, "id" | "shopDomain">,
): Promise<string | null> {
  if (account.createdForStoreProfileId !== profile.id) return "it was not created for this store";
  if (account.stripeCustomerId || account.stripeSubscriptionId) return "it is billed through Stripe";
  if (account.manualBilling) return "it is on manual billing";

  const exists = async (query: Promise<unknown[]>) => (await query).length > 0;
  if (
    await exists(
      tx
        .select({ id: storeProfiles.id })
        .from(storeProfiles)
        .where(and(eq(storeProfiles.accountId, account.id), ne(storeProfiles.id, profile.id)))
        .limit(1),
    )
  )
    return "another store is linked to it";

  if (
    await exists(
      tx
        .select({ id: memberships.userId })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.accountId, account.id),
            ne(users.passwordHash, NO_PASSWORD),
            account.ownerUserId ? ne(memberships.userId, account.ownerUserId) : undefined,
          ),
        )
        .limit(1),
    )
  )
    return "it has members who did not come from the store";

  if (
    await exists(
      tx.select({ id: csvImports.id }).from(csvImports).where(eq(csvImports.accountId, account.id)).limit(1),
    )
  )
    return "contacts were imported into it";
  if (
    await exists(
      tx
        .select({ id: formSubmissions.id })
        .from(formSubmissions)
        .where(eq(formSubmissions.accountId, account.id))
        .limit(1),
    )
  )
    return "its forms collected contacts";
  if (
    await exists(
      tx
        .select({ id: consentEvents.id })
        .from(consentEvents)
        .where(
          and(
            eq(consentEvents.accountId, account.id),
            inArray(consentEvents.source, OUTSIDE_CONSENT_SOURCES),
          ),
        )
        .limit(1),
    )
  )
    return "it holds consent recorded outside Shopify";

  const storeOrder = tx
    .select({ one: sql`1` })
    .from(shopifyOrders)
    .where(and(eq(shopifyOrders.contactId, contacts.id), eq(shopifyOrders.shop, profile.shopDomain)));
  if (
    await exists(
      tx
        .select({ id: contacts.id })
        .from(contacts)
        .where(
          and(eq(contacts.accountId, account.id), isNull(contacts.shopifyCustomerId), notExists(storeOrder)),
        )
        .limit(1),
    )
  )
    return "it has contacts that did not come from the store";
  return null;
}
