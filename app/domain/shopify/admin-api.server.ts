import { setTimeout as wait } from "node:timers/promises";
import { shopifyAppOrNull } from "~/services/shopify/shopify.server";

export class ShopifyNotConfiguredError extends Error {
  constructor() {
    super("The Shopify integration is not configured on this server (SHOPIFY_API_KEY, SHOPIFY_API_SECRET).");
    this.name = "ShopifyNotConfiguredError";
  }
}

/**
 * The Admin API client of a store, from its offline session, for work outside a request from the
 * admin (onboarding, integrations, billing, webhooks). Throws when Shopify is not configured; the
 * library throws when the shop has no offline session (the app is not installed).
 */
export async function adminApiForShop(shop: string) {
  const app = shopifyAppOrNull();
  if (!app) throw new ShopifyNotConfiguredError();
  const { admin, session } = await app.unauthenticated.admin(shop);
  return { admin, session };
}

/** Shopify's leaky bucket for this app and store, as its answers describe it (extensions.cost). */
export type ThrottleStatus = { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
/** extensions.cost as the library types it (shopify-api 15: every field optional). */
type QueryCost = {
  requestedQueryCost?: number | null;
  actualQueryCost?: number | null;
  throttleStatus?: Partial<ThrottleStatus>;
};

/** The bucket, when Shopify described all of it. */
function completeStatus(status: Partial<ThrottleStatus> | undefined): ThrottleStatus | null {
  if (!status) return null;
  const { maximumAvailable, currentlyAvailable, restoreRate } = status;
  return typeof maximumAvailable === "number" &&
    typeof currentlyAvailable === "number" &&
    typeof restoreRate === "number"
    ? { maximumAvailable, currentlyAvailable, restoreRate }
    : null;
}

/** A THROTTLED answer is tried again this many times at most, then its error is thrown. */
export const THROTTLED_RETRIES = 4;
const BACKOFF_FIRST_MS = 250;
const LONGEST_WAIT_MS = 60_000;

/**
 * The last bucket Shopify described for each store, and the last requested cost of each document:
 * before a call, the bucket is refilled by the time passed at its restore rate, and a call that would
 * not fit waits until it does instead of being refused (THROTTLED) and tried again.
 */
const buckets = new Map<string, { status: ThrottleStatus; at: number }>();
const documentCosts = new Map<string, number>();

/** How long until the bucket holds `needed` points, `elapsedMs` after it was `status`. */
export function throttleWaitMs(status: ThrottleStatus, needed: number, elapsedMs = 0): number {
  const available = Math.min(
    status.maximumAvailable,
    status.currentlyAvailable + (elapsedMs / 1_000) * status.restoreRate,
  );
  if (available >= needed || status.restoreRate <= 0) return 0;
  return Math.min(LONGEST_WAIT_MS, Math.ceil(((needed - available) / status.restoreRate) * 1_000));
}

function remember(shop: string, query: string, cost: QueryCost | undefined) {
  if (!cost) return;
  if (typeof cost.requestedQueryCost === "number") documentCosts.set(query, cost.requestedQueryCost);
  const status = completeStatus(cost.throttleStatus);
  if (status) buckets.set(shop, { status, at: Date.now() });
}

function waitBeforeCall(shop: string, query: string): number {
  const bucket = buckets.get(shop);
  const needed = documentCosts.get(query);
  return bucket && needed ? throttleWaitMs(bucket.status, needed, Date.now() - bucket.at) : 0;
}

type GraphqlErrorBody = {
  errors?: { graphQLErrors?: Array<{ extensions?: { code?: string } }> };
  extensions?: { cost?: QueryCost };
};

/** The cost Shopify sent with a THROTTLED refusal, or null when the error is something else. */
function throttledCost(error: unknown): QueryCost | null {
  // The library throws a GraphqlQueryError whose body is the client's answer: graphQLErrors, extensions.
  const body = (error as { body?: GraphqlErrorBody } | null)?.body;
  const throttled = body?.errors?.graphQLErrors?.some((e) => e.extensions?.code === "THROTTLED");
  return throttled ? (body?.extensions?.cost ?? {}) : null;
}

/** The wait before trying a THROTTLED call again: until the bucket refills for it, and never less than a doubling backoff. */
export function throttledRetryWaitMs(cost: QueryCost, retry: number): number {
  const backoff = BACKOFF_FIRST_MS * 2 ** (retry - 1);
  const status = completeStatus(cost.throttleStatus);
  const refill =
    status && typeof cost.requestedQueryCost === "number"
      ? throttleWaitMs(status, cost.requestedQueryCost)
      : 0;
  return Math.min(LONGEST_WAIT_MS, Math.max(backoff, refill));
}

/**
 * Runs one Admin GraphQL query and returns its data; GraphQL errors become an Error with their
 * messages. It keeps to the store's rate limit (Shopify's calculated query cost): a call waits when
 * the bucket, as Shopify last described it, has no room for what the document cost last time, and a
 * THROTTLED answer is tried again, THROTTLED_RETRIES times at most, once the bucket has refilled for it.
 */
export async function adminGraphql<T>(
  shop: string,
  query: string,
  variables?: Record<string, unknown>,
  options: { signal?: AbortSignal; tries?: number } = {},
): Promise<T> {
  const { admin } = await adminApiForShop(shop);
  for (let retry = 0; ; retry++) {
    const before = waitBeforeCall(shop, query);
    if (before > 0) await wait(before, undefined, { signal: options.signal });
    let body: { data?: T; errors?: { message: string }[]; extensions?: { cost?: QueryCost } };
    try {
      const response = await admin.graphql(query, {
        ...(variables ? { variables } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.tries ? { tries: options.tries } : {}),
      });
      body = await response.json();
    } catch (error) {
      const cost = throttledCost(error);
      if (!cost) throw error;
      remember(shop, query, cost);
      if (retry >= THROTTLED_RETRIES) throw error;
      await wait(throttledRetryWaitMs(cost, retry + 1), undefined, { signal: options.signal });
      continue;
    }
    remember(shop, query, body.extensions?.cost);
    if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
    if (!body.data) throw new Error("Shopify answered without data");
    return body.data;
  }
}
