import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from "graphql";

/**
 * The requested cost of an Admin GraphQL document by Shopify's published rules
 * (https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits, "Cost calculation"): the cost
 * Shopify computes before running a query and refuses above 1,000.
 *   scalar, enum: 0 · object: 1 · interface, union: 1 plus the most costly of the selections for each
 *   possible type · connection: 2 plus first (or last) × the cost of one node · mutation field: 10
 * Selections are counted as if every @include/@skip kept them (the worst case). `nodes(ids:)` is a list
 * of objects sized by its ids: it costs one node's cost per id.
 */

export const SHOPIFY_MAX_QUERY_COST = 1_000;
const MUTATION_COST = 10;
const OBJECT_COST = 1;
const CONNECTION_COST = 2;

export class UnknownPageSizeError extends Error {}

type Context = {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  operation: OperationDefinitionNode;
};

function argumentValue(value: ValueNode, ctx: Context, what: string): unknown {
  switch (value.kind) {
    case Kind.INT:
      return Number(value.value);
    case Kind.LIST:
      return value.values.map((v) => argumentValue(v, ctx, what));
    case Kind.VARIABLE: {
      const name = value.name.value;
      if (ctx.variables[name] !== undefined) return ctx.variables[name];
      const declared = ctx.operation.variableDefinitions?.find((d) => d.variable.name.value === name);
      if (declared?.defaultValue) return argumentValue(declared.defaultValue, ctx, what);
      throw new UnknownPageSizeError(
        `${ctx.operation.name?.value ?? "the operation"}: the cost depends on $${name} (${what}); ` +
          "give the largest value the code sends",
      );
    }
    default:
      return undefined;
  }
}

function argument(field: FieldNode, name: string, ctx: Context, what: string): unknown {
  const arg = field.arguments?.find((a) => a.name.value === name);
  return arg ? argumentValue(arg.value, ctx, what) : undefined;
}

const isConnection = (type: GraphQLNamedType): type is GraphQLObjectType =>
  isObjectType(type) && type.name.endsWith("Connection") && "pageInfo" in type.getFields();

/** The cost of the selections that apply to an object of this concrete type. */
function selectionsCost(set: SelectionSetNode, type: GraphQLObjectType, ctx: Context): number {
  let total = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) {
      total += fieldCost(selection, type, ctx);
      continue;
    }
    const fragment =
      selection.kind === Kind.FRAGMENT_SPREAD ? ctx.fragments.get(selection.name.value) : selection;
    if (!fragment) continue;
    const on = fragment.typeCondition ? ctx.schema.getType(fragment.typeCondition.name.value) : type;
    const applies =
      on === type || (on && isAbstractType(on) && ctx.schema.isSubType(on, type as GraphQLObjectType));
    if (applies) total += selectionsCost(fragment.selectionSet, type, ctx);
  }
  return total;
}

/** An object's cost: 1 plus its selections; for an interface or union, the costliest possible type. */
function objectCost(set: SelectionSetNode | undefined, type: GraphQLCompositeType, ctx: Context): number {
  if (!set) return OBJECT_COST;
  const concrete = isAbstractType(type) ? ctx.schema.getPossibleTypes(type) : [type as GraphQLObjectType];
  return OBJECT_COST + Math.max(0, ...concrete.map((t) => selectionsCost(set, t, ctx)));
}

/** One node of a connection: its `nodes { … }` and its `edges { node { … } }`, as selected. */
function connectionNodeCost(set: SelectionSetNode, connection: GraphQLObjectType, ctx: Context): number {
  let perNode = 0;
  for (const selection of set.selections) {
    if (selection.kind !== Kind.FIELD) continue;
    const name = selection.name.value;
    const field = connection.getFields()[name];
    if (!field) continue;
    if (name === "nodes")
      perNode += objectCost(selection.selectionSet, getNamedType(field.type) as GraphQLCompositeType, ctx);
    if (name === "edges" && selection.selectionSet) {
      const edge = getNamedType(field.type) as GraphQLObjectType;
      // The edge itself is part of the node it carries; its node is the object counted.
      perNode += selectionsCost(selection.selectionSet, edge, ctx);
    }
  }
  return perNode;
}

function fieldCost(field: FieldNode, parent: GraphQLObjectType, ctx: Context): number {
  const name = field.name.value;
  if (name.startsWith("__")) return 0;
  const definition: GraphQLField<unknown, unknown> | undefined = parent.getFields()[name];
  if (!definition) throw new Error(`${parent.name}.${name} is not in the schema`);
  const type = getNamedType(definition.type);
  const isMutationField = parent === ctx.schema.getMutationType();
  if (isLeafType(type)) return isMutationField ? MUTATION_COST : 0;
  let cost: number;
  if (isConnection(type) && field.selectionSet) {
    const size =
      argument(field, "first", ctx, `${name}(first:)`) ?? argument(field, "last", ctx, `${name}(last:)`);
    if (typeof size !== "number")
      throw new UnknownPageSizeError(`${parent.name}.${name}: a connection needs first or last`);
    cost = CONNECTION_COST + size * connectionNodeCost(field.selectionSet, type, ctx);
  } else {
    cost = objectCost(field.selectionSet, type as GraphQLCompositeType, ctx);
    const listed = isListType(isNonNullType(definition.type) ? definition.type.ofType : definition.type);
    const ids = listed ? argument(field, "ids", ctx, `${name}(ids:)`) : undefined;
    if (Array.isArray(ids)) cost *= ids.length;
    else if (typeof ids === "number") cost *= ids;
  }
  // A mutation costs 10 in place of the 1 of the object it answers.
  return isMutationField ? cost - OBJECT_COST + MUTATION_COST : cost;
}

/**
 * The requested cost of the document's operation (the only one, or `operationName`). `variables` gives
 * each variable the cost depends on its worst case: a page size as a number, a list of ids as a list or
 * as its largest length.
 */
export function requestedQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> = {},
  operationName?: string,
): number {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  if (!operation) throw new Error("The document has no operation");
  const fragments = new Map(
    document.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const root = operation.operation === "mutation" ? schema.getMutationType() : schema.getQueryType();
  if (!root) throw new Error(`The schema has no ${operation.operation} type`);
  return selectionsCost(operation.selectionSet, root, { schema, fragments, variables, operation });
}

/**
 * The largest page size (at most Shopify's 250) that keeps a document within the single-query limit,
 * given its cost as a function of that page size.
 */
export function largestPageSizeWithin(costAt: (pageSize: number) => number, limit = SHOPIFY_MAX_QUERY_COST) {
  let best = 0;
  for (let size = 1; size <= 250; size++) if (costAt(size) <= limit) best = size;
  return best;
}
