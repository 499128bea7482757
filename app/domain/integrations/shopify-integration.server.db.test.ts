import { and, eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { getDb } from "#db/client.server";
import { accounts, auditLog, products, shopifyProductMappings, storeProfiles } from "#db/schema";
import { companyWithAdmin } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import {
  disconnectShopifyStore,
  integrationsOverview,
  setAutomaticOptIn,
} from "./shopify-integration.server";

/** A store linked to the company, with `mappings` product mappings of its own products. */
async function connectStore(accountId: string, options: { enabled?: boolean; mappings?: number } = {}) {
  const name = `shop-${Math.random().toString(36).slice(2, 10)}`;
  const [profile] = await getDb()
    .insert(storeProfiles)
    .values({
      shopDomain: `${name}.myshopify.com`,
      storeName: `Store ${name}`,
      accountId,
      enabled: options.enabled ?? true,
    })
    .returning();
  for (let i = 0; i < (options.mappings ?? 0); i++) {
    const [product] = await getDb()
      .insert(products)
      .values({ accountId, name: `Product ${name} ${i}` })
      .returning();
    await getDb()
      .insert(shopifyProductMappings)
      .values({ accountId, productId: product.id, shopifyProductIds: [`gid://shopify/Product/${i + 1}`] });
  }
  return profile;
}

const mappingsOf = (accountId: string) =>
  getDb().select().from(shopifyProductMappings).where(eq(shopifyProductMappings.accountId, accountId));
const profileOf = async (accountId: string) =>
  (await getDb().select().from(storeProfiles).where(eq(storeProfiles.accountId, accountId)))[0] ?? null;
const accountRow = async (accountId: string) =>
  (await getDb().select().from(accounts).where(eq(accounts.id, accountId)))[0];
const auditOf = (accountId: string, action: string) =>
  getDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, accountId), eq(auditLog.action, action)));

describeEachDatabase("the Integrations page's Shopify domain", () => {
  test("the home shows Shopify active only for a company whose own store is installed", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    const c = await companyWithAdmin();
    const store = await connectStore(a.account.id);
    await connectStore(c.account.id, { enabled: false });

    const overviewA = await integrationsOverview(a.context);
    expect(overviewA.active).toEqual({ shopify: true, tritech: false, whatsapp: false });
    expect(overviewA.store).toEqual({
      shop: store.shopDomain,
      storeName: store.storeName,
      automaticOptIn: false,
    });
    // Another company's store is never theirs; an uninstalled store is not connected.
    expect((await integrationsOverview(b.context)).store).toBeNull();
    expect((await integrationsOverview(c.context)).active.shopify).toBe(false);
  });

  test("the automatic opt-in changes the caller's store only, and is audited", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    await connectStore(a.account.id);
    await connectStore(b.account.id);

    expect(await setAutomaticOptIn(a.context, true)).toBe(true);
    expect((await profileOf(a.account.id))?.addContactsWithoutMarketingConsent).toBe(true);
    expect((await profileOf(b.account.id))?.addContactsWithoutMarketingConsent).toBe(false);
    const [entry] = await auditOf(a.account.id, "integrations.shopify.automatic-opt-in");
    expect(entry).toMatchObject({
      actorUserId: a.admin.id,
      targetType: "account",
      before: { addContactsWithoutMarketingConsent: false },
      after: { addContactsWithoutMarketingConsent: true },
    });

    expect(await setAutomaticOptIn(a.context, false)).toBe(false);
    expect((await profileOf(a.account.id))?.addContactsWithoutMarketingConsent).toBe(false);
    expect(await auditOf(a.account.id, "integrations.shopify.automatic-opt-in")).toHaveLength(2);
  });

  test("the automatic opt-in of a company without a store changes nothing", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    await connectStore(b.account.id);
    expect(await setAutomaticOptIn(a.context, true)).toBeNull();
    expect((await profileOf(b.account.id))?.addContactsWithoutMarketingConsent).toBe(false);
    expect(await auditOf(a.account.id, "integrations.shopify.automatic-opt-in")).toHaveLength(0);
  });

  test("disconnect cancels the plan, then removes exactly the caller's mappings and store", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    await getDb().update(accounts).set({ source: "shopify" }).where(eq(accounts.id, a.account.id));
    await getDb().update(accounts).set({ source: "shopify" }).where(eq(accounts.id, b.account.id));
    const store = await connectStore(a.account.id, { mappings: 2 });
    const other = await connectStore(b.account.id, { mappings: 3 });
    const cancel = vi.fn(async () => {});

    const outcome = await disconnectShopifyStore(a.context, cancel);

    expect(outcome).toEqual({
      status: "disconnected",
      storeName: store.storeName,
      mappingsDeleted: 2,
      manualBilling: true,
    });
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(cancel).toHaveBeenCalledWith(a.context);
    expect(await profileOf(a.account.id)).toBeNull();
    expect(await mappingsOf(a.account.id)).toHaveLength(0);
    expect((await accountRow(a.account.id)).manualBilling).toBe(true);
    // The other company keeps its store, its mappings and its billing.
    expect((await profileOf(b.account.id))?.id).toBe(other.id);
    expect(await mappingsOf(b.account.id)).toHaveLength(3);
    expect((await accountRow(b.account.id)).manualBilling).toBe(false);
    // The company's own products stay: only the mappings to the store go.
    expect(await getDb().select().from(products).where(eq(products.accountId, a.account.id))).toHaveLength(2);
    const [entry] = await auditOf(a.account.id, "integrations.shopify.disconnect");
    expect(entry).toMatchObject({
      actorUserId: a.admin.id,
      before: { shop: store.shopDomain, storeName: store.storeName, productMappings: 2 },
      after: { manualBilling: true },
    });
  });

  test("disconnect leaves the billing of a company that did not come from Shopify as it was", async () => {
    const a = await companyWithAdmin();
    await connectStore(a.account.id, { mappings: 1 });
    const outcome = await disconnectShopifyStore(a.context, async () => {});
    expect(outcome).toMatchObject({ status: "disconnected", manualBilling: false });
    expect((await accountRow(a.account.id)).manualBilling).toBe(false);
    expect(await profileOf(a.account.id)).toBeNull();
  });

  test("when the plan cannot be cancelled, nothing is removed", async () => {
    const a = await companyWithAdmin();
    await getDb().update(accounts).set({ source: "shopify" }).where(eq(accounts.id, a.account.id));
    await connectStore(a.account.id, { mappings: 2 });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const outcome = await disconnectShopifyStore(a.context, async () => {
      throw new Error("Shopify answered 500");
    });
    warn.mockRestore();
    expect(outcome).toEqual({ status: "billing-failed" });
    expect(await profileOf(a.account.id)).not.toBeNull();
    expect(await mappingsOf(a.account.id)).toHaveLength(2);
    expect((await accountRow(a.account.id)).manualBilling).toBe(false);
    expect(await auditOf(a.account.id, "integrations.shopify.disconnect")).toHaveLength(0);
  });

  test("an uninstalled store is removed without asking Shopify to cancel a plan it already ended", async () => {
    const a = await companyWithAdmin();
    await connectStore(a.account.id, { enabled: false });
    const cancel = vi.fn(async () => {});
    expect((await disconnectShopifyStore(a.context, cancel)).status).toBe("disconnected");
    expect(cancel).not.toHaveBeenCalled();
    expect(await profileOf(a.account.id)).toBeNull();
  });

  test("a company without a store has nothing to disconnect", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    await connectStore(b.account.id, { mappings: 1 });
    const cancel = vi.fn(async () => {});
    expect(await disconnectShopifyStore(a.context, cancel)).toEqual({ status: "not-connected" });
    expect(cancel).not.toHaveBeenCalled();
    expect(await profileOf(b.account.id)).not.toBeNull();
    expect(await mappingsOf(b.account.id)).toHaveLength(1);
  });
});
