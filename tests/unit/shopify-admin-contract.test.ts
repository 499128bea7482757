import { NoDeprecatedCustomRule, parse, specifiedRules, validate } from "graphql";
import { describe, expect, test } from "vitest";
import { BULK_CATALOGUE_QUERY } from "../../app/domain/shopify/commerce/catalogue-bulk.server";
import {
  PICKED_PRODUCTS_PER_QUERY,
  PICKED_VARIANTS_FIRST,
  STORE_PRODUCTS_PAGE_SIZE,
} from "../../app/domain/shopify/store-products.server";
import { SHOPIFY_ADMIN_API_VERSION } from "../../app/services/shopify/api-versions";
import { adminSchemaFor, MissingAdminSchemaError } from "../support/shopify-admin-schema";
import {
  appGraphqlDocuments,
  libraryBillingDocuments,
  type SourceDocument,
  untaggedGraphqlLookalikes,
} from "../support/shopify-graphql-documents";
import {
  largestPageSizeWithin,
  requestedQueryCost,
  SHOPIFY_MAX_QUERY_COST,
} from "../support/shopify-query-cost";

/**
 * Our Admin GraphQL documents against Shopify's own schema of the API version the app is configured
 * with (published by Shopify in @shopify/dev-mcp): each one valid, none using a deprecated field, and
 * none asking more than Shopify's single-query cost limit of 1,000 points by its published rules.
 */

const schema = () => adminSchemaFor(SHOPIFY_ADMIN_API_VERSION);
const appDocuments = appGraphqlDocuments();
const named = (doc: SourceDocument) => `${doc.file}:${doc.line}`;
const problemsOf = (doc: SourceDocument, rules = specifiedRules) =>
  validate(schema(), parse(doc.text), rules).map((e) => `${named(doc)}: ${e.message}`);

/**
 * The worst case of every variable a document's cost depends on: the largest value the code sends.
 * A document whose cost depends on a variable not listed here fails below, naming it.
 */
const WORST_CASE_VARIABLES: Record<string, Record<string, unknown>> = {
  StoreProducts: { first: STORE_PRODUCTS_PAGE_SIZE },
  PickedProducts: { ids: PICKED_PRODUCTS_PER_QUERY, variantsFirst: PICKED_VARIANTS_FIRST },
};

const operationNameOf = (doc: SourceDocument) => {
  const operation = parse(doc.text).definitions.find((d) => d.kind === "OperationDefinition");
  return operation && "name" in operation ? (operation.name?.value ?? "") : "";
};
const documentNamed = (name: string) => {
  const doc = appDocuments.find((d) => operationNameOf(d) === name);
  if (!doc) throw new Error(`No #graphql document names its operation ${name}`);
  return parse(doc.text);
};

test("the schema is the configured API version's, and a version without one fails in words", () => {
  expect(schema().getQueryType()?.name).toBe("QueryRoot");
  expect(() => adminSchemaFor("2019-04")).toThrow(MissingAdminSchemaError);
  expect(() => adminSchemaFor("2019-04")).toThrow(/No Shopify Admin GraphQL schema for API version 2019-04/);
});

test("every GraphQL document in app/ carries the #graphql tag, so none escapes these checks", () => {
  expect(untaggedGraphqlLookalikes()).toEqual([]);
  expect(appDocuments.length).toBeGreaterThan(10);
});

describe(`against Shopify's Admin schema ${SHOPIFY_ADMIN_API_VERSION}`, () => {
  test("every document of the app is valid", () => {
    expect(appDocuments.flatMap((doc) => problemsOf(doc))).toEqual([]);
  });

  test("no document of the app uses a deprecated field, argument or enum value", () => {
    expect(appDocuments.flatMap((doc) => problemsOf(doc, [NoDeprecatedCustomRule]))).toEqual([]);
  });

  test("the catalogue's bulk query is valid (bulk queries have no cost limit)", () => {
    const doc = { file: "BULK_CATALOGUE_QUERY", line: 0, text: BULK_CATALOGUE_QUERY };
    expect([...problemsOf(doc), ...problemsOf(doc, [NoDeprecatedCustomRule])]).toEqual([]);
  });

  test("the billing documents @shopify/shopify-api sends for us are valid", () => {
    const documents = libraryBillingDocuments();
    // check, request (two), cancel, subscriptions, usage record, capped amount.
    expect(documents.length).toBeGreaterThanOrEqual(7);
    expect(documents.flatMap((doc) => problemsOf(doc))).toEqual([]);
  });

  test("every document asks at most 1,000 points at the largest page sizes the code sends", () => {
    const costs = appDocuments
      .filter((doc) => doc.text.trim() !== BULK_CATALOGUE_QUERY.trim())
      .map((doc) => {
        const name = operationNameOf(doc);
        const cost = requestedQueryCost(schema(), parse(doc.text), WORST_CASE_VARIABLES[name]);
        return { name, at: named(doc), cost };
      });
    const over = costs.filter((c) => c.cost > SHOPIFY_MAX_QUERY_COST);
    expect(over, JSON.stringify(costs, null, 1)).toEqual([]);
  });

  test("the onboarding's page sizes are the largest that keep their query within 1,000 points", () => {
    const products = documentNamed("StoreProducts");
    expect(requestedQueryCost(schema(), products, { first: STORE_PRODUCTS_PAGE_SIZE })).toBe(998);
    expect(largestPageSizeWithin((first) => requestedQueryCost(schema(), products, { first }))).toBe(
      STORE_PRODUCTS_PAGE_SIZE,
    );
    const picked = documentNamed("PickedProducts");
    const pickedAt = (variantsFirst: number) =>
      requestedQueryCost(schema(), picked, { ids: PICKED_PRODUCTS_PER_QUERY, variantsFirst });
    expect(largestPageSizeWithin(pickedAt)).toBe(PICKED_VARIANTS_FIRST);
  });
});
