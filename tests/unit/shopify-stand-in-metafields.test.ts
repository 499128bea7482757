import { expect, test } from "vitest";
import { SHOPIFY_ADMIN_API_VERSION } from "~/services/shopify/api-versions";
import { SHOPIFY_TEST_SHOP, setUpShopifyStandIn } from "../support/shopify-test-env";

/**
 * The stand-in's metafields: metafieldsSet (atomic, validated as Shopify validates), an app's
 * reserved `$app` namespace stored expanded, and reads on the shop and the app installation.
 */

const standIn = setUpShopifyStandIn();

// biome-ignore lint/suspicious/noExplicitAny: answers are read by path in the assertions
type Answer = { data?: Record<string, any>; errors?: Array<{ message: string }> };

async function graphql(query: string, variables?: Record<string, unknown>): Promise<Answer> {
  await standIn().control("POST", "/access-tokens", { shop: SHOPIFY_TEST_SHOP, accessToken: "shpat_meta" });
  const response = await fetch(
    `${standIn().url}/${SHOPIFY_TEST_SHOP}/admin/api/${SHOPIFY_ADMIN_API_VERSION}/graphql.json`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Shopify-Access-Token": "shpat_meta" },
      body: JSON.stringify({ query, variables }),
    },
  );
  return (await response.json()) as Answer;
}

const SET = `mutation Set($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) {
    metafields { id namespace key value type ownerType }
    userErrors { field message code elementIndex }
  }
}`;

const ids = async () =>
  (await graphql("{ shop { id } currentAppInstallation { id } }")).data as {
    shop: { id: string };
    currentAppInstallation: { id: string };
  };

test("metafieldsSet writes shop metafields in the app's namespace, read back in either form", async () => {
  const { shop, currentAppInstallation } = await ids();
  expect(currentAppInstallation.id).toMatch(/^gid:\/\/shopify\/AppInstallation\/\d+$/);
  const set = await graphql(SET, {
    metafields: [
      {
        ownerId: shop.id,
        namespace: "$app:sms_consent",
        key: "title",
        type: "single_line_text_field",
        value: "Hi",
      },
      {
        ownerId: shop.id,
        namespace: "$app:sms_consent",
        key: "text",
        type: "multi_line_text_field",
        value: "a\nb",
      },
    ],
  });
  expect(set.data?.metafieldsSet.userErrors).toEqual([]);
  expect(set.data?.metafieldsSet.metafields).toMatchObject([
    { namespace: "app--1--sms_consent", key: "title", value: "Hi", ownerType: "SHOP" },
    { namespace: "app--1--sms_consent", key: "text", value: "a\nb", type: "multi_line_text_field" },
  ]);

  // Setting again updates in place (same id).
  const again = await graphql(SET, {
    metafields: [
      {
        ownerId: shop.id,
        namespace: "$app:sms_consent",
        key: "title",
        type: "single_line_text_field",
        value: "Yo",
      },
    ],
  });
  expect(again.data?.metafieldsSet.metafields[0].id).toBe(set.data?.metafieldsSet.metafields[0].id);

  const read = await graphql(`{
    shop {
      title: metafield(namespace: "$app:sms_consent", key: "title") { value }
      expanded: metafield(namespace: "app--1--sms_consent", key: "text") { value }
      none: metafield(namespace: "$app:sms_consent", key: "nope") { value }
      metafields(first: 5, namespace: "$app:sms_consent") { nodes { key } }
    }
    currentAppInstallation { metafield(namespace: "$app:sms_consent", key: "title") { value } }
  }`);
  expect(read.data).toEqual({
    shop: {
      title: { value: "Yo" },
      expanded: { value: "a\nb" },
      none: null,
      metafields: { nodes: [{ key: "title" }, { key: "text" }] },
    },
    // Another owner: the installation has metafields of its own.
    currentAppInstallation: { metafield: null },
  });
  expect(
    ((await standIn().control("GET", `/metafields?shop=${SHOPIFY_TEST_SHOP}`)).body as unknown[]).length,
  ).toBe(2);
});

test("one invalid input and nothing is written: unknown owner, newline in a single line, blank value", async () => {
  const { shop } = await ids();
  const good = {
    ownerId: shop.id,
    namespace: "$app:x",
    key: "ok",
    type: "single_line_text_field",
    value: "v",
  };
  const cases: Array<[Record<string, unknown>, string, string]> = [
    [{ ...good, ownerId: "gid://shopify/Shop/999999" }, "ownerId", "INVALID"],
    [{ ...good, value: "two\nlines" }, "value", "INVALID_VALUE"],
    [{ ...good, value: "" }, "value", "BLANK"],
    [{ ...good, type: "rich_text_nope" }, "type", "INVALID_TYPE"],
    [{ ...good, key: "k" }, "key", "INVALID"],
    [{ ...good, namespace: "app--42--theirs" }, "namespace", "APP_NOT_AUTHORIZED"],
  ];
  for (const [bad, field, code] of cases) {
    const answer = await graphql(SET, { metafields: [good, bad] });
    expect(answer.data?.metafieldsSet).toMatchObject({
      metafields: null,
      userErrors: [{ field: ["metafields", "1", field], code, elementIndex: 1 }],
    });
  }
  expect(standIn().store.metafields).toEqual([]);
});

test("metafields on the app installation, and an invalid document undoes the mutation", async () => {
  const { currentAppInstallation } = await ids();
  const input = {
    ownerId: currentAppInstallation.id,
    namespace: "settings",
    key: "mode",
    type: "json",
    value: '{"a":1}',
  };
  const set = await graphql(SET, { metafields: [input] });
  expect(set.data?.metafieldsSet.metafields[0]).toMatchObject({ ownerType: "API_PERMISSION" });
  const read = await graphql(
    `{ currentAppInstallation { metafield(namespace: "settings", key: "mode") { value } } }`,
  );
  expect(read.data?.currentAppInstallation.metafield).toEqual({ value: '{"a":1}' });

  // A document asking for a field that does not exist is refused whole: the write is undone.
  const invalid = await graphql(
    `mutation($m: [MetafieldsSetInput!]!) { metafieldsSet(metafields: $m) { metafields { nope } } }`,
    { m: [{ ...input, value: '{"a":2}' }] },
  );
  expect(invalid.errors?.[0]?.message).toContain("nope");
  const after = await graphql(
    `{ currentAppInstallation { metafield(namespace: "settings", key: "mode") { value } } }`,
  );
  expect(after.data?.currentAppInstallation.metafield).toEqual({ value: '{"a":1}' });
});
