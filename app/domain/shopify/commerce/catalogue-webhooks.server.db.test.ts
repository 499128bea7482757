import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import {
  shopifyCatalogueProducts,
  shopifyCatalogueVariants,
  shopifyMappedVariants,
  shopifyProductMappings,
  shopifyWebhooks,
} from "#db/schema";
import { action } from "~/routes/webhooks/shopify";
import {
  createOurProduct,
  linkStore,
  productGidOf,
  seedCatalogue,
  variantGidOf,
} from "../../../../tests/support/catalogue-factories";
import {
  SHOPIFY_TEST_SHOP,
  setUpShopifyStandIn,
  shopifyWebhookRequest,
} from "../../../../tests/support/shopify-test-env";
import { routeArgs } from "../../../../tests/support/shopify-webhook-requests";
import { productWebhookPayload } from "../../../../tests/support/stand-ins/shopify-catalogue";
import { companyWithAdmin } from "../../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { applyShopifyWebhook } from "../webhooks/inbox.server";
import { writeMapping } from "./mapping-writes.server";

// products/create, products/update and products/delete keep the catalogue current between two Sync
// Nows: signed deliveries through the webhook route, applied as the job applies them.

vi.mock("~/services/jobs/jobs.server", () => ({ sendJob: async () => "job", sendJobs: async () => {} }));

const standIn = setUpShopifyStandIn();

/** Posts a signed delivery to /webhooks/shopify/{topic-segment} and applies it; answers its outcome. */
async function deliver(
  topic: "products/create" | "products/update" | "products/delete",
  payload: unknown,
  shop = SHOPIFY_TEST_SHOP,
) {
  const webhookId = randomUUID();
  const request = shopifyWebhookRequest({
    topic,
    payload,
    shop,
    webhookId,
    url: `http://localhost:3000/webhooks/shopify/${topic.replace("/", "-")}`,
  });
  const answer = (await action(routeArgs(request))) as Response;
  expect(answer.status).toBe(200);
  return applyShopifyWebhook(webhookId);
}

describeEachDatabase("the products webhooks", (getDb) => {
  const productRow = async (gid: string) =>
    (
      await getDb()
        .select()
        .from(shopifyCatalogueProducts)
        .where(eq(shopifyCatalogueProducts.shopifyProductId, gid))
    )[0];
  const variantsOf = async (gid: string) =>
    (
      await getDb()
        .select()
        .from(shopifyCatalogueVariants)
        .where(eq(shopifyCatalogueVariants.shopifyProductId, gid))
    )
      .map((v) => v.title)
      .sort();

  test("products/create and products/update write the product and exactly its variants", async () => {
    const { account } = await companyWithAdmin();
    await linkStore(account.id, SHOPIFY_TEST_SHOP);
    const shop = standIn().store.shops.get(SHOPIFY_TEST_SHOP)!;
    const product = standIn().store.product(
      {
        title: "Wool Socks",
        productType: "Socks",
        variants: [{ title: "S", price: "9.00" }, { title: "M" }],
      },
      SHOPIFY_TEST_SHOP,
      standIn().url,
    );
    shop.products.push(product);

    expect(await deliver("products/create", productWebhookPayload(product))).toBe(
      `catalogue: ${product.id} saved with 2 variants`,
    );
    expect(await productRow(product.id)).toMatchObject({
      accountId: account.id,
      title: "Wool Socks",
      productType: "Socks",
      productTypeLowercased: "socks",
      imageUrl: product.imageUrl,
      status: "ACTIVE",
    });
    expect(await variantsOf(product.id)).toEqual(["M", "S"]);
    const [small] = await getDb()
      .select()
      .from(shopifyCatalogueVariants)
      .where(eq(shopifyCatalogueVariants.shopifyVariantId, product.variants[0]!.id));
    expect(small).toMatchObject({ priceMinor: 900, position: 1 });

    // The merchant drops M, which was mapped: it leaves the catalogue and the mapping.
    const ours = await createOurProduct(account.id, "Glow Serum");
    await getDb().transaction((tx) =>
      writeMapping(
        tx,
        account.id,
        ours.id,
        product.variants.map((v) => ({ variantId: v.id, shopifyProductId: product.id })),
        { mode: "replace", taken: "refuse" },
      ),
    );
    product.title = "Wool Socks Deluxe";
    product.variants = product.variants.slice(0, 1);
    expect(await deliver("products/update", productWebhookPayload(product))).toBe(
      `catalogue: ${product.id} saved with 1 variants, 1 removed (1 mappings changed)`,
    );
    expect((await productRow(product.id))?.title).toBe("Wool Socks Deluxe");
    expect(await variantsOf(product.id)).toEqual(["S"]);
    const [mapping] = await getDb()
      .select()
      .from(shopifyProductMappings)
      .where(eq(shopifyProductMappings.productId, ours.id));
    expect(mapping?.shopifyProductVariants).toEqual({ [product.id]: [product.variants[0]!.id] });
  });

  test("an update older than the catalogue's version changes nothing", async () => {
    const { account } = await companyWithAdmin();
    await linkStore(account.id, SHOPIFY_TEST_SHOP);
    const product = standIn().store.shops.get(SHOPIFY_TEST_SHOP)!.products[0]!;
    await deliver("products/update", {
      ...productWebhookPayload(product),
      updated_at: "2025-06-02T00:00:00Z",
    });
    const late = { ...productWebhookPayload(product), title: "Stale", updated_at: "2025-06-01T00:00:00Z" };
    expect(await deliver("products/update", late)).toBe(
      `skipped: the catalogue has a newer version of ${product.id}`,
    );
    expect((await productRow(product.id))?.title).toBe(product.title);
  });

  test("products/delete removes the product, its variants and their mappings (mapped to unmapped)", async () => {
    const { account } = await companyWithAdmin();
    await linkStore(account.id, SHOPIFY_TEST_SHOP);
    await seedCatalogue(account.id, SHOPIFY_TEST_SHOP, [
      {
        id: 11,
        title: "Kettle",
        variants: [
          { id: 111, title: "Red" },
          { id: 112, title: "Blue" },
        ],
      },
      { id: 12, title: "Mug", variants: [{ id: 121, title: "Default Title" }] },
    ]);
    const kettleOnly = await createOurProduct(account.id, "Kettle care");
    const both = await createOurProduct(account.id, "Kitchen");
    await getDb().transaction(async (tx) => {
      await writeMapping(
        tx,
        account.id,
        kettleOnly.id,
        [{ variantId: variantGidOf(111), shopifyProductId: productGidOf(11) }],
        {
          mode: "replace",
          taken: "refuse",
        },
      );
      await writeMapping(
        tx,
        account.id,
        both.id,
        [
          { variantId: variantGidOf(112), shopifyProductId: productGidOf(11) },
          { variantId: variantGidOf(121), shopifyProductId: productGidOf(12) },
        ],
        { mode: "replace", taken: "refuse" },
      );
    });

    expect(await deliver("products/delete", { id: 11 })).toBe(
      `catalogue: ${productGidOf(11)} deleted with 2 variants (2 mappings changed)`,
    );
    expect(await productRow(productGidOf(11))).toBeUndefined();
    expect(await variantsOf(productGidOf(11))).toEqual([]);
    const mappings = await getDb()
      .select()
      .from(shopifyProductMappings)
      .where(eq(shopifyProductMappings.accountId, account.id));
    expect(mappings).toHaveLength(1);
    expect(mappings[0]).toMatchObject({
      productId: both.id,
      shopifyProductIds: [productGidOf(12)],
      shopifyProductVariants: { [productGidOf(12)]: [variantGidOf(121)] },
    });
    expect(
      (
        await getDb()
          .select()
          .from(shopifyMappedVariants)
          .where(eq(shopifyMappedVariants.accountId, account.id))
      ).map((m) => m.shopifyVariantId),
    ).toEqual([variantGidOf(121)]);
  });

  test("a shop linked to no company changes nothing; another company's catalogue is never touched", async () => {
    const a = await companyWithAdmin();
    const b = await companyWithAdmin();
    await linkStore(a.account.id, SHOPIFY_TEST_SHOP);
    await seedCatalogue(b.account.id, "other-shop.myshopify.com", [
      { id: 11, title: "Kettle", variants: [{ id: 111, title: "Red" }] },
    ]);
    expect(await deliver("products/delete", { id: 12 }, "stray-shop.myshopify.com")).toBe(
      "ignored: the shop is not linked to a company",
    );
    // Product 11 is B's store's (Shopify's ids are global): a delivery naming it for A's store, or any
    // other, is not applied, and company B's product stays.
    expect(await deliver("products/delete", { id: 11, admin_graphql_api_id: productGidOf(11) })).toBe(
      `refused: product ${productGidOf(11)} belongs to other-shop.myshopify.com`,
    );
    expect(await deliver("products/delete", { id: 11 }, "stray-shop.myshopify.com")).toBe(
      `refused: product ${productGidOf(11)} belongs to other-shop.myshopify.com`,
    );
    expect(
      await getDb().$count(shopifyCatalogueProducts, eq(shopifyCatalogueProducts.accountId, b.account.id)),
    ).toBe(1);
    expect(await getDb().$count(shopifyWebhooks)).toBe(3);
  });
});
