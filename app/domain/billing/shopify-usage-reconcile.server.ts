import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import type { StorePlanDetails } from "#db/schema";
import { rowsOf, toDate } from "~/domain/journeys/sql.server";
import { logWithErrorId } from "~/domain/kernel/error-id.server";
import { findStoreProfileByShop } from "~/domain/shopify/store-profiles.server";
import { connectionForProfile, type StoreConnection } from "./shopify-store.server";

/**
 * Claims left without a record (shopify-usage-report.server.ts): a worker killed between its claim
 * and Shopify's answer, a timeout, a 5xx. Shopify may have recorded the charge, and sending it again
 * would charge twice (the library's usage call ignores its idempotency key). So the usage records of
 * the store's subscription are read back, newest first, as far back as the oldest stale claim (with a
 * margin), and each claimed message id is looked for in their descriptions:
 * - found: the row is recorded with Shopify's record id (charged once, by the lost call);
 * - not found, and every record since the claim was read: the claim is released and sent again;
 * - not sure (the store unreachable, or more records than MAX_PAGES pages): left claimed for the next run.
 */

const PAGE_SIZE = 100;
const MAX_PAGES = 50;
/** Shopify's clock and ours may differ, and a call takes time: read a little further back. */
const CLOCK_MARGIN_MS = 10 * 60_000;

const USAGE_RECORDS = `#graphql
  query BlusteamUsageRecords($id: ID!, $after: String) {
    node(id: $id) {
      ... on AppSubscription {
        lineItems {
          id
          plan { pricingDetails { __typename } }
          usageRecords(first: ${PAGE_SIZE}, after: $after, sortKey: CREATED_AT, reverse: true) {
            edges { node { id description createdAt } }
            pageInfo { hasNextPage endCursor }
          }
        }
      }
    }
  }`;

type UsageRecordNode = { id: string; description: string; createdAt: string };
type UsageConnection = {
  edges: { node: UsageRecordNode }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
};
type UsagePage = {
  node: {
    lineItems?: {
      id: string;
      plan?: { pricingDetails?: { __typename?: string } };
      usageRecords?: UsageConnection;
    }[];
  } | null;
};

type StaleClaim = {
  message_id: string;
  shop: string;
  reported_at: string | Date;
  subscription: string | null;
};

export async function reconcileStaleClaims(
  now: Date,
  staleAfterMs: number,
): Promise<{ recovered: number; released: number }> {
  const db = getDb();
  const stale = await rowsOf<StaleClaim>(
    db,
    sql`select r.message_id, r.shop, r.reported_at, a.shopify_plan_id as subscription
        from shopify_usage_records r join accounts a on a.id = r.account_id
        where r.reported_at is not null and r.shopify_record_id is null
          and r.reported_at < ${new Date(now.getTime() - staleAfterMs).toISOString()}::timestamptz
        order by r.shop, r.reported_at
        limit 1000`,
  );
  const result = { recovered: 0, released: 0 };
  const byShop = new Map<string, StaleClaim[]>();
  for (const row of stale) byShop.set(row.shop, [...(byShop.get(row.shop) ?? []), row]);
  for (const [shop, claims] of byShop) {
    const found = await recordsSince(shop, claims);
    if (!found) continue;
    for (const claim of claims) {
      const record = found.find((r) => r.description.includes(claim.message_id));
      if (record) {
        await db.execute(
          sql`update shopify_usage_records set shopify_record_id = ${record.id}, error = null
              where message_id = ${claim.message_id}::uuid and shopify_record_id is null`,
        );
        result.recovered += 1;
      } else {
        await db.execute(
          sql`update shopify_usage_records set reported_at = null,
                error = 'claim released: Shopify has no record of it'
              where message_id = ${claim.message_id}::uuid and shopify_record_id is null`,
        );
        result.released += 1;
      }
    }
  }
  return result;
}

/**
 * Every usage record of the claims' subscriptions created since the oldest claim (minus a margin);
 * null when that cannot be read in full, so nothing is decided.
 */
async function recordsSince(shop: string, claims: StaleClaim[]): Promise<UsageRecordNode[] | null> {
  const profile = await findStoreProfileByShop(shop);
  if (!profile) return null;
  let connection: StoreConnection;
  try {
    connection = await connectionForProfile(profile);
  } catch (error) {
    logWithErrorId(`Reconciling Shopify usage of ${shop}: no store connection`, error, "warn");
    return null;
  }
  const oldest = Math.min(...claims.map((c) => (toDate(c.reported_at) as Date).getTime())) - CLOCK_MARGIN_MS;
  const details = (profile.planDetails as StorePlanDetails | null) ?? {};
  // The claims were sent to the current subscription of the time: the company's, or the last one known.
  const subscriptions = [...new Set([...claims.map((c) => c.subscription), details.subscriptionId])].filter(
    (id): id is string => Boolean(id),
  );
  const records: UsageRecordNode[] = [];
  try {
    const client = new connection.api.clients.Graphql({ session: connection.session });
    for (const id of subscriptions) {
      let after: string | null = null;
      for (let page = 0; ; page++) {
        if (page >= MAX_PAGES) return null;
        const response: { data?: UsagePage } = await client.request<UsagePage>(USAGE_RECORDS, {
          variables: { id, after },
        });
        // Only the usage line item has usage records (a page cursor is passed to both line items).
        const usage: UsageConnection | undefined = response.data?.node?.lineItems?.find(
          (item) => item.plan?.pricingDetails?.__typename === "AppUsagePricing",
        )?.usageRecords;
        if (!usage) break;
        const nodes = usage.edges.map((e) => e.node);
        records.push(...nodes);
        const last = nodes.at(-1);
        if (!usage.pageInfo.hasNextPage || !last || new Date(last.createdAt).getTime() < oldest) break;
        after = usage.pageInfo.endCursor;
      }
    }
  } catch (error) {
    logWithErrorId(`Reconciling Shopify usage of ${shop}: reading usage records failed`, error, "warn");
    return null;
  }
  return records;
}
