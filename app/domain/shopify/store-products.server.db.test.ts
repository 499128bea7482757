import { eq } from "drizzle-orm";
import { beforeEach, expect, test, vi } from "vitest";
import {
  auditLog,
  journeys,
  products,
  shopifyMappedVariants,
  shopifyProductMappings,
  storeProfiles,
  touchpoints,
  trackedLinks,
  users,
} from "#db/schema";
import { seedReferenceData } from "#db/seed";
import { createProduct } from "~/domain/products/products.server";
import { addMembership, createAccount, createUser } from "../../../tests/support/factories";
import { createLiveProduct } from "../../../tests/support/journeys-live";
import { installedStore } from "../../../tests/support/onboarding-factories";
import { DEMO_SHOP, SHOPIFY_TEST_SHOP, setUpShopifyStandIn } from "../../../tests/support/shopify-test-env";
import { companyWithAdmin, viewerOf } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { fetchStoreProducts, productPageUrl, submitPickedProducts } from "./store-products.server";

const standIn = setUpShopifyStandIn();

describeEachDatabase("onboarding product stepper", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
  });

  const profileRow = async (id: string) =>
    (await getDb().select().from(storeProfiles).where(eq(storeProfiles.id, id)))[0];
  const productsOf = async (accountId: string) =>
    getDb().select().from(products).where(eq(products.accountId, accountId));

  test("the store's products come from the Admin API with their type and picture", async () => {
    await installedStore(standIn());
    const found = await fetchStoreProducts(SHOPIFY_TEST_SHOP);
    expect(found.map((p) => [p.title, p.productType])).toEqual(
      DEMO_SHOP.products?.map((p) => [p.title, p.productType]),
    );
    expect(found[0].id).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    expect(found[0].imageUrl).toMatch(/^http/);
    expect(found[0].handle).toBe("classic-tee");
  });

  test("a catalogue of more than one page is read page by page", async () => {
    const many = Array.from({ length: 260 }, (_, i) => ({ title: `Item ${String(i).padStart(3, "0")}` }));
    standIn().seedShop({ domain: "big-shop.myshopify.com", products: many });
    await installedStore(standIn(), { shop: "big-shop.myshopify.com" });
    const found = await fetchStoreProducts("big-shop.myshopify.com");
    expect(found).toHaveLength(260);
    expect(new Set(found.map((p) => p.id)).size).toBe(260);
  });

  test("a big pick is read in batches within Shopify's cost limit, a product's many variants page by page", async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      title: `Item ${String(i).padStart(2, "0")}`,
      variants: Array.from({ length: i === 0 ? 300 : 1 }, (_, v) => ({
        title: `Size ${v}`,
        sku: `I${i}-${v}`,
      })),
    }));
    standIn().seedShop({ domain: "big-shop.myshopify.com", products: many });
    const { account, admin } = await companyWithAdmin();
    const profile = await installedStore(standIn(), {
      shop: "big-shop.myshopify.com",
      accountId: account.id,
    });
    const picked = await fetchStoreProducts("big-shop.myshopify.com");
    standIn().requests.length = 0;

    const outcome = await submitPickedProducts(
      await viewerOf(admin.id),
      profile,
      picked.map((p) => p.id),
    );

    expect(outcome).toEqual({ ok: true, created: 30, mapped: 30 });
    expect(await getDb().select().from(shopifyMappedVariants)).toHaveLength(300 + 29);
    const asked = standIn().requests.map(
      (r) => JSON.parse(r.body) as { query: string; variables: { ids?: string[] } },
    );
    const batches = asked
      .filter((r) => r.query.includes("PickedProducts"))
      .map((r) => r.variables.ids?.length);
    expect(batches).toEqual([25, 5]);
    // 300 variants: 34 with the product, then pages of 250 (250 and 16).
    expect(asked.filter((r) => r.query.includes("PickedProductVariants"))).toHaveLength(2);
  });

  test("Submit makes products with mappings and paused starter journeys, hides the stepper, records the event", async () => {
    const { account, admin } = await companyWithAdmin();
    const profile = await installedStore(standIn(), { accountId: account.id });
    const picked = (await fetchStoreProducts(SHOPIFY_TEST_SHOP)).filter((p) => p.productType === "Shirts");

    const outcome = await submitPickedProducts(
      await viewerOf(admin.id),
      profile,
      picked.map((p) => p.id),
    );

    expect(outcome).toEqual({ ok: true, created: 2, mapped: 2 });
    const made = await productsOf(account.id);
    expect(made.map((p) => p.name).sort()).toEqual(["Classic Tee", "Linen Shirt"]);
    const mappings = await getDb().select().from(shopifyProductMappings);
    expect(
      mappings
        .map((m) => [made.find((p) => p.id === m.productId)?.name, m.shopifyProductIds, m.accountId])
        .sort(),
    ).toEqual(picked.map((p) => [p.title, [p.id], account.id]).sort());
    // Their variants are mapped with them, for the orders of the commerce work.
    const variants = await getDb().select().from(shopifyMappedVariants);
    expect(variants).toHaveLength(2);
    for (const variant of variants) {
      const mapping = mappings.find((m) => m.id === variant.mappingId);
      expect(mapping?.shopifyProductIds).toEqual([variant.shopifyProductId]);
      expect(mapping?.shopifyProductVariants).toEqual({
        [variant.shopifyProductId]: [variant.shopifyVariantId],
      });
      expect(variant).toMatchObject({ accountId: account.id, productId: mapping?.productId });
      expect(variant.shopifyVariantId).toMatch(/^gid:\/\/shopify\/ProductVariant\/\d+$/);
    }
    const journeyRows = await getDb().select().from(journeys).where(eq(journeys.accountId, account.id));
    expect(journeyRows.map((j) => j.state)).toEqual(["paused", "paused"]);
    const steps = await getDb().select().from(touchpoints).where(eq(touchpoints.accountId, account.id));
    expect(steps).toHaveLength(2);
    const tee = steps.find((s) => s.message.includes("Classic Tee"));
    expect(tee).toMatchObject({
      ordinal: 1,
      channel: "sms",
      waitMinutes: 24 * 60,
      waitUnit: "days",
      linkTarget: productPageUrl(SHOPIFY_TEST_SHOP, "classic-tee"),
    });
    expect(tee?.message).toContain("{{LINK}}");
    const [link] = await getDb()
      .select()
      .from(trackedLinks)
      .where(eq(trackedLinks.touchpointId, tee?.id ?? ""));
    expect(link).toMatchObject({
      code: tee?.linkCode,
      targetUrl: productPageUrl(SHOPIFY_TEST_SHOP, "classic-tee"),
    });
    expect((await profileRow(profile.id)).showStepper).toBe(false);
    const [event] = await getDb().select().from(auditLog);
    expect(event).toMatchObject({
      action: "Shopify Products Picked",
      actorUserId: admin.id,
      targetType: "account",
      targetId: account.id,
      after: { shop: SHOPIFY_TEST_SHOP, products: expect.arrayContaining(["Classic Tee", "Linen Shirt"]) },
    });
  });

  test("a product of the same name is reused: mapped, its journey left as it is", async () => {
    const { account, admin } = await companyWithAdmin();
    const profile = await installedStore(standIn(), { accountId: account.id });
    // A journey the merchant made live: picking the store product must not pause it.
    const existing = await createLiveProduct({ account: { id: account.id } }, "classic tee");
    if (!existing.ok) throw new Error("setup");
    const tee = (await fetchStoreProducts(SHOPIFY_TEST_SHOP)).find((p) => p.title === "Classic Tee");

    expect(await submitPickedProducts(await viewerOf(admin.id), profile, [tee?.id ?? ""])).toEqual({
      ok: true,
      created: 0,
      mapped: 1,
    });
    expect((await productsOf(account.id)).map((p) => p.id)).toEqual([existing.product.id]);
    expect(await getDb().select().from(touchpoints)).toEqual([]);
    const [journey] = await getDb().select().from(journeys);
    expect(journey.state).toBe("live");
    // Picking it again does not map it twice.
    await submitPickedProducts(await viewerOf(admin.id), profile, [tee?.id ?? ""]);
    const [mapping] = await getDb().select().from(shopifyProductMappings);
    expect(mapping.shopifyProductIds).toEqual([tee?.id]);
    expect(await getDb().select().from(shopifyMappedVariants)).toHaveLength(1);
  });

  test("a variant already mapped to another product stays with it", async () => {
    const { account, admin } = await companyWithAdmin();
    const profile = await installedStore(standIn(), { accountId: account.id });
    const tee = (await fetchStoreProducts(SHOPIFY_TEST_SHOP)).find((p) => p.title === "Classic Tee");
    const other = await createProduct({ account: { id: account.id } }, "Tees in general");
    if (!other.ok || !tee) throw new Error("setup");
    const [mapping] = await getDb()
      .insert(shopifyProductMappings)
      .values({ accountId: account.id, productId: other.product.id, shopifyProductIds: [tee.id] })
      .returning();
    const variantId =
      (await standIn().store.shops.get(SHOPIFY_TEST_SHOP))?.products[0]?.variants[0]?.id ?? "";
    await getDb().insert(shopifyMappedVariants).values({
      accountId: account.id,
      shopifyVariantId: variantId,
      shopifyProductId: tee.id,
      productId: other.product.id,
      mappingId: mapping.id,
    });

    expect((await submitPickedProducts(await viewerOf(admin.id), profile, [tee.id])).ok).toBe(true);

    const variants = await getDb().select().from(shopifyMappedVariants);
    expect(variants).toEqual([
      expect.objectContaining({ shopifyVariantId: variantId, productId: other.product.id }),
    ]);
  });

  test("products land in the store's company, not in the user's active one", async () => {
    const { account: storeCompany, admin } = await companyWithAdmin();
    const active = await createAccount();
    await addMembership(admin.id, active.id, {
      isCompanyAdmin: true,
      activatedAt: new Date(Date.now() + 60_000),
    });
    const profile = await installedStore(standIn(), { accountId: storeCompany.id });
    const viewer = await viewerOf(admin.id);
    expect(viewer.memberships[0].accountId).toBe(active.id);
    const [first] = await fetchStoreProducts(SHOPIFY_TEST_SHOP);

    await submitPickedProducts(viewer, profile, [first.id]);

    expect(await productsOf(active.id)).toEqual([]);
    expect(await productsOf(storeCompany.id)).toHaveLength(1);
  });

  test("only a company admin of the store's company submits; nothing is written otherwise", async () => {
    const { account } = await companyWithAdmin();
    const member = await createUser();
    await addMembership(member.id, account.id);
    const outsider = await createUser();
    const profile = await installedStore(standIn(), { accountId: account.id });
    const ids = (await fetchStoreProducts(SHOPIFY_TEST_SHOP)).map((p) => p.id);

    expect(await submitPickedProducts(await viewerOf(member.id), profile, ids)).toEqual({
      ok: false,
      reason: "not_admin",
    });
    expect(await submitPickedProducts(await viewerOf(outsider.id), profile, ids)).toEqual({
      ok: false,
      reason: "not_member",
    });
    expect(await getDb().select().from(products)).toEqual([]);
    expect((await profileRow(profile.id)).showStepper).toBe(true);
  });

  test("when Shopify cannot be read, nothing is written and the stepper stays", async () => {
    const { account, admin } = await companyWithAdmin();
    const profile = await installedStore(standIn(), { accountId: account.id });
    const ids = (await fetchStoreProducts(SHOPIFY_TEST_SHOP)).map((p) => p.id);
    standIn().failNextGraphql({ status: 500 }, 5);
    vi.spyOn(console, "warn").mockImplementation(() => {});

    expect(await submitPickedProducts(await viewerOf(admin.id), profile, ids)).toEqual({
      ok: false,
      reason: "fetch_failed",
    });
    expect(await getDb().select().from(products)).toEqual([]);
    expect((await profileRow(profile.id)).showStepper).toBe(true);
  });

  test("a failure late in Submit leaves no product, mapping, journey or link behind", async () => {
    const { account, admin } = await companyWithAdmin();
    const profile = await installedStore(standIn(), { accountId: account.id });
    const ids = (await fetchStoreProducts(SHOPIFY_TEST_SHOP)).map((p) => p.id);
    const viewer = await viewerOf(admin.id);
    // The event is written last; an actor who no longer exists makes that insert fail.
    await getDb().delete(users).where(eq(users.id, admin.id));

    await expect(submitPickedProducts(viewer, profile, ids)).rejects.toThrow();

    expect(await getDb().select().from(products)).toEqual([]);
    expect(await getDb().select().from(shopifyProductMappings)).toEqual([]);
    expect(await getDb().select().from(touchpoints)).toEqual([]);
    expect(await getDb().select().from(trackedLinks)).toEqual([]);
    expect((await profileRow(profile.id)).showStepper).toBe(true);
  });

  test("an empty pick hides the stepper and creates nothing", async () => {
    const { account, admin } = await companyWithAdmin();
    const profile = await installedStore(standIn(), { accountId: account.id });
    expect(await submitPickedProducts(await viewerOf(admin.id), profile, [])).toEqual({
      ok: true,
      created: 0,
      mapped: 0,
    });
    expect((await profileRow(profile.id)).showStepper).toBe(false);
  });
});
