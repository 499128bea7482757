import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, shopifyProductMappings, storeProfiles } from "#db/schema";
import type { MemberContext } from "~/domain/access/guard.server";
import { recordAudit } from "~/domain/admin/audit.server";
import { cancelShopifySubscription } from "~/domain/billing/shopify-subscriptions.server";
import type { AccountScope } from "~/domain/kernel/scope";
import { adminGraphql } from "~/domain/shopify/admin-api.server";
import { findEnabledStoreProfileForAccount } from "~/domain/shopify/store-profiles.server";
import { isTritechSynced } from "~/domain/tritech/profile.server";
import { webhookVerifiedFor } from "~/domain/whatsapp/config.server";
import {
  SMS_MARKETING_QUERY,
  type SmsMarketingAnswer,
  type SmsMarketingQueryData,
  smsMarketingAnswerOf,
} from "./sms-status";

/** The caller's connected store as /integration shows it, or null when none is. */
export async function connectedStore(scope: AccountScope) {
  // Connected means installed: an uninstalled store (profile disabled) is reconnected by installing
  // the app again, which enables the same profile.
  const profile = await findEnabledStoreProfileForAccount(scope);
  if (!profile) return null;
  return {
    shop: profile.shopDomain,
    storeName: profile.storeName,
    automaticOptIn: profile.addContactsWithoutMarketingConsent,
  };
}

export type ConnectedStore = NonNullable<Awaited<ReturnType<typeof connectedStore>>>;

/**
 * The caller's store and which integration is active, for the home's cards (spec 3 section 2.5).
 * Tri-Tech: its profile is enabled (synced by AIM's handshake). WhatsApp (a verified webhook) has no
 * table yet: issue 16 adds it and fills it in.
 */
export async function integrationsOverview(scope: AccountScope) {
  const [store, tritech, whatsapp] = await Promise.all([
    connectedStore(scope),
    isTritechSynced(scope),
    webhookVerifiedFor(scope),
  ]);
  return { store, active: { shopify: store !== null, tritech, whatsapp: whatsapp === true } };
}

export type ActiveIntegrations = Awaited<ReturnType<typeof integrationsOverview>>["active"];

/**
 * Asks the store whether its checkout shows the SMS marketing checkbox. Never throws: a failure is
 * logged and answered as such, which the page shows as Error (spec 3 section 8).
 */
export async function askSmsMarketingAtCheckout(shop: string): Promise<SmsMarketingAnswer> {
  try {
    const answer = smsMarketingAnswerOf(await adminGraphql<SmsMarketingQueryData>(shop, SMS_MARKETING_QUERY));
    if (!answer.ok) console.warn(`integrations: ${shop} answered the SMS marketing query without its field`);
    return answer;
  } catch (error) {
    console.warn(`integrations: could not read the SMS marketing setting of ${shop}:`, error);
    return { ok: false };
  }
}

/**
 * 'Automatic Opt-in for Non-Commercial Messages' (the profile's add_contacts_without_marketing_consent):
 * sets it on the caller's store and answers the stored value, or null when the company has no store.
 */
export async function setAutomaticOptIn(member: MemberContext, enabled: boolean): Promise<boolean | null> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx
      .select({ id: storeProfiles.id, value: storeProfiles.addContactsWithoutMarketingConsent })
      .from(storeProfiles)
      .where(eq(storeProfiles.accountId, member.account.id))
      .for("update");
    if (!before) return null;
    const [after] = await tx
      .update(storeProfiles)
      .set({ addContactsWithoutMarketingConsent: enabled, updatedAt: new Date() })
      .where(and(eq(storeProfiles.id, before.id), eq(storeProfiles.accountId, member.account.id)))
      .returning({ value: storeProfiles.addContactsWithoutMarketingConsent });
    if (!after) return null;
    if (after.value !== before.value)
      await recordAudit(tx, member, {
        action: "integrations.shopify.automatic-opt-in",
        targetType: "account",
        targetId: member.account.id,
        before: { addContactsWithoutMarketingConsent: before.value },
        after: { addContactsWithoutMarketingConsent: after.value },
      });
    return after.value;
  });
}

export type DisconnectOutcome =
  | { status: "disconnected"; storeName: string; mappingsDeleted: number; manualBilling: boolean }
  | { status: "not-connected" }
  | { status: "billing-failed" };

/**
 * 'Disconnect app' (spec 3 section 4.6): cancels the store's Shopify plan, deletes the company's
 * product mappings and its store profile, and moves a company that came from Shopify to manual
 * billing (it no longer has a store to bill through).
 *
 * The old front end waited 8 s before deleting the profile, and 2 s and 7 s before reading the
 * account again: its back end finished these steps asynchronously. Here they are ours, run in order
 * on the server and the database part in one transaction, so the page reads the result as soon as
 * the action answers, with no wait.
 *
 * The store's Shopify sessions stay: disconnecting does not uninstall the app from the store (only
 * the merchant can, in Shopify), so its token stays valid either way. Kept, they let the embedded app
 * and a later reconnection work without a new OAuth, and the compliance webhooks still find the
 * shop; the app/uninstalled webhook deletes them when the merchant uninstalls.
 */
export async function disconnectShopifyStore(
  member: MemberContext,
  cancelSubscription: (scope: AccountScope) => Promise<void> = cancelShopifySubscription,
): Promise<DisconnectOutcome> {
  const db = getDb();
  const [profile] = await db
    .select()
    .from(storeProfiles)
    .where(eq(storeProfiles.accountId, member.account.id));
  if (!profile) return { status: "not-connected" };

  // First the plan, a call to Shopify, outside the transaction. If it fails nothing else happens, so a
  // store is never left paying a plan we no longer know about. An uninstalled store (profile
  // disabled) has no plan left: Shopify cancels it on uninstall, and there is no token to call with.
  if (profile.enabled) {
    try {
      await cancelSubscription(member);
    } catch (error) {
      console.warn(`integrations: could not cancel the Shopify plan of ${profile.shopDomain}:`, error);
      return { status: "billing-failed" };
    }
  }

  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(storeProfiles)
      .where(and(eq(storeProfiles.id, profile.id), eq(storeProfiles.accountId, member.account.id)))
      .returning({ id: storeProfiles.id });
    // Someone else disconnected it meanwhile, and their transaction did the rest.
    if (!deleted) return { status: "not-connected" } as const;
    const mappings = await tx
      .delete(shopifyProductMappings)
      .where(eq(shopifyProductMappings.accountId, member.account.id))
      .returning({ id: shopifyProductMappings.id });
    const shopifySourced = await tx
      .update(accounts)
      .set({ manualBilling: true, updatedAt: new Date() })
      .where(and(eq(accounts.id, member.account.id), eq(accounts.source, "shopify")))
      .returning({ id: accounts.id });
    const manualBilling = shopifySourced.length > 0;
    await recordAudit(tx, member, {
      action: "integrations.shopify.disconnect",
      targetType: "account",
      targetId: member.account.id,
      before: { shop: profile.shopDomain, storeName: profile.storeName, productMappings: mappings.length },
      after: manualBilling ? { manualBilling: true } : null,
    });
    return {
      status: "disconnected",
      storeName: profile.storeName,
      mappingsDeleted: mappings.length,
      manualBilling,
    } as const;
  });
}
