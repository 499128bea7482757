import { and, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Tx } from "#db/client.server";
import {
  accounts,
  contacts,
  messages,
  outboxMessages,
  products,
  shopifyCatalogueProducts,
  shopifyCatalogueSyncs,
  shopifyCatalogueVariants,
  shopifyOrders,
  shopifyProductMappings,
  shopifySessions,
  shopifyUsageRecords,
  shopifyWebhooks,
  storeProfiles,
} from "#db/schema";
import { recordSystemAudit } from "~/domain/admin/audit.server";
import { forgetCustomerConsents } from "../commerce/customer-consents.server";
import { findStoreProfileByShop } from "../store-profiles.server";
import { reasonToKeepStoreCompany } from "./store-company.server";
import { happenedAt, type StoredWebhook } from "./stored-webhook.server";

/**
 * shop/redact: 48 hours after a store uninstalled the app, Shopify asks us to erase what we hold for
 * it. Always purged: its Shopify sessions, usage records, the payloads of its applied webhooks (the
 * rows stay, emptied, so a late replay is still recognised), and its store profile. Its company:
 *
 * - deleted with everything in it when onboarding created it for this store and it holds nothing made
 *   outside Shopify (store-company.server.ts says what counts). Its users stay: they are people with
 *   their own sign-in, and keep their other companies;
 * - otherwise kept, losing only its Shopify side: the store's orders, its catalogue and product
 *   mappings, the Shopify plan id. A company that existed before the store was linked to it, one made
 *   for the store that has since gained contacts, members or billing of its own, or one disconnected
 *   from the store on the Integrations page (which deletes the profile, so no redaction finds it)
 *   keeps its contacts.
 *
 * Contacts carry no record of which store they came from, so a kept company keeps all of them.
 */

export async function applyShopRedact(tx: Tx, webhook: StoredWebhook): Promise<string> {
  const shop = webhook.shop;
  const profile = await findStoreProfileByShop(shop, tx);
  // A store that installed the app again after the request was made keeps everything.
  if (profile?.enabled && profile.installedAt.getTime() > happenedAt(webhook).getTime())
    return "skipped: the store installed the app again after this request";

  const count = async (query: Promise<unknown[]>) => (await query).length;
  const counts: Record<string, number | boolean> = {
    sessions: await count(
      tx.delete(shopifySessions).where(eq(shopifySessions.shop, shop)).returning({ id: shopifySessions.id }),
    ),
    usageRecords: await count(
      tx
        .delete(shopifyUsageRecords)
        .where(eq(shopifyUsageRecords.shop, shop))
        .returning({ id: shopifyUsageRecords.messageId }),
    ),
    // Applied ones and this one; one still waiting keeps its payload until it is applied.
    webhookPayloads: await count(
      tx
        .update(shopifyWebhooks)
        .set({ payload: {} })
        .where(
          and(
            eq(shopifyWebhooks.shop, shop),
            or(isNotNull(shopifyWebhooks.processedAt), eq(shopifyWebhooks.webhookId, webhook.webhookId)),
          ),
        )
        .returning({ id: shopifyWebhooks.webhookId }),
    ),
    storeProfile: Boolean(profile),
  };

  const [account] = profile?.accountId
    ? await tx
        .select({
          id: accounts.id,
          company: accounts.company,
          ownerUserId: accounts.ownerUserId,
          createdForStoreProfileId: accounts.createdForStoreProfileId,
          stripeCustomerId: accounts.stripeCustomerId,
          stripeSubscriptionId: accounts.stripeSubscriptionId,
          manualBilling: accounts.manualBilling,
        })
        .from(accounts)
        .where(eq(accounts.id, profile.accountId))
        .for("update")
    : [];

  const keptBecause = account && profile ? await reasonToKeepStoreCompany(tx, account, profile) : null;

  let companyOutcome = "no company was linked";
  if (account && !keptBecause) {
    const sizeOf = async (table: typeof contacts | typeof products | typeof messages) =>
      Number(
        (
          await tx
            .select({ n: sql<number>`count(*)::int` })
            .from(table)
            .where(eq(table.accountId, account.id))
        )[0]?.n ?? 0,
      );
    counts.companyDeleted = true;
    counts.contacts = await sizeOf(contacts);
    counts.products = await sizeOf(products);
    counts.messages = await sizeOf(messages);
    // Local outbox copies of its messages have no key to the company: removed with it.
    counts.outboxCopies = await count(
      tx
        .delete(outboxMessages)
        .where(
          inArray(
            outboxMessages.messageId,
            tx.select({ id: messages.id }).from(messages).where(eq(messages.accountId, account.id)),
          ),
        )
        .returning({ id: outboxMessages.id }),
    );
    await tx.delete(accounts).where(eq(accounts.id, account.id));
    companyOutcome = `company ${account.company} deleted (it existed only for the store)`;
  } else if (account) {
    counts.companyDeleted = false;
    Object.assign(counts, await dropShopifySide(tx, account.id, shop));
    companyOutcome = `company ${account.company} kept without its Shopify data (${keptBecause})`;
  }
  if (profile) await tx.delete(storeProfiles).where(eq(storeProfiles.id, profile.id));

  await recordSystemAudit(tx, "shopify", {
    action: "shopify.shop_redact",
    targetType: account ? "account" : "store",
    targetId: account ? account.id : shop,
    before: profile ? { shop, storeName: profile.storeName, accountId: profile.accountId } : null,
    after: { shop, webhookId: webhook.webhookId, counts, ...(keptBecause ? { keptBecause } : {}) },
  });
  return `store data purged (${counts.sessions} session(s), ${counts.usageRecords} usage record(s), ${counts.webhookPayloads} webhook payload(s)${profile ? ", the store profile" : ""}); ${companyOutcome}`;
}

/** What a kept company loses with the store: the store's orders, catalogue and mappings, its plan id. */
async function dropShopifySide(tx: Tx, accountId: string, shop: string) {
  const count = async (query: Promise<unknown[]>) => (await query).length;
  const counts = {
    orders: await count(
      tx
        .delete(shopifyOrders)
        .where(and(eq(shopifyOrders.accountId, accountId), eq(shopifyOrders.shop, shop)))
        .returning({ id: shopifyOrders.id }),
    ),
    // Mapped variants go with their mappings (on delete cascade).
    productMappings: await count(
      tx
        .delete(shopifyProductMappings)
        .where(eq(shopifyProductMappings.accountId, accountId))
        .returning({ id: shopifyProductMappings.id }),
    ),
    catalogueProducts: await count(
      tx
        .delete(shopifyCatalogueProducts)
        .where(eq(shopifyCatalogueProducts.accountId, accountId))
        .returning({ id: shopifyCatalogueProducts.shopifyProductId }),
    ),
    customerConsents: await forgetCustomerConsents(tx, { accountId, shop }),
  };
  await tx.delete(shopifyCatalogueVariants).where(eq(shopifyCatalogueVariants.accountId, accountId));
  await tx.delete(shopifyCatalogueSyncs).where(eq(shopifyCatalogueSyncs.accountId, accountId));
  await tx
    .update(accounts)
    .set({ shopifyPlanId: null, updatedAt: new Date() })
    .where(eq(accounts.id, accountId));
  return counts;
}
