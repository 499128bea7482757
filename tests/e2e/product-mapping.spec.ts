import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { writeFixture } from "../support/e2e-fixture";
import {
  expect,
  newCompanyDetails,
  newUserDetails,
  readOnlyAdmin,
  signInNewCompanyAdmin,
  test,
  toast,
  viewCompanyAs,
} from "../support/e2e-helpers";
import { shopifyStandIn } from "../support/e2e-shopify";
import type { SeedProduct } from "../support/stand-ins/shopify";

// /product-mapping (spec 2 sections 2 to 6, 8 and 9): Sync Now fills the modal from the Shopify
// stand-in, two variants mapped through the status modal, a variant of another product refused,
// the tour, the not-connected notices, and the RO Admin's disabled controls.

const screens = "/tmp/product-mapping-screens";
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${screens}/${name}.png`, fullPage: true });

const PRODUCTS: SeedProduct[] = [
  {
    title: "Classic Tee",
    productType: "Shirts",
    variants: [
      { title: "Small", sku: "TEE-S" },
      { title: "Medium", sku: "TEE-M" },
      { title: "Large", sku: "TEE-L" },
    ],
  },
  { title: "Linen Shirt", productType: "shirts", variants: [{ title: "Default Title", sku: "LIN-1" }] },
  { title: "Trail Boots", productType: "Shoes", variants: [{ title: "42" }, { title: "43" }] },
  { title: "Gift Card", productType: "", variants: [{ title: "Default Title" }] },
];

/** A fresh company admin with an installed store (profile and offline session) and two of our products. */
async function companyWithStore(page: Page, products: SeedProduct[] = PRODUCTS) {
  const shop = `mapping-${randomBytes(4).toString("hex")}.myshopify.com`;
  await shopifyStandIn.seedShop({ domain: shop, name: "Harbor Goods", products });
  const { accessToken, scope } = await shopifyStandIn.accessToken(shop);
  const { accountId } = await writeFixture(page, {
    user: newUserDetails(),
    company: newCompanyDetails("Harbor"),
    store: { shop, storeName: "Harbor Goods", accessToken, scope },
  });
  for (const name of ["Glow Serum", "Night Cream"]) {
    const created = await page.request.post("/product", { form: { name } });
    expect(created.ok()).toBe(true);
  }
  return { shop, accountId: accountId as string };
}

const row = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });
const pen = (page: Page, name: string) => page.getByRole("button", { name: `Edit the mapping of ${name}` });
const modal = (page: Page) => page.getByRole("dialog");

async function syncNow(page: Page) {
  await page.getByRole("button", { name: "Sync Now" }).click();
  await expect(toast(page, "All the latest shopify products fetched successfully!")).toBeVisible({
    timeout: 30_000,
  });
}

test("Sync Now fills the modal; two variants mapped through the status modal; Mapped successfully!", async ({
  page,
}) => {
  await companyWithStore(page);
  await page.goto("/product");
  await page.getByRole("link", { name: "Map Products" }).click();
  await expect(page).toHaveURL(/\/product-mapping$/);
  await expect(page.getByRole("heading", { name: "Product Mapping", level: 1 })).toBeVisible();
  await expect(row(page, "Glow Serum")).toContainText("No product mapped yet!");
  await expect(
    page.getByText("Your store's products have not been fetched yet: press Sync Now."),
  ).toBeVisible();
  await shot(page, "01-before-sync");

  await syncNow(page);
  await expect(page.getByText(/Store products last fetched/)).toBeVisible();
  await shot(page, "02-synced");

  await pen(page, "Glow Serum").click();
  const edit = modal(page);
  await expect(edit.getByRole("heading", { name: "Map Glow Serum with Shopify products" })).toBeVisible();
  // Grouped by type, case-insensitively, with 'other' for none.
  const list = edit.getByTestId("mapping-catalogue");
  for (const group of ["other", "Shirts", "Shoes"])
    await expect(list.getByRole("group", { name: group })).toBeVisible();
  await expect(list.getByRole("group", { name: "Shirts" }).getByText("Linen Shirt")).toBeVisible();
  // The modal is 795 px wide (spec 2 section 9).
  const box = await page.locator(".Polaris-Modal-Dialog__Modal").boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(795);
  await shot(page, "03-edit-modal");

  // Nothing selected for a product not mapped yet: the spec's warning.
  await edit.getByRole("button", { name: "Next" }).click();
  await expect(
    edit.getByText("Please select at least one shopify product to map with Blusteam product"),
  ).toBeVisible();
  await shot(page, "04-warning");

  await edit.getByLabel("Search products").fill("tee");
  await expect(list.getByText("Trail Boots")).toHaveCount(0);
  await list.getByLabel("Small (TEE-S)").check();
  await list.getByLabel("Medium (TEE-M)").check();
  await expect(edit.getByText("2 variants selected")).toBeVisible();
  await shot(page, "05-two-checked");
  await edit.getByRole("button", { name: "Next" }).click();

  const status = modal(page);
  await expect(status.getByRole("heading", { name: "Review the mapping of Glow Serum" })).toBeVisible();
  await expect(status.getByText("2 adding, 0 removing, 0 unchanged")).toBeVisible();
  await expect(status.getByRole("row").filter({ hasText: "Small" })).toContainText("Adding");
  await expect(status.getByRole("row").filter({ hasText: "Medium" })).toContainText("Adding");
  await shot(page, "06-status-modal");
  await status.getByRole("button", { name: "Save" }).click();
  const done = modal(page);
  await expect(done.getByRole("heading", { name: "Mapped successfully!" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "07-mapped-successfully");
  await done.getByRole("button", { name: "Done" }).click();
  await expect(row(page, "Glow Serum")).toContainText("Classic Tee");
  await expect(row(page, "Glow Serum")).toContainText("2 of 3 variants");
  await expect(row(page, "Night Cream")).toContainText("No product mapped yet!");
  await shot(page, "08-table-mapped");

  // Editing again: one removed, one added, one unchanged.
  await pen(page, "Glow Serum").click();
  await modal(page).getByLabel("Medium (TEE-M)").uncheck();
  await modal(page).getByLabel("Large (TEE-L)").check();
  await modal(page).getByRole("button", { name: "Next" }).click();
  await expect(modal(page).getByText("1 adding, 1 removing, 1 unchanged")).toBeVisible();
  for (const [variant, state] of [
    ["Large", "Adding"],
    ["Medium", "Removing"],
    ["Small", "Unchanged"],
  ])
    await expect(modal(page).getByRole("row").filter({ hasText: variant })).toContainText(state);
  await shot(page, "09-status-update");
  await modal(page).getByRole("button", { name: "Back" }).click();
  await expect(modal(page).getByLabel("Large (TEE-L)")).toBeChecked();
  await modal(page).getByRole("button", { name: "Cancel" }).click();
});

test("a variant mapped to another product is disabled there, and the server refuses it", async ({ page }) => {
  await companyWithStore(page);
  await page.goto("/product-mapping");
  await syncNow(page);
  await pen(page, "Glow Serum").click();
  await modal(page).getByLabel("Small (TEE-S)").check();
  await modal(page).getByLabel("Linen Shirt").check();
  await modal(page).getByRole("button", { name: "Next" }).click();
  await modal(page).getByRole("button", { name: "Save" }).click();
  await modal(page).getByRole("button", { name: "Done" }).click();

  await pen(page, "Night Cream").click();
  const small = modal(page).getByLabel("Small (TEE-S)");
  await expect(small).toBeDisabled();
  await expect(modal(page).getByText("Mapped to Glow Serum: uncheck it there first").first()).toBeVisible();
  await expect(modal(page).getByLabel("Linen Shirt")).toBeDisabled();
  await expect(modal(page).getByLabel("Medium (TEE-M)")).toBeEnabled();
  await shot(page, "10-variant-of-another-product");

  // Select all takes only what is free: never Glow Serum's variants.
  await modal(page).getByLabel("Select all").check();
  await expect(modal(page).getByText("5 variants selected")).toBeVisible();
  await modal(page).getByRole("button", { name: "Cancel" }).click();

  // A request that tries anyway is refused with the variant's name.
  const catalogue = await page.request.get("/resources/product-mapping?view=catalogue&q=tee");
  const tee = (
    (await catalogue.json()) as { products: Array<{ variants: Array<{ id: string; title: string }> }> }
  ).products[0]!;
  const smallId = tee.variants
    .find((v) => v.title === "Small")!
    .id.split("/")
    .pop();
  await page.goto("/product");
  const href = await page
    .locator('a[href^="/product-detail?id="]')
    .filter({ hasText: "Night Cream" })
    .getAttribute("href");
  const productId = new URL(href ?? "", "http://x").searchParams.get("id");
  const refused = await page.request.post("/product-mapping", {
    data: { intent: "save", productId, variantIds: [smallId] },
    headers: { "Content-Type": "application/json" },
  });
  expect(refused.status()).toBe(409);
  await page.goto("/product-mapping");
  await expect(row(page, "Night Cream")).toContainText("No product mapped yet!");
  await expect(row(page, "Glow Serum")).toContainText("1 of 3 variants");
});

test("Learn how: three steps at 33, 66 and 100 percent", async ({ page }) => {
  await companyWithStore(page, []);
  await page.goto("/product-mapping");
  await page.getByRole("button", { name: "Learn how" }).click();
  const tour = modal(page);
  const progress = tour.locator("progress");
  await expect(tour.getByText("Step 1 of 3")).toBeVisible();
  await expect(progress).toHaveAttribute("value", "33");
  await expect(tour.getByText("Fetch your store's products")).toBeVisible();
  await shot(page, "11-tour-1");
  await tour.getByRole("button", { name: "Next" }).click();
  await expect(progress).toHaveAttribute("value", "66");
  await expect(tour.getByText("Pick the Shopify products")).toBeVisible();
  await shot(page, "12-tour-2");
  await tour.getByRole("button", { name: "Next" }).click();
  await expect(progress).toHaveAttribute("value", "100");
  await expect(tour.getByText("Review and save")).toBeVisible();
  await shot(page, "13-tour-3");
  await tour.getByRole("button", { name: "Done" }).click();
  await expect(modal(page)).toHaveCount(0);
});

test("a large store is read in bulk; the modal pages it from the server", async ({ page }) => {
  const many: SeedProduct[] = Array.from({ length: 260 }, (_, i) => ({
    title: `Candle ${String(i).padStart(3, "0")}`,
    productType: i < 130 ? "Candles" : "Diffusers",
    imageUrl: null,
    variants: [{ title: "Default Title" }],
  }));
  const { shop } = await companyWithStore(page, many);
  await page.goto("/product-mapping");
  // Shopify takes a while over a bulk operation: the page shows the sync under way meanwhile.
  await shopifyStandIn.bulk({ pollsUntilComplete: 2 });
  await page.getByRole("button", { name: "Sync Now" }).click();
  await expect(page.getByText(/Fetching the latest products of your store/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Sync Now" })).toBeDisabled();
  await shot(page, "02b-sync-running");
  await expect(toast(page, "All the latest shopify products fetched successfully!")).toBeVisible({
    timeout: 30_000,
  });
  await shopifyStandIn.bulk({ pollsUntilComplete: 1 });
  expect((await shopifyStandIn.bulkOperations(shop)).map((o) => o.status)).toEqual(["COMPLETED"]);
  await pen(page, "Glow Serum").click();
  const list = modal(page).getByTestId("mapping-catalogue");
  await expect(list.getByText("Candle 000")).toBeVisible();
  // 50 products a page: the rest comes as the list scrolls (or with the button).
  await expect(list.getByText("Candle 050")).toHaveCount(0);
  await list.getByRole("button", { name: "Show more products" }).click();
  await expect(list.getByText("Candle 099")).toBeVisible();
  await modal(page).getByLabel("Search products").fill("Candle 25");
  await expect(list.getByText("Candle 259")).toBeVisible();
  await expect(list.getByText("Candle 000")).toHaveCount(0);
  await shot(page, "14-bulk-search");
});

test("not connected: each tab's notice points to Integrations", async ({ page }) => {
  await signInNewCompanyAdmin(page);
  await page.goto("/product-mapping");
  await expect(page.getByText("Shopify is not connected")).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Integrations" })).toHaveAttribute(
    "href",
    "/integration",
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, "15-shopify-not-connected");
  await page.getByRole("tab", { name: "Tri-Tech" }).click();
  await expect(page).toHaveURL(/tab=tritech/);
  await expect(page.getByText("Tri-Tech is not connected")).toBeVisible();
  await shot(page, "16-tritech-not-connected");
  await page.getByRole("link", { name: "Back to products" }).click();
  await expect(page).toHaveURL(/\/product$/);
});

test("an RO Admin sees the mapping with the pen, Learn how and Sync Now disabled", async ({
  page,
  browser,
}) => {
  const owner = await browser.newPage();
  const { accountId } = await companyWithStore(owner);
  await owner.goto("/product-mapping");
  await syncNow(owner);
  await owner.close();

  await viewCompanyAs(page, readOnlyAdmin, accountId, "roadmin");
  await page.goto("/product-mapping");
  await expect(row(page, "Glow Serum")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sync Now" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Learn how" })).toBeDisabled();
  await expect(pen(page, "Glow Serum")).toBeDisabled();
  await expect(pen(page, "Night Cream")).toBeDisabled();
  await shot(page, "17-ro-admin");
  const refused = await page.request.post("/product-mapping", { form: { intent: "sync" }, maxRedirects: 0 });
  expect(refused.status()).toBe(403);
});
