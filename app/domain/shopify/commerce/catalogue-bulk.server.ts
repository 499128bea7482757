import {
  type CatalogueSnapshot,
  type FetchOptions,
  PRODUCT_FIELDS,
  type ProductNode,
  productOf,
  shopGraphql,
  sleep,
  trustedDownloadUrl,
  VARIANT_FIELDS,
  type VariantNode,
  variantOf,
} from "./catalogue-admin.server";
import type { CatalogueProduct, CatalogueVariant } from "./catalogue-rows";

/**
 * A large store's catalogue through one bulk query operation: started with bulkOperationRunQuery,
 * watched with node(id) until Shopify has written the result, then read from its JSONL file, where
 * each product is a line and each of its variants a later line naming it in __parentId.
 */

export const BULK_CATALOGUE_QUERY = `#graphql
  { products { edges { node { ${PRODUCT_FIELDS}
  variants { edges { node { ${VARIANT_FIELDS} } } } } } } }`;

const RUN = `#graphql
  mutation CatalogueBulkRun($query: String!) {
    bulkOperationRunQuery(query: $query) { bulkOperation { id status } userErrors { field message code } }
  }`;
const OPERATION_FIELDS = "id status errorCode objectCount rootObjectCount url";
// node(id:) exists in every API version; bulkOperation(id:) only from 2026-01, and currentBulkOperation,
// the way to find a running operation before that, is deprecated (its replacement, bulkOperations,
// is missing from 2025-10 too).
const LOOK = `#graphql
  query CatalogueBulkLook($id: ID!) { node(id: $id) { ... on BulkOperation { ${OPERATION_FIELDS} } } }`;
// Shopify names the running operation in its refusal: "… already in progress: gid://shopify/BulkOperation/1."
const RUNNING_OPERATION_ID = /gid:\/\/shopify\/BulkOperation\/\d+/;

type Operation = {
  id: string;
  status: string;
  errorCode: string | null;
  objectCount: string | number;
  rootObjectCount: string | number;
  url: string | null;
};
const FINISHED = new Set(["COMPLETED", "FAILED", "CANCELED", "EXPIRED"]);

export class BulkOperationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BulkOperationError";
  }
}

/** Polls until the operation has finished (or the sync's time is up), reporting its progress. */
async function untilFinished(
  shop: string,
  look: () => Promise<Operation | null>,
  options: FetchOptions,
  onLook: (op: Operation) => Promise<void>,
): Promise<Operation | null> {
  const deadline = Date.now() + (options.bulkTimeoutMs ?? 30 * 60_000);
  for (;;) {
    const op = await look();
    if (!op || FINISHED.has(op.status)) return op;
    await onLook(op);
    if (Date.now() > deadline)
      throw new BulkOperationError(`The bulk operation ${op.id} of ${shop} did not finish in time`);
    await sleep(options.bulkPollMs ?? 2_000, options.signal);
  }
}

/** Starts the catalogue's bulk query; one the app left running (another sync's) is waited out first. */
async function startOperation(shop: string, options: FetchOptions): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = await shopGraphql<{
      bulkOperationRunQuery: {
        bulkOperation: { id: string } | null;
        userErrors: Array<{ message: string; code?: string | null }>;
      };
    }>(shop, RUN, { query: BULK_CATALOGUE_QUERY }, options.signal);
    const { bulkOperation, userErrors } = answer.bulkOperationRunQuery;
    if (bulkOperation) return bulkOperation.id;
    // Busy: the operation running (another sync's) is waited out; LIMIT_REACHED is 2026-01's word for
    // too many at once, and then there is no one operation to wait for, only time.
    const busy = userErrors.filter(
      (e) =>
        e.code === "OPERATION_IN_PROGRESS" || e.code === "LIMIT_REACHED" || /in progress/i.test(e.message),
    );
    if (busy.length === 0)
      throw new BulkOperationError(userErrors.map((e) => e.message).join("; ") || "Bulk query refused");
    const running = busy.map((e) => RUNNING_OPERATION_ID.exec(e.message)?.[0]).find(Boolean);
    if (!running) {
      await sleep(options.bulkPollMs ?? 2_000, options.signal);
      continue;
    }
    await untilFinished(
      shop,
      async () =>
        (await shopGraphql<{ node: Operation | null }>(shop, LOOK, { id: running }, options.signal)).node,
      options,
      async () => {},
    );
  }
  throw new BulkOperationError(`Another bulk query of ${shop} kept running`);
}

/** Reads the JSONL file line by line as it downloads. */
async function* jsonLines(url: string, signal?: AbortSignal): AsyncGenerator<Record<string, unknown>> {
  if (!trustedDownloadUrl(url))
    throw new BulkOperationError(`Refusing to download the bulk result from ${url}`);
  const response = await fetch(url, { signal });
  if (!response.ok || !response.body)
    throw new BulkOperationError(`Downloading the bulk result failed: ${response.status}`);
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    rest += decoder.decode(chunk, { stream: true });
    const lines = rest.split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) if (line.trim()) yield JSON.parse(line);
  }
  rest += decoder.decode();
  if (rest.trim()) yield JSON.parse(rest);
}

export async function fetchCatalogueInBulk(
  shop: string,
  currency: string,
  productsTotal: number | null,
  options: FetchOptions,
): Promise<CatalogueSnapshot> {
  const report = (op: Operation | null, productsDone: number, variantsDone: number) =>
    options.onProgress?.({
      method: "bulk",
      productsTotal,
      productsDone,
      variantsDone,
      bulkOperationId: op?.id ?? null,
    }) ?? Promise.resolve();

  let id = options.bulkOperationId ?? null;
  if (!id) {
    id = await startOperation(shop, options);
    await report({ id } as Operation, 0, 0);
  }
  const operationId = id;
  const look = async () =>
    (await shopGraphql<{ node: Operation | null }>(shop, LOOK, { id: operationId }, options.signal)).node;
  // Shopify counts products and variants together in objectCount.
  const done = await untilFinished(shop, look, options, (op) =>
    report(op, Number(op.rootObjectCount), Number(op.objectCount) - Number(op.rootObjectCount)),
  );
  if (!done?.id) throw new BulkOperationError(`The bulk operation ${operationId} of ${shop} is gone`);
  if (done.status !== "COMPLETED")
    throw new BulkOperationError(
      `The bulk operation of ${shop} ended ${done.status}${done.errorCode ? ` (${done.errorCode})` : ""}`,
    );

  const products = new Map<string, CatalogueProduct>();
  const orphans = new Map<string, CatalogueVariant[]>();
  let variants = 0;
  // A store with no products has no file (url null).
  if (done.url)
    for await (const line of jsonLines(done.url, options.signal)) {
      const parentId = typeof line.__parentId === "string" ? line.__parentId : null;
      if (!parentId) {
        const product = productOf(line as unknown as ProductNode);
        product.variants = orphans.get(product.id) ?? [];
        orphans.delete(product.id);
        products.set(product.id, product);
        continue;
      }
      const variant = variantOf(line as unknown as VariantNode, parentId, currency);
      variants++;
      const parent = products.get(parentId);
      if (parent) parent.variants.push(variant);
      else orphans.set(parentId, [...(orphans.get(parentId) ?? []), variant]);
    }
  await report(done, products.size, variants);
  return { currency, products: [...products.values()] };
}
