import { expect, test } from "vitest";
import { SHOPIFY_ADMIN_API_VERSION } from "~/services/shopify/api-versions";
import { SHOPIFY_TEST_SHOP, setUpShopifyStandIn } from "../support/shopify-test-env";
import { flattenBulkResult } from "../support/stand-ins/shopify-catalogue";

/** The stand-in's catalogue reads: productVariants, productVariantsCount and bulk query operations. */

const standIn = setUpShopifyStandIn();

async function graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>) {
  await standIn().control("POST", "/access-tokens", { shop: SHOPIFY_TEST_SHOP, accessToken: "shpat_bulk" });
  const response = await fetch(
    `${standIn().url}/${SHOPIFY_TEST_SHOP}/admin/api/${SHOPIFY_ADMIN_API_VERSION}/graphql.json`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": "shpat_bulk" },
      body: JSON.stringify({ query, variables }),
    },
  );
  return (await response.json()) as { data?: T; errors?: Array<{ message: string }> };
}

const RUN = `mutation Run($query: String!) {
  bulkOperationRunQuery(query: $query) { bulkOperation { id status } userErrors { field message code } }
}`;
const PRODUCTS_BULK = `{ products { edges { node { id title productType
  variants { edges { node { id title sku position } } } } } } }`;
const LOOK = `{ currentBulkOperation(type: QUERY) { id status errorCode objectCount rootObjectCount url } }`;

type Operation = {
  id: string;
  status: string;
  errorCode: string | null;
  url: string | null;
  objectCount: string;
};

test("a bulk query runs, is RUNNING at the first look and COMPLETED with a JSONL file after", async () => {
  standIn().seedShop({
    domain: SHOPIFY_TEST_SHOP,
    products: [
      { title: "Tee", productType: "Shirts", variants: [{ title: "S" }, { title: "M" }] },
      { title: "Belt", productType: "", variants: [{ title: "Default Title" }] },
    ],
  });
  const run = await graphql<{ bulkOperationRunQuery: { bulkOperation: Operation; userErrors: unknown[] } }>(
    RUN,
    {
      query: PRODUCTS_BULK,
    },
  );
  expect(run.data?.bulkOperationRunQuery.userErrors).toEqual([]);
  const { id, status } = run.data!.bulkOperationRunQuery.bulkOperation;
  expect(status).toBe("CREATED");

  // Only one query operation at a time per shop.
  const again = await graphql<{ bulkOperationRunQuery: { userErrors: Array<{ code: string }> } }>(RUN, {
    query: PRODUCTS_BULK,
  });
  expect(again.data?.bulkOperationRunQuery.userErrors[0]?.code).toBe("OPERATION_IN_PROGRESS");

  const first = await graphql<{ currentBulkOperation: Operation }>(LOOK);
  expect(first.data?.currentBulkOperation).toMatchObject({ id, status: "RUNNING", url: null });
  const byNode = await graphql<{ node: Operation }>(
    `query Look($id: ID!) { node(id: $id) { ... on BulkOperation { id status url objectCount } } }`,
    { id },
  );
  expect(byNode.data?.node).toMatchObject({ id, status: "COMPLETED", objectCount: "5" });

  const response = await fetch(byNode.data!.node.url!);
  expect(response.status).toBe(200);
  const lines = (await response.text())
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line));
  const [tee, belt] = standIn().store.shops.get(SHOPIFY_TEST_SHOP)!.products;
  expect(lines).toEqual([
    { id: tee!.id, title: "Tee", productType: "Shirts" },
    { id: tee!.variants[0]!.id, title: "S", sku: tee!.variants[0]!.sku, position: 1, __parentId: tee!.id },
    { id: tee!.variants[1]!.id, title: "M", sku: tee!.variants[1]!.sku, position: 2, __parentId: tee!.id },
    { id: belt!.id, title: "Belt", productType: "" },
    {
      id: belt!.variants[0]!.id,
      title: "Default Title",
      sku: belt!.variants[0]!.sku,
      position: 1,
      __parentId: belt!.id,
    },
  ]);
  // Finished, so a new one may start.
  const next = await graphql<{ bulkOperationRunQuery: { userErrors: unknown[] } }>(RUN, {
    query: PRODUCTS_BULK,
  });
  expect(next.data?.bulkOperationRunQuery.userErrors).toEqual([]);
});

test("a failing operation ends FAILED with its error code and no file; bad queries are user errors", async () => {
  await standIn().control("POST", "/bulk", { failNext: "ACCESS_DENIED", pollsUntilComplete: 0 });
  await graphql(RUN, { query: PRODUCTS_BULK });
  await graphql(LOOK);
  const failed = await graphql<{ currentBulkOperation: Operation }>(LOOK);
  expect(failed.data?.currentBulkOperation).toMatchObject({
    status: "FAILED",
    errorCode: "ACCESS_DENIED",
    url: null,
  });

  const invalid = await graphql<{ bulkOperationRunQuery: { userErrors: Array<{ message: string }> } }>(RUN, {
    query: "{ products { edges { node { id nonsense } } } }",
  });
  expect(invalid.data?.bulkOperationRunQuery.userErrors[0]?.message).toMatch(
    /Invalid bulk query: Field 'nonsense'/,
  );
  const noConnection = await graphql<{ bulkOperationRunQuery: { userErrors: Array<{ message: string }> } }>(
    RUN,
    {
      query: "{ shop { name } }",
    },
  );
  expect(noConnection.data?.bulkOperationRunQuery.userErrors[0]?.message).toBe(
    "Bulk queries must contain at least one connection.",
  );
  const listed = await standIn().control("GET", "/bulk");
  expect(listed.body).toHaveLength(1);
});

test("productVariants pages every variant with its product; productVariantsCount counts them", async () => {
  const answer = await graphql<{
    productVariantsCount: { count: number };
    productVariants: {
      nodes: Array<{ id: string; price: string; product: { id: string } }>;
      pageInfo: { hasNextPage: boolean; endCursor: string };
    };
  }>(`{ productVariantsCount { count } productVariants(first: 3) { nodes { id price product { id } }
        pageInfo { hasNextPage endCursor } } }`);
  expect(answer.data?.productVariantsCount.count).toBe(5);
  expect(answer.data?.productVariants.nodes).toHaveLength(3);
  expect(answer.data?.productVariants.pageInfo.hasNextPage).toBe(true);
  const rest = await graphql<{ productVariants: { nodes: unknown[]; pageInfo: { hasNextPage: boolean } } }>(
    `query More($after: String) { productVariants(first: 3, after: $after) { nodes { id } pageInfo { hasNextPage } } }`,
    { after: answer.data?.productVariants.pageInfo.endCursor },
  );
  expect(rest.data?.productVariants.nodes).toHaveLength(2);
  expect(rest.data?.productVariants.pageInfo.hasNextPage).toBe(false);
});

test("a nested connection needs its parent's id", () => {
  expect(() =>
    flattenBulkResult({ products: { nodes: [{ title: "x", variants: { nodes: [{ id: "v" }] } }] } }),
  ).toThrow(/must select the 'id' field/);
});
