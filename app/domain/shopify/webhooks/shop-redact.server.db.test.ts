import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, test } from "vitest";
import { accounts, auditLog, contacts, shopifyOrders, shopifySessions, storeProfiles } from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { createContact } from "~/domain/contacts/contacts.server";
import { SHOPIFY_WEBHOOK_API_VERSION } from "~/services/shopify/api-versions";
import { addMembership, createAccount, createUser } from "../../../../tests/support/factories";
import { createShopifySession, createStoreProfile } from "../../../../tests/support/shopify-store-rows";
import { companyWithAdmin, memberContext, viewerOf } from "../../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { createCompanyForStore, linkStoreToCompany } from "../onboarding.server";
import { recordInstalledStore } from "../store-profiles.server";
import { applyShopifyWebhook, storeShopifyWebhook } from "./inbox.server";
import type { ShopifyWebhookTopic } from "./topics";

// Issue 32 item 2: shop/redact deletes only a company onboarding made for the store that holds nothing
// made outside Shopify; a company that existed before the store is kept with its contacts.

const SHOP = "redact-shop.myshopify.com";

async function deliver(topic: ShopifyWebhookTopic, payload: Record<string, unknown>) {
  const webhookId = randomUUID();
  await storeShopifyWebhook({
    webhookId,
    shop: SHOP,
    topic,
    apiVersion: SHOPIFY_WEBHOOK_API_VERSION,
    payload,
    triggeredAt: new Date(),
  });
  return applyShopifyWebhook(webhookId);
}

/** The store leaves: app/uninstalled, then (48 hours later for Shopify) shop/redact. */
async function uninstallAndRedact() {
  expect(await deliver("app/uninstalled", { id: 1, myshopify_domain: SHOP })).toMatch(/^uninstalled/);
  return deliver("shop/redact", { shop_id: 1, shop_domain: SHOP });
}

describeEachDatabase("shop/redact and where a company came from", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });
  const companyRow = async (id: string) =>
    (await getDb().select().from(accounts).where(eq(accounts.id, id)))[0];

  /** A buyer the store's orders brought: a Shopify customer id and one order of the store. */
  async function storeBuyer(accountId: string) {
    const [buyer] = await getDb()
      .insert(contacts)
      .values({
        accountId,
        firstName: "Bea",
        lastName: "Buyer",
        phone: "+12015550188",
        shopifyCustomerId: "gid://shopify/Customer/77",
      })
      .returning();
    await getDb().insert(shopifyOrders).values({
      accountId,
      shop: SHOP,
      shopifyOrderId: "gid://shopify/Order/501",
      contactId: buyer.id,
      shopifyCustomerId: "gid://shopify/Customer/77",
      totalPriceMinor: 2500,
      currency: "USD",
      placedAt: new Date(),
    });
    return buyer;
  }

  test("a company that existed before the store, linked in onboarding, keeps itself and its contacts after uninstall and redact", async () => {
    const { account, admin, context } = await companyWithAdmin("Kettle Co");
    const made = await createContact(context, { firstName: "Hana", lastName: "Hand", phone: "+12015550101" });
    expect(made.ok).toBe(true);
    const profile = await recordInstalledStore({ shop: SHOP, storeName: "Redact Shop" });
    expect(await linkStoreToCompany(await viewerOf(admin.id), SHOP, account.id)).toBe("linked");
    const buyer = await storeBuyer(account.id);
    await createShopifySession(SHOP);

    const outcome = await uninstallAndRedact();

    expect(outcome).toMatch(
      /company Kettle Co kept without its Shopify data \(it was not created for this store\)$/,
    );
    expect(await companyRow(account.id)).toMatchObject({
      company: "Kettle Co",
      source: account.source,
      manualBilling: account.manualBilling,
      createdForStoreProfileId: null,
    });
    const kept = await getDb().select().from(contacts).where(eq(contacts.accountId, account.id));
    expect(kept.map((c) => c.firstName).sort()).toEqual(["Bea", "Hana"]);
    // Only the Shopify side went: the store's profile, sessions and orders.
    expect(await getDb().$count(storeProfiles, eq(storeProfiles.id, profile.id))).toBe(0);
    expect(await getDb().$count(shopifySessions, eq(shopifySessions.shop, SHOP))).toBe(0);
    expect(await getDb().$count(shopifyOrders, eq(shopifyOrders.contactId, buyer.id))).toBe(0);
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.action, "shopify.shop_redact"));
    expect(entry.after).toMatchObject({
      counts: { companyDeleted: false, orders: 1 },
      keptBecause: "it was not created for this store",
    });
  });

  test("a company onboarding created for the store, holding only what the store brought, is deleted", async () => {
    const owner = await createUser();
    const profile = await recordInstalledStore({ shop: SHOP, storeName: "Redact Shop" });
    const created = await createCompanyForStore(await viewerOf(owner.id), SHOP, {
      company: "Redact Shop",
      url: SHOP,
    });
    if (!created.ok) throw new Error("not created");
    expect((await companyRow(created.accountId)).createdForStoreProfileId).toBe(profile.id);
    await storeBuyer(created.accountId);

    const outcome = await uninstallAndRedact();

    expect(outcome).toMatch(/company Redact Shop deleted \(it existed only for the store\)$/);
    expect(await getDb().$count(accounts, eq(accounts.id, created.accountId))).toBe(0);
    expect(await getDb().$count(contacts)).toBe(0);
  });

  test.each([
    {
      added: "a contact added by hand",
      reason: "it has contacts that did not come from the store",
      add: async (_accountId: string, ownerId: string) => {
        const made = await createContact(await memberContext(ownerId), {
          firstName: "Hana",
          lastName: "Hand",
          email: "hana@example.com",
        });
        expect(made.ok).toBe(true);
      },
    },
    {
      added: "a member who signed up with us",
      reason: "it has members who did not come from the store",
      add: async (accountId: string) => addMembership((await createUser()).id, accountId),
    },
    {
      added: "Stripe billing",
      reason: "it is billed through Stripe",
      add: async (accountId: string) => {
        await getDb().update(accounts).set({ stripeCustomerId: "cus_9" }).where(eq(accounts.id, accountId));
      },
    },
  ])("a company made for the store that gained $added is kept", async ({ reason, add }) => {
    const owner = await createUser();
    await recordInstalledStore({ shop: SHOP, storeName: "Redact Shop" });
    const created = await createCompanyForStore(await viewerOf(owner.id), SHOP, {
      company: "Redact Shop",
      url: SHOP,
    });
    if (!created.ok) throw new Error("not created");
    await storeBuyer(created.accountId);
    await add(created.accountId, owner.id);

    const outcome = await uninstallAndRedact();

    expect(outcome).toMatch(new RegExp(`company Redact Shop kept without its Shopify data \\(${reason}\\)$`));
    expect(await getDb().$count(accounts, eq(accounts.id, created.accountId))).toBe(1);
    expect(await getDb().$count(contacts, eq(contacts.accountId, created.accountId))).toBeGreaterThan(0);
  });

  test("migration 0042 recognises the companies made for their store before the column existed", async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    const store = async (shop: string, accountId: string) =>
      createStoreProfile({ shopDomain: shop, accountId, createdAt: at(10) });
    // Made by onboarding after the install recorded the store.
    const madeForStore = await createAccount({ source: "shopify", createdAt: at(11) });
    // Existed before the store and was linked (the old link code set source 'shopify' on it too).
    const linked = await createAccount({ source: "shopify", createdAt: at(5) });
    // Created by a platform admin (its audit entry), then linked.
    const byAdmin = await createAccount({ source: "shopify", createdAt: at(12) });
    await getDb().insert(auditLog).values({
      actorEmail: "admin@example.com",
      action: "company.create",
      targetType: "account",
      targetId: byAdmin.id,
    });
    // Never linked to a store, or not from Shopify.
    const unlinked = await createAccount({ source: "shopify", createdAt: at(11) });
    const standalone = await createAccount({ createdAt: at(11) });
    const profiles = {
      madeForStore: await store("made-for.myshopify.com", madeForStore.id),
      linked: await store("linked.myshopify.com", linked.id),
      byAdmin: await store("by-admin.myshopify.com", byAdmin.id),
      standalone: await store("standalone.myshopify.com", standalone.id),
    };
    await getDb().update(accounts).set({ createdForStoreProfileId: null });

    const migration = readFileSync(
      new URL("../../../../db/migrations/0042_store_provenance_backfill.sql", import.meta.url),
      "utf8",
    );
    await getDb().execute(sql.raw(migration));

    const provenance = async (id: string) => (await companyRow(id)).createdForStoreProfileId;
    expect(await provenance(madeForStore.id)).toBe(profiles.madeForStore.id);
    expect(await provenance(linked.id)).toBeNull();
    expect(await provenance(byAdmin.id)).toBeNull();
    expect(await provenance(unlinked.id)).toBeNull();
    expect(await provenance(standalone.id)).toBeNull();
  });
});
