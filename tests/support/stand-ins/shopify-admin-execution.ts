import {
  type DocumentNode,
  defaultFieldResolver,
  execute,
  type GraphQLError,
  GraphQLError as GraphQLErrorClass,
  type GraphQLFieldResolver,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  parse,
  specifiedRules,
  validate,
} from "graphql";
import { adminSchemaFor } from "../shopify-admin-schema";
import { requestedQueryCost, SHOPIFY_MAX_QUERY_COST } from "../shopify-query-cost";
import { type GqlError, GqlFieldError, type GqlObject, type GqlResult } from "./shopify-graphql";

/**
 * The stand-in's Admin GraphQL answers, run through Shopify's own schema of the request's API version
 * (tests/support/shopify-admin-schema.ts): a document Shopify would refuse is refused (in Shopify's
 * words for an unknown field), one asking more than 1,000 points is refused as Shopify does
 * (MAX_COST_EXCEEDED), and every answer is shaped by the schema's types. A stand-in object that
 * carries a field Shopify's type does not have, lacks one that is asked, or holds a value of the wrong
 * shape (null where Shopify promises a value, an enum value Shopify does not have) is a defect of the
 * stand-in: StandInContractError, which fails the request (500) and so the test.
 */

export class StandInContractError extends Error {
  constructor(version: string, defects: string[]) {
    super(
      `The Shopify stand-in answered outside Shopify's Admin schema ${version}:\n  ${[...new Set(defects)].join("\n  ")}`,
    );
    this.name = "StandInContractError";
  }
}

const IGNORED_KEYS = new Set(["__typename", "__implements"]);

/** graphql's wording for an unknown field, in Shopify's (what the app and tests read). */
function shopifyWorded(error: GraphQLError): GqlError {
  const unknown = /^Cannot query field "(\w+)" on type "(\w+)"/.exec(error.message);
  const locations = error.locations?.map(({ line, column }) => ({ line, column }));
  if (unknown)
    return {
      message: `Field '${unknown[1]}' doesn't exist on type '${unknown[2]}'`,
      ...(locations ? { locations } : {}),
      extensions: { code: "undefinedField", typeName: unknown[2], fieldName: unknown[1] },
    };
  return { message: error.message, ...(locations ? { locations } : {}) };
}

function maxCostExceeded(cost: number): GqlError {
  return {
    message:
      `Query cost is ${cost}, which exceeds the single query max cost limit (${SHOPIFY_MAX_QUERY_COST}).\n\n` +
      "See https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\n" +
      "cost of a query is calculated.\n\n" +
      "To query larger amounts of data with fewer limits, bulk operations should be used instead.\n" +
      "See https://shopify.dev/api/usage/bulk-operations/queries for usage details.\n",
    extensions: {
      code: "MAX_COST_EXCEEDED",
      cost,
      maxCost: SHOPIFY_MAX_QUERY_COST,
      documentation: "https://shopify.dev/api/usage/rate-limits",
    },
  };
}

/** Shopify's actual cost, roughly: the objects the answer holds (never more than was requested). */
function objectsIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, item) => n + objectsIn(item), 0);
  if (value === null || typeof value !== "object") return 0;
  return 1 + Object.values(value).reduce((n: number, item) => n + objectsIn(item), 0);
}

export type SchemaAnswer =
  | { kind: "refused"; result: GqlResult; requestedCost: number | null }
  | { kind: "ready"; requestedCost: number; run: () => { result: GqlResult; actualCost: number } };

/**
 * Checks the document as Shopify does before running it, and returns its requested cost with a `run`
 * that executes it against the stand-in's objects (the bucket is charged between the two).
 */
export function prepareAgainstSchema(options: {
  version: string;
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
  roots: { query: GqlObject; mutation: GqlObject };
}): SchemaAnswer {
  const schema = adminSchemaFor(options.version);
  let document: DocumentNode;
  try {
    document = parse(options.query);
  } catch (error) {
    if (!(error instanceof GraphQLErrorClass)) throw error;
    return { kind: "refused", requestedCost: null, result: { errors: [shopifyWorded(error)] } };
  }
  const invalid = validate(schema, document, specifiedRules);
  if (invalid.length)
    return { kind: "refused", requestedCost: null, result: { errors: invalid.map(shopifyWorded) } };
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = options.operationName
    ? operations.find((o) => o.name?.value === options.operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation)
    return {
      kind: "refused",
      requestedCost: null,
      result: {
        errors: [
          {
            message: options.operationName
              ? `No operation named "${options.operationName}"`
              : "An operation name is required",
          },
        ],
      },
    };
  let requestedCost: number;
  try {
    requestedCost = requestedQueryCost(schema, document, options.variables ?? {}, operation.name?.value);
  } catch {
    // A connection without first/last: refused as Shopify does when the field runs (the stand-in's
    // connection answers "you must provide one of first or last").
    requestedCost = 1;
  }
  if (requestedCost > SHOPIFY_MAX_QUERY_COST)
    return { kind: "refused", requestedCost, result: { errors: [maxCostExceeded(requestedCost)] } };

  const run = () => {
    const defects: string[] = [];
    const checked = new WeakSet<object>();
    const fieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
      const parent = info.parentType;
      if (source && typeof source === "object" && !checked.has(source)) {
        checked.add(source);
        const fields = parent.getFields();
        for (const key of Object.keys(source))
          if (!IGNORED_KEYS.has(key) && !(key in fields))
            defects.push(`${parent.name}.${key} is not a field of Shopify's ${parent.name}`);
      }
      if (!source || typeof source !== "object" || !(info.fieldName in source)) {
        defects.push(`${parent.name}.${info.fieldName} was asked, and the stand-in has no answer for it`);
        return null;
      }
      return defaultFieldResolver(source, args, context, info);
    };
    const executed = execute({
      schema,
      document,
      rootValue: operation.operation === "mutation" ? options.roots.mutation : options.roots.query,
      variableValues: options.variables,
      operationName: operation.name?.value,
      fieldResolver,
      // Abstract types resolve by the stand-in's __typename; an object type must be one of them.
      typeResolver: (value) => {
        const name = (value as GqlObject | null)?.__typename;
        if (!name || !isObjectType(schema.getType(name)))
          defects.push(`an object without a Shopify type (__typename ${String(name)})`);
        return name;
      },
    });
    if (executed instanceof Promise) throw new Error("The stand-in's resolvers must answer synchronously");
    // No data at all: the request's variables do not fit the schema (the caller's mistake, not ours).
    if (executed.data === undefined)
      return {
        result: {
          errors: (executed.errors ?? []).map((e) => ({
            ...shopifyWorded(e),
            extensions: { code: "INVALID_VARIABLE" },
          })),
        },
        actualCost: 0,
      };
    const errors: GqlError[] = [];
    for (const error of executed.errors ?? []) {
      // A GqlFieldError is an answer the stand-in means to give (Shopify's error for that field);
      // anything else (null where Shopify promises a value, a resolver that threw) is a defect.
      if (error.originalError instanceof GqlFieldError) errors.push(error.toJSON() as GqlError);
      else defects.push(`${error.path?.join(".") ?? "?"}: ${error.message}`);
    }
    if (defects.length) throw new StandInContractError(options.version, defects);
    const data = (executed.data ?? null) as Record<string, unknown> | null;
    const result: GqlResult = errors.length ? { data, errors } : { data };
    return { result, actualCost: Math.min(requestedCost, objectsIn(data)) };
  };
  return { kind: "ready", requestedCost, run };
}
