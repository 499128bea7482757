import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import { shopifyCatalogueSyncs, shopifyMappedVariants } from "#db/schema";
import { resetConfigForTests } from "~/config.server";
import {
  createOurProduct,
  linkStore,
  productGidOf as P,
  seedCatalogue,
  variantGidOf as V,
} from "../../../tests/support/catalogue-factories";
import { signedInRequest } from "../../../tests/support/factories";
import { configureShopifyTestApp } from "../../../tests/support/shopify-webhook-requests";
import { companyWithAdmin, createMember } from "../../../tests/support/team-factories";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { roAdminViewCookie } from "../../../tests/support/view-as";
import { action, loader } from "./product-mapping";
import { loader as resourceLoader } from "./product-mapping-resource";

// /product-mapping and its resource route, called as React Router calls them.

const queued = vi.hoisted(() => [] as unknown[]);
vi.mock("~/services/jobs/jobs.server", () => ({
  sendJob: async (_queue: string, payload: unknown) => {
    queued.push(payload);
    return "job";
  },
  sendJobs: async () => {},
}));

configureShopifyTestApp();

const BASE = "http://localhost:3000";
const SHOP = "route-mapping-shop.myshopify.com";
const args = (request: Request) => ({ request, params: {}, context: {} }) as never;
const json = (body: unknown) => ({
  method: "POST",
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});
const syncForm = {
  method: "POST",
  body: new URLSearchParams({ intent: "sync" }),
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
};
const withCookie = (cookie: string, url: string, init: RequestInit = {}) => {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  return new Request(url, { ...init, headers });
};
/** The status of an answer, thrown or returned (data() or a Response). */
async function statusOf(answer: Promise<unknown>) {
  const settled = await answer.then(
    (value) => value,
    (thrown) => thrown,
  );
  if (settled instanceof Response) return settled.status;
  return (settled as { init?: ResponseInit })?.init?.status ?? 200;
}
const bodyOf = async (answer: Promise<unknown>) => {
  const value = (await answer) as { data?: unknown };
  return (value && typeof value === "object" && "data" in value ? value.data : value) as Record<
    string,
    unknown
  >;
};

async function mappedCompany() {
  const company = await companyWithAdmin();
  await linkStore(company.account.id, SHOP);
  await seedCatalogue(company.account.id, SHOP, [
    {
      id: 1,
      title: "Classic Tee",
      productType: "Shirts",
      variants: [
        { id: 11, title: "S" },
        { id: 12, title: "M" },
      ],
    },
    { id: 2, title: "Trail Boots", productType: "Shoes", variants: [{ id: 21, title: "42" }] },
  ]);
  const serum = await createOurProduct(company.account.id, "Glow Serum");
  const cream = await createOurProduct(company.account.id, "Night Cream");
  return { ...company, serum, cream };
}

describeEachDatabase("/product-mapping", (getDb) => {
  test("the loader shows our products, the store and what the caller may do", async () => {
    const { admin, serum } = await mappedCompany();
    const data = await loader(args(await signedInRequest(admin.id, `${BASE}/product-mapping`)));
    expect(data).toMatchObject({
      tab: "shopify",
      configured: true,
      store: { shop: SHOP },
      canMap: true,
      sync: null,
      rows: [
        { productId: serum.id, productName: "Glow Serum", mapped: [] },
        { productName: "Night Cream", mapped: [] },
      ],
    });
  });

  test("without a store (or Shopify configured) the tab has no table", async () => {
    const { admin } = await companyWithAdmin();
    const request = await signedInRequest(admin.id, `${BASE}/product-mapping?tab=tritech`);
    expect(await loader(args(request))).toMatchObject({ tab: "tritech", store: null, rows: [] });
    const key = process.env.SHOPIFY_API_KEY;
    delete process.env.SHOPIFY_API_KEY;
    resetConfigForTests();
    expect(await loader(args(await signedInRequest(admin.id, `${BASE}/product-mapping`)))).toMatchObject({
      configured: false,
    });
    process.env.SHOPIFY_API_KEY = key;
    resetConfigForTests();
  });

  test("a member previews and saves; the warning for nothing selected; a variant of another product is refused", async () => {
    const { account, serum, cream } = await mappedCompany();
    const member = await createMember(account.id);
    const post = async (body: unknown) =>
      action(args(await signedInRequest(member.id, `${BASE}/product-mapping`, json(body))));

    const empty = post({ intent: "preview", productId: serum.id, variantIds: [] });
    expect(await statusOf(empty)).toBe(400);
    expect(await bodyOf(post({ intent: "preview", productId: serum.id, variantIds: [] }))).toMatchObject({
      problem: { message: "productMapping.selectAtLeastOne" },
    });

    const preview = await bodyOf(post({ intent: "preview", productId: serum.id, variantIds: ["11", "21"] }));
    expect(preview).toMatchObject({
      intent: "preview",
      plan: { ok: true, change: "created", counts: { adding: 2 } },
    });
    expect(
      await bodyOf(post({ intent: "save", productId: serum.id, variantIds: ["11", "21"] })),
    ).toMatchObject({
      intent: "save",
      change: "created",
      toast: { message: "productMapping.mappedSuccessfully" },
    });

    const taken = post({ intent: "save", productId: cream.id, variantIds: ["21"] });
    expect(await statusOf(taken)).toBe(409);
    expect(await bodyOf(post({ intent: "save", productId: cream.id, variantIds: ["21"] }))).toMatchObject({
      problem: {
        message: "productMapping.variantTaken",
        values: { variant: "42", storeProduct: "Trail Boots", name: "Glow Serum" },
      },
    });
    const rows = await getDb()
      .select()
      .from(shopifyMappedVariants)
      .where(eq(shopifyMappedVariants.accountId, account.id));
    expect(rows.map((r) => [r.shopifyVariantId, r.productId]).sort()).toEqual(
      [
        [V(11), serum.id],
        [V(21), serum.id],
      ].sort(),
    );
    // A malformed selection never reaches the domain.
    expect(await statusOf(post({ intent: "save", productId: serum.id, variantIds: [P(1)] }))).toBe(400);
    expect(await statusOf(post({ intent: "save", productId: "not-a-uuid", variantIds: [] }))).toBe(400);
  });

  test("Sync Now queues the store's sync and answers its run", async () => {
    const { admin, account } = await mappedCompany();
    const request = await signedInRequest(admin.id, `${BASE}/product-mapping`, syncForm);
    const answer = await bodyOf(action(args(request)));
    expect(answer).toMatchObject({
      toast: { message: "productMapping.syncStarted" },
      runId: expect.any(String),
    });
    expect(queued.at(-1)).toEqual({ accountId: account.id, runId: answer.runId });
    const [row] = await getDb()
      .select()
      .from(shopifyCatalogueSyncs)
      .where(eq(shopifyCatalogueSyncs.accountId, account.id));
    expect(row).toMatchObject({ status: "queued", shop: SHOP });
  });

  test("an RO Admin sees the page with every control disabled, and every write is refused with 403", async () => {
    const { account, serum } = await mappedCompany();
    const cookie = await roAdminViewCookie(account.id);
    const data = await loader(args(withCookie(cookie, `${BASE}/product-mapping`)));
    expect(data).toMatchObject({ canMap: false, store: { shop: SHOP } });
    expect(await statusOf(action(args(withCookie(cookie, `${BASE}/product-mapping`, syncForm))))).toBe(403);
    const save = json({ intent: "save", productId: serum.id, variantIds: ["11"] });
    expect(await statusOf(action(args(withCookie(cookie, `${BASE}/product-mapping`, save))))).toBe(403);
    expect(await getDb().$count(shopifyMappedVariants)).toBe(0);
    expect(await getDb().$count(shopifyCatalogueSyncs)).toBe(0);
    // Reading the catalogue is allowed.
    const page = await resourceLoader(
      args(withCookie(cookie, `${BASE}/resources/product-mapping?view=catalogue`)),
    );
    expect((page as { products: unknown[] }).products).toHaveLength(2);
  });

  test("the resource route reads the caller's company only, and refuses a malformed view", async () => {
    const a = await mappedCompany();
    const b = await companyWithAdmin();
    const bProduct = await createOurProduct(b.account.id, "B product");
    const read = async (userId: string, query: string) =>
      resourceLoader(args(await signedInRequest(userId, `${BASE}/resources/product-mapping?${query}`)));
    expect(await read(a.admin.id, "view=catalogue&q=boots")).toMatchObject({
      products: [{ id: P(2), title: "Trail Boots", variants: [{ id: V(21), mappedTo: null }] }],
    });
    expect(await read(b.admin.id, "view=catalogue")).toEqual({ products: [], next: null });
    expect(await read(a.admin.id, `view=selectable&product=${a.serum.id}`)).toMatchObject({
      variants: ["11", "12", "21"],
    });
    expect(await read(b.admin.id, `view=mapped&product=${bProduct.id}`)).toEqual({ variants: [] });
    expect(await read(a.admin.id, "view=sync")).toEqual({ sync: null });
    expect(await statusOf(read(a.admin.id, "view=nothing"))).toBe(400);
    expect(await statusOf(read(a.admin.id, "view=mapped&product=1"))).toBe(400);
  });
});
