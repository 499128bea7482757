import { BillingError, HttpResponseError, HttpRetriableError } from "@shopify/shopify-api";
import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import type { StorePlanDetails } from "#db/schema";
import { config } from "~/config.server";
import { rowsOf, toDate } from "~/domain/journeys/sql.server";
import { logWithErrorId } from "~/domain/kernel/error-id.server";
import { findStoreProfileByShop } from "~/domain/shopify/store-profiles.server";
import { STORE_BILLING_CURRENCY } from "~/services/shopify/billing-config";
import { shopifyApiOrNull } from "~/services/shopify/shopify.server";
import { connectionForProfile, type StoreConnection } from "./shopify-store.server";
import { queueShopifyOverage } from "./shopify-usage-queue.server";
import { reconcileStaleClaims } from "./shopify-usage-reconcile.server";

/**
 * The Shopify overage reporter (the "shopify-usage-report" job, every minute): each overage message
 * of a store account becomes one Shopify usage record on its subscription's usage line item, at the
 * tier's overage price, charged once.
 *
 * The library's createUsageRecord ignores its idempotency key, so Shopify cannot tell a retry from a
 * new charge: our row is the dedupe. A row moves queued → claimed → recorded:
 * 1. queued (shopify-usage-queue.server.ts): written before any call; reported_at null.
 * 2. claimed: reported_at set by an atomic update just before the call, so two workers never send the
 *    same row. Shopify said no for sure (its userErrors, a GraphQL error, a 4xx, throttling): the
 *    claim is released with the reason in `error`, and a later run tries again.
 * 3. recorded: shopify_record_id set from Shopify's answer.
 * A row left claimed without a record (a worker killed mid-call, a timeout, a 5xx: Shopify may or may
 * not have recorded it) is never simply sent again: after STALE_CLAIM_MS the reconciler
 * (shopify-usage-reconcile.server.ts) reads the line item's usage records back from Shopify and looks
 * for the message id in their descriptions: found, the row is recorded with that record; not found,
 * the claim is released and the row is sent again. So every message is charged once, never twice.
 */

export const STALE_CLAIM_MS = 15 * 60_000;
const DEFAULT_MAX_RECORDS = 500;
const RUN_BUDGET_MS = 45_000;

export type ShopifyUsageOutcome = {
  queued: number;
  /** Recorded by Shopify in this run. */
  reported: number;
  /** Claimed rows of an earlier run that Shopify turned out to have recorded. */
  recovered: number;
  /** Claimed rows of an earlier run that Shopify had not recorded: released, sent again. */
  released: number;
  /** Refused by Shopify (a cap reached, a frozen store): tried again next run. */
  refused: number;
  /** A store could not be reached or failed; its rows wait for the next run. */
  unavailable: number;
};

const NOTHING: ShopifyUsageOutcome = {
  queued: 0,
  reported: 0,
  recovered: 0,
  released: 0,
  refused: 0,
  unavailable: 0,
};

export async function runShopifyUsageReport(
  options: { now?: Date; signal?: AbortSignal; maxRecords?: number; staleAfterMs?: number } = {},
): Promise<ShopifyUsageOutcome> {
  if (!shopifyApiOrNull()) return { ...NOTHING };
  const now = options.now ?? new Date();
  const outcome = { ...NOTHING };
  outcome.queued = await queueShopifyOverage(now);
  const settled = await reconcileStaleClaims(now, options.staleAfterMs ?? STALE_CLAIM_MS);
  outcome.recovered = settled.recovered;
  outcome.released = settled.released;
  await sendQueuedUsageRecords(outcome, {
    signal: options.signal,
    maxRecords: options.maxRecords ?? DEFAULT_MAX_RECORDS,
  });
  return outcome;
}

type QueuedRow = {
  message_id: string;
  shop: string;
  period_start: string | Date;
  price_cents: number;
};

/** The description Shopify shows on the merchant's bill, carrying the message id the reconciler looks for. */
export function usageDescription(row: { message_id: string; period_start: string | Date }) {
  const period = (toDate(row.period_start) as Date).toISOString().slice(0, 7);
  return `${config().PRODUCT_NAME} overage message, ${period} (ref ${row.message_id})`;
}

async function sendQueuedUsageRecords(
  outcome: ShopifyUsageOutcome,
  options: { signal?: AbortSignal; maxRecords: number },
) {
  const db = getDb();
  const deadline = Date.now() + RUN_BUDGET_MS;
  const rows = await rowsOf<QueuedRow>(
    db,
    sql`select r.message_id, r.shop, r.period_start, r.price_cents
        from shopify_usage_records r
        join accounts a on a.id = r.account_id
        where r.reported_at is null and not a.manual_billing
          and a.shopify_plan_id is not null and a.account_status = 'ACTIVE'
        order by r.shop, r.created_at, r.message_id
        limit ${options.maxRecords}`,
  );
  const byShop = new Map<string, QueuedRow[]>();
  for (const row of rows) byShop.set(row.shop, [...(byShop.get(row.shop) ?? []), row]);
  for (const [shop, shopRows] of byShop) {
    if (options.signal?.aborted || Date.now() > deadline) return;
    const target = await usageTarget(shop);
    if (!target) {
      outcome.unavailable += 1;
      continue;
    }
    for (const row of shopRows) {
      if (options.signal?.aborted || Date.now() > deadline) return;
      const answer = await sendOne(target, row);
      if (answer === "recorded") outcome.reported += 1;
      else if (answer === "refused") {
        outcome.refused += 1;
        break; // the next ones would be refused for the same reason (a cap, a frozen store)
      } else if (answer === "unavailable") {
        outcome.unavailable += 1;
        break;
      }
    }
  }
}

type UsageTarget = { connection: StoreConnection; lineItemId: string };

/** The store's connection and the usage line item of its active subscription; null when not billable now. */
async function usageTarget(shop: string): Promise<UsageTarget | null> {
  const profile = await findStoreProfileByShop(shop);
  if (!profile?.enabled) return null;
  let connection: StoreConnection;
  try {
    connection = await connectionForProfile(profile);
  } catch (error) {
    logWithErrorId(`Shopify usage for ${shop}: no store connection`, error, "warn");
    return null;
  }
  const details = (profile.planDetails as StorePlanDetails | null) ?? {};
  if (details.status === "ACTIVE" && details.usageLineItemId)
    return { connection, lineItemId: details.usageLineItemId };
  try {
    // A subscription approved elsewhere (or before plan_details kept its line items): ask Shopify.
    const { activeSubscriptions } = await connection.api.billing.subscriptions({
      session: connection.session,
    });
    const item = activeSubscriptions
      .flatMap((s) => s.lineItems ?? [])
      .find((line) => "balanceUsed" in line.plan.pricingDetails);
    return item ? { connection, lineItemId: item.id } : null;
  } catch (error) {
    logWithErrorId(`Shopify usage for ${shop}: reading its subscription failed`, error, "warn");
    return null;
  }
}

async function sendOne(
  target: UsageTarget,
  row: QueuedRow,
): Promise<"recorded" | "refused" | "unavailable" | "taken"> {
  const db = getDb();
  const claimed = await rowsOf<{ message_id: string }>(
    db,
    sql`update shopify_usage_records set reported_at = now(), error = null
        where message_id = ${row.message_id}::uuid and reported_at is null returning message_id`,
  );
  if (claimed.length === 0) return "taken"; // another worker has it
  const { api, session, isTest } = target.connection;
  try {
    const record = await api.billing.createUsageRecord({
      session,
      subscriptionLineItemId: target.lineItemId,
      description: usageDescription(row),
      price: { amount: Number(row.price_cents) / 100, currencyCode: STORE_BILLING_CURRENCY },
      isTest,
    });
    await db.execute(
      sql`update shopify_usage_records set shopify_record_id = ${record.id}, error = null
          where message_id = ${row.message_id}::uuid`,
    );
    return "recorded";
  } catch (error) {
    if (certainlyNotRecorded(error)) {
      const reason = describe(error);
      await db.execute(
        sql`update shopify_usage_records set reported_at = null, error = ${reason}
            where message_id = ${row.message_id}::uuid and shopify_record_id is null`,
      );
      logWithErrorId(`Shopify refused the usage record of overage message ${row.message_id}`, error, "warn");
      return "refused";
    }
    // Maybe recorded: the claim stays for the reconciler.
    logWithErrorId(
      `Shopify usage record of ${row.message_id} unanswered; left for reconciliation`,
      error,
      "warn",
    );
    return "unavailable";
  }
}

/** Shopify answered, and its answer says the usage record was not created. */
function certainlyNotRecorded(error: unknown): boolean {
  if (error instanceof BillingError) return true;
  if (error instanceof HttpRetriableError) return error.response.code === 429;
  return error instanceof HttpResponseError && error.response.code >= 400 && error.response.code < 500;
}

function describe(error: unknown): string {
  if (error instanceof BillingError) {
    const details = (error.errorData as { message?: string }[] | undefined)
      ?.map((e) => e?.message)
      .filter(Boolean)
      .join("; ");
    return `${error.message}${details ? `: ${details}` : ""}`.slice(0, 500);
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}
