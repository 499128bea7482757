import { eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { shopifyMappedVariants, shopifyProductMappings } from "#db/schema";
import {
  createOurProduct,
  linkStore,
  productGidOf as P,
  seedCatalogue,
  variantGidOf as V,
} from "../../../../tests/support/catalogue-factories";
import { companyWithAdmin } from "../../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../../tests/support/test-database";
import { cataloguePage, selectableVariants } from "./mapping-catalogue.server";
import { writeMapping } from "./mapping-writes.server";
import { listProductMappings, planMapping, saveMapping } from "./mappings.server";

// A product's Shopify mapping (spec 2 sections 3 to 5): create, update and delete exactly, the status
// preview, the one-product-per-variant rule, and every read and write kept to the caller's company.

const SHOP = "mapping-shop.myshopify.com";

async function companyWithCatalogue() {
  const company = await companyWithAdmin();
  await linkStore(company.account.id, SHOP);
  await seedCatalogue(company.account.id, SHOP, [
    {
      id: 1,
      title: "Classic Tee",
      productType: "Shirts",
      variants: [
        { id: 11, title: "S", sku: "TEE-S" },
        { id: 12, title: "M" },
      ],
    },
    { id: 2, title: "Trail Boots", productType: "shoes", variants: [{ id: 21, title: "42" }] },
    {
      id: 3,
      title: "Canvas Sneakers",
      productType: "Shoes",
      variants: [
        { id: 31, title: "40" },
        { id: 32, title: "41" },
      ],
    },
    { id: 4, title: "Gift Card", productType: "", variants: [{ id: 41, title: "Default Title" }] },
  ]);
  const serum = await createOurProduct(company.account.id, "Glow Serum");
  const cream = await createOurProduct(company.account.id, "Night Cream");
  return { ...company, serum, cream };
}

describeEachDatabase("Shopify product mappings", (getDb) => {
  const rowsOf = async (productId: string) =>
    (await getDb().select().from(shopifyMappedVariants).where(eq(shopifyMappedVariants.productId, productId)))
      .map((r) => r.shopifyVariantId)
      .sort();
  const mappingOf = async (productId: string) =>
    (
      await getDb()
        .select()
        .from(shopifyProductMappings)
        .where(eq(shopifyProductMappings.productId, productId))
    )[0];

  test("unmapped to mapped creates the mapping with its variants; nothing selected is refused", async () => {
    const { context, serum } = await companyWithCatalogue();
    expect(await planMapping(context, serum.id, [])).toEqual({ ok: false, reason: "nothing-selected" });
    expect(await saveMapping(context, serum.id, [])).toEqual({ ok: false, reason: "nothing-selected" });

    const plan = await planMapping(context, serum.id, [V(11), V(21)]);
    expect(plan).toMatchObject({
      ok: true,
      change: "created",
      counts: { adding: 2, removing: 0, unchanged: 0 },
    });
    expect(plan.ok && plan.rows.map((r) => [r.productTitle, r.variantTitle, r.status])).toEqual([
      ["Classic Tee", "S", "adding"],
      ["Trail Boots", "42", "adding"],
    ]);
    expect(await saveMapping(context, serum.id, [V(11), V(21)])).toEqual({ ok: true, change: "created" });
    expect(await mappingOf(serum.id)).toMatchObject({
      shopifyProductIds: [P(1), P(2)],
      shopifyProductVariants: { [P(1)]: [V(11)], [P(2)]: [V(21)] },
    });
    expect(await rowsOf(serum.id)).toEqual([V(11), V(21)]);
  });

  test("mapped to updated: the status preview shows Adding, Removing and Unchanged; the save writes exactly that", async () => {
    const { context, serum } = await companyWithCatalogue();
    await saveMapping(context, serum.id, [V(11), V(21)]);
    const plan = await planMapping(context, serum.id, [V(11), V(31), V(32)]);
    expect(plan).toMatchObject({
      ok: true,
      change: "updated",
      counts: { adding: 2, removing: 1, unchanged: 1 },
    });
    expect(plan.ok && plan.rows.map((r) => [r.variantTitle, r.status])).toEqual([
      ["40", "adding"],
      ["41", "adding"],
      ["42", "removing"],
      ["S", "unchanged"],
    ]);
    expect(await saveMapping(context, serum.id, [V(11), V(31), V(32)])).toEqual({
      ok: true,
      change: "updated",
    });
    expect(await rowsOf(serum.id)).toEqual([V(11), V(31), V(32)]);
    expect((await mappingOf(serum.id))?.shopifyProductVariants).toEqual({
      [P(1)]: [V(11)],
      [P(3)]: [V(31), V(32)],
    });
    // The same selection again changes nothing.
    expect(await saveMapping(context, serum.id, [V(32), V(31), V(11)])).toEqual({
      ok: true,
      change: "unchanged",
    });
  });

  test("mapped to unmapped: removing every selection deletes the mapping", async () => {
    const { context, serum } = await companyWithCatalogue();
    await saveMapping(context, serum.id, [V(11), V(12)]);
    const plan = await planMapping(context, serum.id, []);
    expect(plan).toMatchObject({
      ok: true,
      change: "deleted",
      counts: { adding: 0, removing: 2, unchanged: 0 },
    });
    expect(await saveMapping(context, serum.id, [])).toEqual({ ok: true, change: "deleted" });
    expect(await mappingOf(serum.id)).toBeUndefined();
    expect(await rowsOf(serum.id)).toEqual([]);
  });

  test("a variant mapped to another product is refused, naming it, until it is unchecked there", async () => {
    const { context, serum, cream } = await companyWithCatalogue();
    await saveMapping(context, cream.id, [V(21)]);
    const refused = await saveMapping(context, serum.id, [V(11), V(21)]);
    expect(refused).toMatchObject({
      ok: false,
      reason: "taken",
      taken: [{ variantId: V(21), productId: cream.id, productName: "Night Cream" }],
    });
    expect(await mappingOf(serum.id)).toBeUndefined();
    expect(await rowsOf(cream.id)).toEqual([V(21)]);

    await saveMapping(context, cream.id, []);
    expect(await saveMapping(context, serum.id, [V(11), V(21)])).toEqual({ ok: true, change: "created" });
    // The database's unique index holds the rule whatever the caller.
    await expect(
      getDb()
        .insert(shopifyMappedVariants)
        .values({
          accountId: context.account.id,
          shopifyVariantId: V(21),
          shopifyProductId: P(2),
          productId: cream.id,
          mappingId: (await mappingOf(serum.id))!.id,
        }),
    ).rejects.toThrow();
  });

  test("onboarding's add mode keeps what is mapped and leaves a variant of another product where it is", async () => {
    const { account, serum, cream } = await companyWithCatalogue();
    await getDb().transaction((tx) =>
      writeMapping(tx, account.id, cream.id, [{ variantId: V(12), shopifyProductId: P(1) }], {
        mode: "replace",
        taken: "refuse",
      }),
    );
    await getDb().transaction((tx) =>
      writeMapping(tx, account.id, serum.id, [{ variantId: V(21), shopifyProductId: P(2) }], {
        mode: "replace",
        taken: "refuse",
      }),
    );
    const result = await getDb().transaction((tx) =>
      writeMapping(
        tx,
        account.id,
        serum.id,
        [
          { variantId: V(11), shopifyProductId: P(1) },
          { variantId: V(12), shopifyProductId: P(1) },
        ],
        { mode: "add", taken: "skip" },
      ),
    );
    expect(result).toMatchObject({
      ok: true,
      change: "updated",
      skipped: [{ variantId: V(12), productName: "Night Cream" }],
    });
    expect(await rowsOf(serum.id)).toEqual([V(11), V(21)]);
    expect(await rowsOf(cream.id)).toEqual([V(12)]);
  });

  test("every read and write is the caller's company's", async () => {
    const a = await companyWithCatalogue();
    const b = await companyWithAdmin();
    const bProduct = await createOurProduct(b.account.id, "B's product");
    await saveMapping(a.context, a.serum.id, [V(11)]);
    // B cannot map A's product, nor A's store variants to its own.
    expect(await saveMapping(b.context, a.serum.id, [V(12)])).toEqual({
      ok: false,
      reason: "product-not-found",
    });
    expect(await planMapping(b.context, bProduct.id, [V(12)])).toEqual({
      ok: false,
      reason: "unknown-variants",
    });
    expect(await cataloguePage(b.context, {})).toEqual({ products: [], next: null });
    expect((await listProductMappings(b.context)).map((r) => r.productName)).toEqual(["B's product"]);
    expect(await rowsOf(a.serum.id)).toEqual([V(11)]);
  });

  test("the table lists our products with their mapped store products and variant counts", async () => {
    const { context, serum } = await companyWithCatalogue();
    await saveMapping(context, serum.id, [V(11), V(31), V(32)]);
    expect(await listProductMappings(context)).toEqual([
      {
        productId: serum.id,
        productName: "Glow Serum",
        mapped: [
          { id: P(3), title: "Canvas Sneakers", imageUrl: null, mappedVariants: 2, totalVariants: 2 },
          { id: P(1), title: "Classic Tee", imageUrl: null, mappedVariants: 1, totalVariants: 2 },
        ],
      },
      { productId: expect.any(String), productName: "Night Cream", mapped: [] },
    ]);
  });

  test("the modal's pages: grouped by type ('other' for none), searched, paged by cursor and variant budget", async () => {
    const { context, serum, cream } = await companyWithCatalogue();
    await saveMapping(context, cream.id, [V(21)]);
    const all = await cataloguePage(context, {});
    expect(all.products.map((p) => [p.typeKey, p.title])).toEqual([
      ["other", "Gift Card"],
      ["shirts", "Classic Tee"],
      ["shoes", "Canvas Sneakers"],
      ["shoes", "Trail Boots"],
    ]);
    expect(all.next).toBeNull();
    expect(all.products[3]?.variants).toEqual([
      { id: V(21), title: "42", sku: null, mappedTo: { productId: cream.id, productName: "Night Cream" } },
    ]);

    const first = await cataloguePage(context, { limit: 2 });
    expect(first.products.map((p) => p.title)).toEqual(["Gift Card", "Classic Tee"]);
    const second = await cataloguePage(context, { limit: 2, after: first.next });
    expect(second.products.map((p) => p.title)).toEqual(["Canvas Sneakers", "Trail Boots"]);
    expect(second.next).toBeNull();
    // A page stops once it holds the variant budget (but never empty).
    const light = await cataloguePage(context, { variantBudget: 3 });
    expect(light.products.map((p) => p.title)).toEqual(["Gift Card", "Classic Tee"]);
    expect(light.next).not.toBeNull();
    expect((await cataloguePage(context, { variantBudget: 1 })).products.map((p) => p.title)).toEqual([
      "Gift Card",
    ]);

    expect((await cataloguePage(context, { search: "tee-s" })).products.map((p) => p.title)).toEqual([
      "Classic Tee",
    ]);
    expect((await cataloguePage(context, { search: "SHOES" })).products.map((p) => p.title)).toEqual([
      "Canvas Sneakers",
      "Trail Boots",
    ]);
    expect((await cataloguePage(context, { search: "100%" })).products).toEqual([]);

    // Select all takes what is free or the product's own: never Night Cream's boots.
    const selectable = await selectableVariants(context, { productId: serum.id, search: "s" });
    expect(selectable.variants.sort()).toEqual(["11", "12", "31", "32"]);
    expect(selectable.truncated).toBe(false);
  });
});
