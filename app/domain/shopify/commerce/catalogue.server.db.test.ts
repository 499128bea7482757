import { and, eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import {
  shopifyCatalogueProducts,
  shopifyCatalogueSyncs,
  shopifyCatalogueVariants,
  shopifyMappedVariants,
  shopifyProductMappings,
} from "#db/schema";
import { SHOPIFY_ADMIN_API_VERSION } from "~/services/shopify/api-versions";
import { createOurProduct, linkStore } from "../../../../tests/support/catalogue-factories";
import { SHOPIFY_TEST_SHOP, setUpShopifyStandIn } from "../../../../tests/support/shopify-test-env";
import type { SeedProduct } from "../../../../tests/support/stand-ins/shopify";
import { companyWithAdmin } from "../../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { catalogueSyncOf, requestCatalogueSync, runCatalogueSync } from "./catalogue.server";
import { writeMapping } from "./mapping-writes.server";

// Sync Now against the Shopify stand-in: cursor pages for a small store, a bulk operation for a
// large one; the company's catalogue replaced in one transaction, mappings of what left unmapped.

const queued = vi.hoisted(() => [] as Array<{ queue: string; payload: unknown }>);
vi.mock("~/services/jobs/jobs.server", () => ({
  sendJob: async (queue: string, payload: unknown) => {
    queued.push({ queue, payload });
    return "job";
  },
  sendJobs: async () => {},
}));

const standIn = setUpShopifyStandIn();

const many = (count: number, variants: number, prefix = "Item"): SeedProduct[] =>
  Array.from({ length: count }, (_, i) => ({
    title: `${prefix} ${String(i).padStart(4, "0")}`,
    productType: i % 2 ? "Even" : "odd",
    variants: Array.from({ length: variants }, (_, j) => ({ title: `V${j}`, price: "10.50" })),
  }));

describeEachDatabase("the store catalogue's Sync Now", (getDb) => {
  const catalogueOf = async (accountId: string) => ({
    products: await getDb()
      .select()
      .from(shopifyCatalogueProducts)
      .where(eq(shopifyCatalogueProducts.accountId, accountId)),
    variants: await getDb()
      .select()
      .from(shopifyCatalogueVariants)
      .where(eq(shopifyCatalogueVariants.accountId, accountId)),
  });
  const graphqlBodies = () =>
    standIn()
      .requests.filter((r) => r.path.includes("graphql.json"))
      .map((r) => r.body);

  async function syncNow(context: { account: { id: string } }) {
    const request = await requestCatalogueSync(context);
    if (!request.ok) throw new Error(request.reason);
    await runCatalogueSync(context.account.id, request.runId, { lastAttempt: true }, { bulkPollMs: 0 });
    return catalogueSyncOf(context);
  }

  test("a small store is read in cursor pages: products with their types, pictures and variants", async () => {
    const { account, context } = await companyWithAdmin();
    await linkStore(account.id, SHOPIFY_TEST_SHOP, standIn());
    const sync = await syncNow(context);
    expect(queued.at(-1)).toEqual({
      queue: "shopify-catalogue-sync",
      payload: { accountId: account.id, runId: sync?.runId },
    });
    expect(sync).toMatchObject({
      status: "succeeded",
      method: "pages",
      productsDone: 5,
      variantsDone: 5,
      currency: "USD",
    });
    expect(sync?.lastSucceededAt).toBeInstanceOf(Date);

    const { products, variants } = await catalogueOf(account.id);
    const shop = standIn().store.shops.get(SHOPIFY_TEST_SHOP)!;
    expect(products.map((p) => [p.title, p.productType, p.productTypeLowercased]).sort()).toEqual([
      ["Canvas Sneakers", "Shoes", "shoes"],
      ["Classic Tee", "Shirts", "shirts"],
      ["Leather Belt", "Accessories", "accessories"],
      ["Linen Shirt", "Shirts", "shirts"],
      ["Trail Boots", "shoes", "shoes"],
    ]);
    const tee = shop.products.find((p) => p.title === "Classic Tee")!;
    expect(products.find((p) => p.shopifyProductId === tee.id)).toMatchObject({
      imageUrl: tee.imageUrl,
      status: "ACTIVE",
      shop: SHOPIFY_TEST_SHOP,
    });
    expect(variants.find((v) => v.shopifyVariantId === tee.variants[0]!.id)).toMatchObject({
      shopifyProductId: tee.id,
      sku: "TEE-1",
      priceMinor: 2500,
      position: 1,
    });
    expect(graphqlBodies().some((b) => b.includes("bulkOperationRunQuery"))).toBe(false);
  });

  test("the pages follow the cursor until the last one", async () => {
    standIn().seedShop({ domain: SHOPIFY_TEST_SHOP, products: many(230, 2) });
    const { account, context } = await companyWithAdmin();
    await linkStore(account.id, SHOPIFY_TEST_SHOP, standIn());
    expect(await syncNow(context)).toMatchObject({
      status: "succeeded",
      method: "pages",
      productsDone: 230,
      variantsDone: 460,
    });
    const { products, variants } = await catalogueOf(account.id);
    expect(products).toHaveLength(230);
    expect(variants).toHaveLength(460);
    const bodies = graphqlBodies();
    expect(bodies.filter((b) => b.includes("CatalogueProducts"))).toHaveLength(2);
    expect(bodies.filter((b) => b.includes("CatalogueVariants"))).toHaveLength(2);
  });

  test("a store above 250 products is read through one bulk operation and its JSONL file", async () => {
    standIn().seedShop({ domain: SHOPIFY_TEST_SHOP, products: many(260, 3) });
    await standIn().control("POST", "/bulk", { pollsUntilComplete: 2 });
    const { account, context } = await companyWithAdmin();
    await linkStore(account.id, SHOPIFY_TEST_SHOP, standIn());
    expect(await syncNow(context)).toMatchObject({
      status: "succeeded",
      method: "bulk",
      productsDone: 260,
      variantsDone: 780,
      bulkOperationId: null,
    });
    const { products, variants } = await catalogueOf(account.id);
    expect(products).toHaveLength(260);
    expect(variants).toHaveLength(780);
    expect(new Set(products.map((p) => p.productTypeLowercased))).toEqual(new Set(["odd", "even"]));
    const { body: operations } = await standIn().control("GET", "/bulk");
    expect(operations).toMatchObject([{ status: "COMPLETED", objectCount: 1040, rootObjectCount: 260 }]);
    expect(graphqlBodies().filter((b) => b.includes("CatalogueProducts"))).toHaveLength(0);
  });

  test("a bulk operation already running is waited out by the id Shopify names, then ours runs", async () => {
    standIn().seedShop({ domain: SHOPIFY_TEST_SHOP, products: many(260, 1) });
    await standIn().control("POST", "/bulk", { pollsUntilComplete: 2 });
    const { account, context } = await companyWithAdmin();
    await linkStore(account.id, SHOPIFY_TEST_SHOP, standIn());
    // Another sync's operation (started by an earlier attempt whose answer was lost).
    await standIn().control("POST", "/access-tokens", {
      shop: SHOPIFY_TEST_SHOP,
      accessToken: "shpat_other",
    });
    const other = await fetch(
      `${standIn().url}/${SHOPIFY_TEST_SHOP}/admin/api/${SHOPIFY_ADMIN_API_VERSION}/graphql.json`,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": "shpat_other" },
        body: JSON.stringify({
          query: `mutation { bulkOperationRunQuery(query: "{ products { edges { node { id } } } }") { bulkOperation { id } } }`,
        }),
      },
    );
    const otherId = (
      (await other.json()) as { data: { bulkOperationRunQuery: { bulkOperation: { id: string } } } }
    ).data.bulkOperationRunQuery.bulkOperation.id;

    expect(await syncNow(context)).toMatchObject({ status: "succeeded", method: "bulk", productsDone: 260 });
    const looks = graphqlBodies().filter((b) => b.includes("CatalogueBulkLook") && b.includes(otherId));
    expect(looks.length).toBeGreaterThan(0);
    expect(graphqlBodies().some((b) => b.includes("currentBulkOperation"))).toBe(false);
  });

  test("a failed bulk operation fails the sync and leaves the catalogue as it was", async () => {
    standIn().seedShop({ domain: SHOPIFY_TEST_SHOP, products: many(300, 1) });
    await standIn().control("POST", "/bulk", { failNext: "INTERNAL_SERVER_ERROR" });
    const { account, context } = await companyWithAdmin();
    await linkStore(account.id, SHOPIFY_TEST_SHOP, standIn());
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const sync = await syncNow(context);
    warn.mockRestore();
    expect(sync).toMatchObject({ status: "failed", lastSucceededAt: null });
    expect(sync?.error).toMatch(/ended FAILED \(INTERNAL_SERVER_ERROR\)/);
    expect((await catalogueOf(account.id)).products).toEqual([]);
  });

  test("a later sync replaces the catalogue: changes kept, the gone removed with their mappings", async () => {
    const { account, context } = await companyWithAdmin();
    await linkStore(account.id, SHOPIFY_TEST_SHOP, standIn());
    await syncNow(context);
    const shop = standIn().store.shops.get(SHOPIFY_TEST_SHOP)!;
    const [tee, linen, sneakers] = shop.products;
    const ours = await createOurProduct(account.id, "Glow Serum");
    await getDb().transaction((tx) =>
      writeMapping(
        tx,
        account.id,
        ours.id,
        [tee!, linen!].map((p) => ({ variantId: p.variants[0]!.id, shopifyProductId: p.id })),
        { mode: "replace", taken: "refuse" },
      ),
    );
    const alone = await createOurProduct(account.id, "Night Cream");
    await getDb().transaction((tx) =>
      writeMapping(
        tx,
        account.id,
        alone.id,
        [{ variantId: sneakers!.variants[0]!.id, shopifyProductId: sneakers!.id }],
        {
          mode: "replace",
          taken: "refuse",
        },
      ),
    );

    // The store renames the tee, drops the linen shirt and the sneakers, adds a scarf.
    tee!.title = "Classic Tee 2";
    shop.products = shop.products.filter((p) => p !== linen && p !== sneakers);
    shop.products.push(
      standIn().store.product(
        { title: "Scarf", productType: "Accessories" },
        SHOPIFY_TEST_SHOP,
        standIn().url,
      ),
    );
    expect(await syncNow(context)).toMatchObject({ status: "succeeded", productsDone: 4 });

    const { products } = await catalogueOf(account.id);
    expect(products.map((p) => p.title).sort()).toEqual([
      "Classic Tee 2",
      "Leather Belt",
      "Scarf",
      "Trail Boots",
    ]);
    const mapped = await getDb()
      .select()
      .from(shopifyMappedVariants)
      .where(eq(shopifyMappedVariants.accountId, account.id));
    expect(mapped.map((m) => m.shopifyVariantId)).toEqual([tee!.variants[0]!.id]);
    const mappings = await getDb()
      .select()
      .from(shopifyProductMappings)
      .where(eq(shopifyProductMappings.accountId, account.id));
    // Glow Serum keeps the tee; Night Cream had only the sneakers: mapped to unmapped.
    expect(mappings).toHaveLength(1);
    expect(mappings[0]).toMatchObject({
      productId: ours.id,
      shopifyProductIds: [tee!.id],
      shopifyProductVariants: { [tee!.id]: [tee!.variants[0]!.id] },
    });
  });

  test("Sync Now twice while one runs queues one job; a store not connected is refused", async () => {
    const { account, context } = await companyWithAdmin();
    expect(await requestCatalogueSync(context)).toEqual({ ok: false, reason: "not-connected" });
    await linkStore(account.id, SHOPIFY_TEST_SHOP, standIn());
    const before = queued.length;
    const first = await requestCatalogueSync(context);
    const second = await requestCatalogueSync(context);
    expect(first).toMatchObject({ ok: true, alreadyRunning: false });
    expect(second).toMatchObject({ ok: true, alreadyRunning: true, runId: first.ok ? first.runId : "" });
    expect(queued.length - before).toBe(1);
    // A job of an older run does nothing.
    await runCatalogueSync(account.id, crypto.randomUUID(), { lastAttempt: true });
    const [row] = await getDb()
      .select()
      .from(shopifyCatalogueSyncs)
      .where(and(eq(shopifyCatalogueSyncs.accountId, account.id)));
    expect(row?.status).toBe("queued");
  });
});
