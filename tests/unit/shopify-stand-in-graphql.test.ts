import { expect, test } from "vitest";
import { SHOPIFY_ADMIN_API_VERSION } from "~/services/shopify/api-versions";
import { SHOPIFY_TEST_SHOP, setUpShopifyStandIn } from "../support/shopify-test-env";
import { prepareAgainstSchema, StandInContractError } from "../support/stand-ins/shopify-admin-execution";
import { execute, type GqlObject } from "../support/stand-ins/shopify-graphql";

/** The stand-in's GraphQL engine and its Admin API answers, below the library. */

const roots: { query: GqlObject; mutation: GqlObject } = {
  query: {
    __typename: "QueryRoot",
    greeting: (args: Record<string, unknown>) => `hello ${String(args.name ?? "world")}`,
    pricing: [
      { __typename: "AppRecurringPricing", interval: "EVERY_30_DAYS" },
      { __typename: "AppUsagePricing", terms: "per message" },
    ],
  },
  mutation: { __typename: "Mutation" },
};

test("aliases, variables with defaults, fragments, inline fragments and @include/@skip", () => {
  const result = execute({
    query: `# a comment
      query Q($name: String = "you", $more: Boolean!) {
        a: greeting(name: $name)
        b: greeting(name: "there") @include(if: $more)
        c: greeting @skip(if: $more)
        pricing { __typename ...Recurring ... on AppUsagePricing { terms } }
      }
      fragment Recurring on AppRecurringPricing { interval }`,
    variables: { more: true },
    roots,
  });
  expect(result).toEqual({
    data: {
      a: "hello you",
      b: "hello there",
      pricing: [
        { __typename: "AppRecurringPricing", interval: "EVERY_30_DAYS" },
        { __typename: "AppUsagePricing", terms: "per message" },
      ],
    },
  });
});

test("unknown fields and syntax errors answer errors without data, as Shopify does", () => {
  expect(execute({ query: "{ greeting nope }", roots })).toEqual({
    errors: [
      {
        message: "Field 'nope' doesn't exist on type 'QueryRoot'",
        locations: [{ line: 1, column: 12 }],
        path: ["query", "nope"],
        extensions: { code: "undefinedField", typeName: "QueryRoot", fieldName: "nope" },
      },
    ],
  });
  expect(execute({ query: "{ greeting(", roots }).errors?.[0]?.message).toMatch(/Unexpected end|Parse error/);
  expect(execute({ query: "{ pricing }", roots }).errors?.[0]?.message).toMatch(/Field must have selections/);
});

const standIn = setUpShopifyStandIn();

async function graphql(query: string, variables?: Record<string, unknown>) {
  const { body } = await standIn().control("POST", "/access-tokens", {
    shop: SHOPIFY_TEST_SHOP,
    accessToken: "shpat_fixture",
  });
  expect(body).toMatchObject({ accessToken: "shpat_fixture" });
  const response = await fetch(
    `${standIn().url}/${SHOPIFY_TEST_SHOP}/admin/api/${SHOPIFY_ADMIN_API_VERSION}/graphql.json`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": "shpat_fixture" },
      body: JSON.stringify({ query, variables }),
    },
  );
  return (await response.json()) as { data?: Record<string, unknown>; errors?: Array<{ message: string }> };
}

test("an invalid mutation document changes nothing", async () => {
  const create = `mutation { appSubscriptionCreate(name: "Plan", returnUrl: "http://localhost/r", test: true,
    lineItems: [{ plan: { appRecurringPricingDetails: { price: { amount: 25, currencyCode: USD } } } }]) { %s } }`;
  const invalid = await graphql(create.replace("%s", "confirmationUrl nonsense"));
  expect(invalid.errors?.[0]?.message).toBe(
    "Field 'nonsense' doesn't exist on type 'AppSubscriptionCreatePayload'",
  );
  expect(standIn().store.subscriptions).toEqual([]);
  const valid = await graphql(create.replace("%s", "confirmationUrl appSubscription { id status }"));
  expect(valid.data?.appSubscriptionCreate).toMatchObject({ appSubscription: { status: "PENDING" } });
  expect(standIn().store.subscriptions).toHaveLength(1);
});

test("controls: seeded shops, products appended, the SMS setting, id_tokens and a replayed webhook id", async () => {
  await standIn().control("POST", "/shops", {
    domain: "other-shop",
    name: "Other Shop",
    smsMarketingEnabled: true,
    products: [{ title: "Mug", productType: "Kitchen", imageUrl: null }],
  });
  await standIn().control("POST", "/shops/other-shop.myshopify.com/products", {
    products: [{ title: "Plate" }],
  });
  const shop = (await standIn().control("GET", "/shops/other-shop.myshopify.com")).body as {
    name: string;
    smsMarketingEnabled: boolean;
    products: Array<{ title: string; imageUrl: string | null }>;
  };
  expect(shop.name).toBe("Other Shop");
  expect(shop.smsMarketingEnabled).toBe(true);
  expect(shop.products.map((p) => [p.title, p.imageUrl === null])).toEqual([
    ["Mug", true],
    ["Plate", false],
  ]);
  const { body } = await standIn().control("POST", "/id-token", { shop: "other-shop", userId: 9 });
  const payload = JSON.parse(
    Buffer.from((body as { idToken: string }).idToken.split(".")[1]!, "base64url").toString(),
  );
  expect(payload).toMatchObject({
    dest: "https://other-shop.myshopify.com",
    sub: "9",
    aud: "blusteam-test-api-key",
  });
  expect((await standIn().control("POST", "/nope")).status).toBe(404);
});

test("fail-next and delay-next controls: a shop's next Admin API request fails, or answers late", async () => {
  await graphql("{ shop { name } }");
  await standIn().control("POST", "/fail-next", { shop: "other.myshopify.com" });
  await standIn().control("POST", "/fail-next", {
    shop: SHOPIFY_TEST_SHOP,
    status: 503,
    body: { errors: "busy" },
  });
  expect(await graphql("{ shop { name } }")).toEqual({ errors: "busy" });
  expect((await graphql("{ shop { name } }")).data).toEqual({ shop: { name: "Demo Shop" } });
  await standIn().control("POST", "/delay-next", { ms: 300 });
  const started = Date.now();
  expect((await graphql("{ shop { name } }")).data).toEqual({ shop: { name: "Demo Shop" } });
  expect(Date.now() - started).toBeGreaterThanOrEqual(290);
});

test("the stand-in's answers are held to Shopify's schema: a field Shopify lacks, or a wrong shape, is a stand-in defect", () => {
  const answer = (shop: Record<string, unknown>) => {
    const prepared = prepareAgainstSchema({
      version: "2025-10",
      query: "{ shop { name currencyCode } }",
      roots: {
        query: { __typename: "QueryRoot", shop: { __typename: "Shop", ...shop } },
        mutation: roots.mutation,
      },
    });
    if (prepared.kind !== "ready") throw new Error("refused");
    return prepared.run().result;
  };
  expect(answer({ name: "Demo", currencyCode: "USD" })).toEqual({
    data: { shop: { name: "Demo", currencyCode: "USD" } },
  });
  // A field Shopify's Shop does not have, even one nobody asked for.
  expect(() => answer({ name: "Demo", currencyCode: "USD", smsMarketingEnabled: true })).toThrow(
    /Shop.smsMarketingEnabled is not a field of Shopify's Shop/,
  );
  // No value where Shopify promises one (Shop.name is String!), an enum value Shopify does not have.
  expect(() => answer({ name: null, currencyCode: "USD" })).toThrow(StandInContractError);
  expect(() => answer({ name: "Demo", currencyCode: "DOLLARS" })).toThrow(/CurrencyCode/);
  // A field asked that the stand-in does not answer.
  expect(() => answer({ name: "Demo" })).toThrow(
    /Shop.currencyCode was asked, and the stand-in has no answer/,
  );
});

test("documents are refused as Shopify refuses them: unknown fields in its words, and above 1,000 points", () => {
  const refused = (query: string) =>
    prepareAgainstSchema({
      version: "2025-10",
      query,
      roots: { query: roots.query, mutation: roots.mutation },
    });
  expect(refused("{ shop { nonsense } }")).toMatchObject({
    kind: "refused",
    result: {
      errors: [
        {
          message: "Field 'nonsense' doesn't exist on type 'Shop'",
          extensions: { code: "undefinedField", typeName: "Shop", fieldName: "nonsense" },
        },
      ],
    },
  });
  expect(
    refused("{ products(first: 250) { nodes { featuredMedia { preview { image { url } } } } } }"),
  ).toMatchObject({
    kind: "refused",
    requestedCost: 1002,
    result: { errors: [{ extensions: { code: "MAX_COST_EXCEEDED", cost: 1002, maxCost: 1000 } }] },
  });
});
