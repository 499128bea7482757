import { execute, type GqlArgs, GqlFieldError, type GqlObject } from "./shopify-graphql";
import { connection, productObject } from "./shopify-products";
import type { StoredProduct, StoredShop } from "./shopify-store";

/**
 * The stand-in's catalogue reads beyond single products: the top-level productVariants connection
 * and productVariantsCount, and bulk query operations as Shopify runs them:
 *   mutation bulkOperationRunQuery(query)  runs the query over every node of its connections (no
 *            first/last), writes the result as JSONL (one object per line; a nested connection's
 *            nodes on lines of their own with __parentId) and answers the operation, CREATED;
 *   query    currentBulkOperation(type) / node(id) ... on BulkOperation   the operation: RUNNING at
 *            the first look, COMPLETED (with its url) after `pollsUntilComplete` looks, or FAILED
 *            with an errorCode when a test asked for it;
 *   mutation bulkOperationCancel(id);
 *   GET      /__bulk/{id}.jsonl   the result file (Shopify's is a signed storage URL, read without
 *            a token).
 * Controls: POST /__stand-in/bulk { pollsUntilComplete?, failNext?: errorCode } and
 * GET /__stand-in/bulk?shop= (see shopify-controls.ts).
 */

export type StoredBulkOperation = {
  id: string;
  shop: string;
  type: "QUERY";
  query: string;
  status: "CREATED" | "RUNNING" | "COMPLETED" | "FAILED" | "CANCELING" | "CANCELED";
  errorCode: string | null;
  createdAt: string;
  completedAt: string | null;
  objectCount: number;
  rootObjectCount: number;
  jsonl: string;
  /** Looks (currentBulkOperation, node) left before it completes. */
  looksLeft: number;
};

export type BulkSettings = { pollsUntilComplete: number; failNext: string | null };

export class BulkOperations {
  operations: StoredBulkOperation[] = [];
  settings: BulkSettings = { pollsUntilComplete: 1, failNext: null };
  private next = 1;

  nextId() {
    return `gid://shopify/BulkOperation/${this.next++}`;
  }

  /** The JSONL file of an operation by its numeric id (what the download URL names). */
  file(numericId: string): string | undefined {
    return this.operations.find((o) => o.id === `gid://shopify/BulkOperation/${numericId}`)?.jsonl;
  }

  reset() {
    this.operations = [];
    this.settings = { pollsUntilComplete: 1, failNext: null };
  }
}

const isConnection = (value: unknown): value is { edges?: Array<{ node: unknown }>; nodes?: unknown[] } =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  (Array.isArray((value as { edges?: unknown }).edges) ||
    Array.isArray((value as { nodes?: unknown }).nodes));

const nodesOf = (value: { edges?: Array<{ node: unknown }>; nodes?: unknown[] }) =>
  (value.nodes ?? value.edges?.map((e) => e.node) ?? []) as Array<Record<string, unknown>>;

/**
 * A bulk query's answer as Shopify writes it: every node of the root connection on its own line,
 * and the nodes of connections inside it on lines of their own, after their parent, with __parentId.
 */
export function flattenBulkResult(data: Record<string, unknown>): {
  lines: Array<Record<string, unknown>>;
  roots: number;
} {
  const lines: Array<Record<string, unknown>> = [];
  let roots = 0;
  const emit = (node: Record<string, unknown>, parentId: string | undefined) => {
    const own: Record<string, unknown> = {};
    const children: Array<Record<string, unknown>[]> = [];
    for (const [key, value] of Object.entries(node)) {
      if (isConnection(value)) children.push(nodesOf(value));
      else own[key] = value;
    }
    if (children.length > 0 && typeof own.id !== "string")
      throw new GqlFieldError("The parent 'node' field for a nested connection must select the 'id' field.");
    lines.push(parentId ? { ...own, __parentId: parentId } : own);
    for (const list of children) for (const child of list) emit(child, own.id as string);
  };
  for (const value of Object.values(data)) {
    if (!isConnection(value)) continue;
    for (const node of nodesOf(value)) {
      roots++;
      emit(node, undefined);
    }
  }
  return { lines, roots };
}

/**
 * The query roots with every connection unbounded: a bulk query names no first or last, and
 * Shopify walks each connection to its end.
 */
function unbounded(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(unbounded);
  if (typeof value === "function")
    return (args: GqlArgs) => {
      const given = args ?? {};
      const all =
        given.first == null && given.last == null ? { ...given, first: Number.MAX_SAFE_INTEGER } : given;
      return unbounded((value as (a: GqlArgs) => unknown)(all));
    };
  if (typeof value === "object" && value !== null && "__typename" in value)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, unbounded(v)]));
  return value;
}

function operationObject(op: StoredBulkOperation, origin: string): GqlObject {
  const done = op.status === "COMPLETED";
  const numericId = op.id.split("/").pop();
  return {
    __typename: "BulkOperation",
    __implements: ["Node"],
    id: op.id,
    type: op.type,
    status: op.status,
    errorCode: op.errorCode,
    query: op.query,
    createdAt: op.createdAt,
    completedAt: op.completedAt,
    objectCount: String(done ? op.objectCount : Math.floor(op.objectCount / 2)),
    rootObjectCount: String(done ? op.rootObjectCount : Math.floor(op.rootObjectCount / 2)),
    fileSize: done ? String(Buffer.byteLength(op.jsonl)) : null,
    url: done && op.jsonl ? `${origin}/__bulk/${numericId}.jsonl` : null,
    partialDataUrl: null,
  };
}

/** One look at an operation moves it on: RUNNING for `pollsUntilComplete` looks, then COMPLETED (or FAILED). */
function look(op: StoredBulkOperation) {
  if (op.status === "CREATED" || op.status === "RUNNING") {
    if (op.looksLeft > 0) {
      op.status = "RUNNING";
      op.looksLeft--;
    } else {
      op.status = op.errorCode ? "FAILED" : "COMPLETED";
      op.completedAt = new Date().toISOString();
    }
  } else if (op.status === "CANCELING") op.status = "CANCELED";
}

/** productVariants, productVariantsCount and bulk operations added to a shop's Admin API roots. */
export function catalogueRoots(
  roots: { query: GqlObject; mutation: GqlObject },
  shop: StoredShop,
  bulk: BulkOperations,
  origin: string,
): { query: GqlObject; mutation: GqlObject } {
  const variants = () =>
    shop.products.flatMap((p) => {
      const product = productObject(p, shop.currencyCode);
      const nodes = (product.variants as (a: GqlArgs) => { nodes: GqlObject[] })({
        first: p.variants.length,
      }).nodes;
      return nodes.map((v) => ({ ...v, product }));
    });
  const ofShop = () => bulk.operations.filter((o) => o.shop === shop.domain);
  const byId = (id: unknown) => ofShop().find((o) => o.id === id);
  const baseNode = roots.query.node as (a: GqlArgs) => GqlObject | null;
  const node = (id: unknown): GqlObject | null => {
    const op = byId(id);
    if (!op) return baseNode({ id });
    look(op);
    return operationObject(op, origin);
  };

  const query: GqlObject = {
    ...roots.query,
    productVariants: (args: GqlArgs) => connection("ProductVariant", variants(), args),
    productVariantsCount: () => ({
      __typename: "Count",
      count: shop.products.reduce((n, p) => n + p.variants.length, 0),
      precision: "EXACT",
    }),
    currentBulkOperation: (args: GqlArgs) => {
      if ((args.type ?? "QUERY") !== "QUERY") return null;
      const op = ofShop().at(-1);
      if (!op) return null;
      look(op);
      return operationObject(op, origin);
    },
    node: (args: GqlArgs) => node(args.id),
    nodes: (args: GqlArgs) => ((args.ids ?? []) as unknown[]).map(node),
  };

  const userError = (message: string, code: string | null = null) => ({
    __typename: "BulkOperationUserError",
    field: ["query"],
    message,
    code,
  });
  const mutation: GqlObject = {
    ...roots.mutation,
    bulkOperationRunQuery: (args: GqlArgs) => {
      const payload = (bulkOperation: GqlObject | null, userErrors: unknown[]) => ({
        __typename: "BulkOperationRunQueryPayload",
        bulkOperation,
        userErrors,
      });
      const running = ofShop().find((o) => o.status === "CREATED" || o.status === "RUNNING");
      if (running)
        return payload(null, [
          userError(
            `A bulk query operation for this app and shop is already in progress: ${running.id}.`,
            "OPERATION_IN_PROGRESS",
          ),
        ]);
      const text = String(args.query ?? "");
      const result = execute({ query: text, roots: { query: unbounded(query) as GqlObject, mutation } });
      if (!result.data || result.errors?.length)
        return payload(null, [userError(`Invalid bulk query: ${result.errors?.[0]?.message ?? "no data"}`)]);
      let flat: ReturnType<typeof flattenBulkResult>;
      try {
        flat = flattenBulkResult(result.data);
      } catch (error) {
        return payload(null, [userError(error instanceof Error ? error.message : String(error))]);
      }
      if (flat.roots === 0 && !Object.values(result.data).some(isConnection))
        return payload(null, [userError("Bulk queries must contain at least one connection.")]);
      const failure = bulk.settings.failNext;
      bulk.settings.failNext = null;
      const op: StoredBulkOperation = {
        id: bulk.nextId(),
        shop: shop.domain,
        type: "QUERY",
        query: text,
        status: "CREATED",
        errorCode: failure,
        createdAt: new Date().toISOString(),
        completedAt: null,
        objectCount: flat.lines.length,
        rootObjectCount: flat.roots,
        jsonl: failure ? "" : flat.lines.map((line) => `${JSON.stringify(line)}\n`).join(""),
        looksLeft: bulk.settings.pollsUntilComplete,
      };
      bulk.operations.push(op);
      return payload(operationObject(op, origin), []);
    },
    bulkOperationCancel: (args: GqlArgs) => {
      const op = byId(args.id);
      if (op && (op.status === "CREATED" || op.status === "RUNNING")) op.status = "CANCELING";
      return {
        __typename: "BulkOperationCancelPayload",
        bulkOperation: op ? operationObject(op, origin) : null,
        userErrors: op
          ? []
          : [{ __typename: "UserError", field: ["id"], message: "Bulk operation does not exist" }],
      };
    },
  };
  return { query, mutation };
}

const legacyOf = (gid: string) => Number(gid.split("/").pop());

/**
 * A product as the products/create and products/update webhooks carry it (REST field names, numeric
 * ids beside admin_graphql_api_id), for tests that send those webhooks for a stand-in product.
 */
export function productWebhookPayload(p: StoredProduct) {
  const image = p.imageUrl ? { id: p.legacyId, product_id: p.legacyId, src: p.imageUrl, alt: p.title } : null;
  return {
    id: p.legacyId,
    admin_graphql_api_id: p.id,
    title: p.title,
    handle: p.handle,
    product_type: p.productType,
    status: p.status.toLowerCase(),
    vendor: p.vendor,
    tags: p.tags.join(", "),
    body_html: `<p>${p.description}</p>`,
    created_at: p.createdAt,
    updated_at: new Date().toISOString(),
    image,
    images: image ? [image] : [],
    variants: p.variants.map((v, i) => ({
      id: legacyOf(v.id),
      admin_graphql_api_id: v.id,
      product_id: p.legacyId,
      title: v.title,
      sku: v.sku,
      price: v.price,
      position: i + 1,
      inventory_quantity: v.inventoryQuantity,
      image_id: null,
    })),
    variant_gids: p.variants.map((v) => ({
      admin_graphql_api_id: v.id,
      updated_at: new Date().toISOString(),
    })),
  };
}
