import { beforeEach, expect, test } from "vitest";
import { seedReferenceData } from "#db/seed";
import { SHOPIFY_ADMIN_API_VERSION } from "~/services/shopify/api-versions";
import { installedStore } from "../../../tests/support/onboarding-factories";
import { SHOPIFY_TEST_SHOP, setUpShopifyStandIn } from "../../../tests/support/shopify-test-env";
import { describeEachDatabase } from "../../../tests/support/test-database";
import { adminGraphql } from "./admin-api.server";
import { fetchStoreProducts, STORE_PRODUCTS_PAGE_SIZE } from "./store-products.server";

/**
 * The Admin API client keeps to Shopify's rate limit (calculated query cost, a leaky bucket per app
 * and store), against the stand-in's bucket: it answers THROTTLED in Shopify's shape when a query asks
 * more than is available, and every answer carries extensions.cost as Shopify's do.
 */

const standIn = setUpShopifyStandIn();

type Answer = {
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
  extensions: {
    cost: {
      requestedQueryCost: number;
      actualQueryCost: number | null;
      throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
    };
  };
};
const graphqlRequests = () => standIn().requests.filter((r) => r.path.endsWith("/graphql.json"));

describeEachDatabase("Admin GraphQL within Shopify's rate limit", (getDb) => {
  beforeEach(async () => {
    await seedReferenceData(getDb());
    await installedStore(standIn());
    standIn().requests.length = 0;
  });

  test("a THROTTLED answer is waited out for as long as the bucket needs to refill, then tried again", async () => {
    // An empty bucket refilling at 2,000 points a second: the product page (998 points) fits in ½ s.
    standIn().setThrottle(SHOPIFY_TEST_SHOP, {
      maximumAvailable: 2000,
      currentlyAvailable: 0,
      restoreRate: 2000,
    });
    const products = await fetchStoreProducts(SHOPIFY_TEST_SHOP);

    expect(products.map((p) => p.title)).toContain("Classic Tee");
    const [first, second] = graphqlRequests();
    expect(graphqlRequests()).toHaveLength(2);
    // The first was refused (0 points available); the second went once 998 had come back.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(490);
  });

  test("a call waits before it is sent when the bucket Shopify last described has no room for it", async () => {
    const many = Array.from({ length: 2 * STORE_PRODUCTS_PAGE_SIZE }, (_, i) => ({ title: `Item ${i}` }));
    standIn().seedShop({ domain: "big-shop.myshopify.com", products: many });
    await installedStore(standIn(), { shop: "big-shop.myshopify.com" });
    standIn().requests.length = 0;
    // 1,000 points at most, 2,000 a second: a full page of products (998 points, all of them used)
    // leaves 2, and the next page must wait about ½ s for its 998.
    standIn().setThrottle("big-shop.myshopify.com", {
      maximumAvailable: 1000,
      currentlyAvailable: 1000,
      restoreRate: 2000,
    });

    expect(await fetchStoreProducts("big-shop.myshopify.com")).toHaveLength(2 * STORE_PRODUCTS_PAGE_SIZE);

    const pages = graphqlRequests();
    // Two full pages, never refused: no THROTTLED answer was needed to learn to wait.
    expect(pages.length).toBe(2);
    expect(pages[1]!.at - pages[0]!.at).toBeGreaterThanOrEqual(450);
  });

  test("answers carry Shopify's cost: requested by the published rules, actual by what came back", async () => {
    const answer = await rawGraphql(
      `query Page($first: Int!) { products(first: $first) { nodes { id title featuredMedia { preview { image { url } } } } } }`,
      { first: STORE_PRODUCTS_PAGE_SIZE },
    );
    expect(answer.extensions.cost.requestedQueryCost).toBe(998);
    expect(answer.extensions.cost.actualQueryCost).toBeLessThan(100);
    expect(answer.extensions.cost.throttleStatus).toMatchObject({ maximumAvailable: 2000, restoreRate: 100 });

    const tooBig = await rawGraphql(
      `query Page($first: Int!) { products(first: $first) { nodes { id title featuredMedia { preview { image { url } } } } } }`,
      { first: 250 },
    );
    expect(tooBig.errors?.[0]).toMatchObject({
      message: expect.stringMatching(
        /^Query cost is 1002, which exceeds the single query max cost limit \(1000\)/,
      ),
      extensions: { code: "MAX_COST_EXCEEDED" },
    });
  });

  test("THROTTLED tries are bounded: past them the caller gets Shopify's error", async () => {
    standIn().setThrottle(SHOPIFY_TEST_SHOP, {
      maximumAvailable: 2000,
      currentlyAvailable: 0,
      restoreRate: 0,
    });
    await expect(adminGraphql(SHOPIFY_TEST_SHOP, `#graphql\n query { shop { id } }`)).rejects.toThrow(
      /Throttled/,
    );
    // The first try and four more.
    expect(graphqlRequests()).toHaveLength(5);
  });
});

async function rawGraphql(query: string, variables: Record<string, unknown>): Promise<Answer> {
  const token = "shpat_cost_fixture";
  await standIn().control("POST", "/access-tokens", { shop: SHOPIFY_TEST_SHOP, accessToken: token });
  const response = await fetch(
    `${standIn().url}/${SHOPIFY_TEST_SHOP}/admin/api/${SHOPIFY_ADMIN_API_VERSION}/graphql.json`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": token },
      body: JSON.stringify({ query, variables }),
    },
  );
  return (await response.json()) as Answer;
}
