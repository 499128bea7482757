import type { AppSubscription } from "@shopify/shopify-api";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Tx } from "#db/client.server";
import { accounts, plans, storeProfiles } from "#db/schema";
import { recordSystemAudit } from "~/domain/admin/audit.server";
import { findStoreProfileByShop, findStoreProfileForAccount } from "~/domain/shopify/store-profiles.server";
import { publishEvent } from "~/services/events/events.server";
import { storePriceNamed } from "~/services/shopify/billing-config";
import {
  connectionForProfile,
  isTestBilling,
  type StoreConnection,
  StoreNotConnectedError,
} from "./shopify-store.server";
import {
  type StoreBillingState,
  type StoreDetails,
  type SubscriptionObservation,
  subscriptionChangeFor,
} from "./shopify-subscription-rules";

/**
 * Shopify app subscriptions of store accounts (spec 2 §4): the app_subscriptions/update webhook, the
 * answer to a cancel and the merchant's return from Shopify's confirmation all become one observation
 * of a subscription, applied to the shop's company under its lock by the rules of
 * shopify-subscription-rules.ts. The webhooks (app_subscriptions/update) and the Integrations page's
 * disconnect call the two exported functions with these signatures.
 */

const webhookPayload = z.object({
  app_subscription: z.object({
    admin_graphql_api_id: z.string().min(1),
    name: z.string(),
    status: z.string().min(1),
    updated_at: z.string().optional(),
    created_at: z.string().optional(),
  }),
});

/** Applies an app_subscriptions/update webhook payload to the shop's company; returns the outcome in words. */
export async function applyShopifySubscriptionUpdate(
  shop: string,
  payload: Record<string, unknown>,
): Promise<string> {
  const parsed = webhookPayload.safeParse(payload);
  if (!parsed.success) return "ignored: not an app subscription payload";
  const subscription = parsed.data.app_subscription;
  const stamp = subscription.updated_at ?? subscription.created_at;
  const at = stamp ? new Date(stamp) : null;
  const status = subscription.status.toUpperCase();
  return applySubscriptionObservation(shop, {
    subscriptionId: subscription.admin_graphql_api_id,
    name: subscription.name,
    status,
    at: at && !Number.isNaN(at.getTime()) ? at : null,
    // The payload does not say whether it is a test charge: Shopify is asked when that decides.
    ...(status === "ACTIVE" && !isTestBilling()
      ? { test: await testFlagOf(shop, subscription.admin_graphql_api_id) }
      : {}),
  });
}

const SUBSCRIPTION = `#graphql
  query BlusteamSubscription($id: ID!) {
    node(id: $id) { ... on AppSubscription { id name status test } }
  }`;

export type SubscriptionNode = { id: string; name: string; status: string; test: boolean };

/** The store's subscription as Shopify has it now, or null when the id names none of its subscriptions. */
export async function readStoreSubscription(
  { api, session }: Pick<StoreConnection, "api" | "session">,
  id: string,
): Promise<SubscriptionNode | null> {
  const client = new api.clients.Graphql({ session });
  const answer = await client.request<{ node: SubscriptionNode | null }>(SUBSCRIPTION, {
    variables: { id },
  });
  const node = answer.data?.node;
  return node?.id === id ? node : null;
}

/** Whether Shopify says the subscription is a test charge; undefined when it cannot be asked. */
async function testFlagOf(shop: string, id: string): Promise<boolean | undefined> {
  const profile = await findStoreProfileByShop(shop);
  if (!profile?.enabled) return undefined;
  try {
    return (await readStoreSubscription(await connectionForProfile(profile), id))?.test;
  } catch (error) {
    if (error instanceof StoreNotConnectedError) return undefined;
    throw error;
  }
}

/** What the API answered about a subscription (request, cancel, active subscriptions), as an observation. */
export function observationOf(subscription: AppSubscription): SubscriptionObservation {
  const usage = subscription.lineItems?.find((item) => "balanceUsed" in item.plan.pricingDetails);
  return {
    subscriptionId: subscription.id,
    name: subscription.name,
    status: subscription.status,
    at: null,
    usageLineItemId: usage?.id ?? null,
    currentPeriodEnd: subscription.currentPeriodEnd ?? null,
    test: subscription.test,
  };
}

const billingState = {
  id: accounts.id,
  accountStatus: accounts.accountStatus,
  manualBilling: accounts.manualBilling,
  shopifyPlanId: accounts.shopifyPlanId,
  planId: accounts.planId,
  plan: accounts.plan,
};

/** One observation applied to the company linked to the shop, in one transaction; the outcome in words. */
export async function applySubscriptionObservation(
  shop: string,
  seen: SubscriptionObservation,
  now: Date = new Date(),
): Promise<string> {
  return getDb().transaction(async (tx) => {
    const [profile] = await tx
      .select({
        id: storeProfiles.id,
        accountId: storeProfiles.accountId,
        planDetails: storeProfiles.planDetails,
      })
      .from(storeProfiles)
      .where(eq(storeProfiles.shopDomain, shop))
      .for("update");
    if (!profile) return "ignored: no store profile for this shop";
    if (!profile.accountId) return "ignored: the store is not linked to a company";
    const [account] = await tx
      .select(billingState)
      .from(accounts)
      .where(eq(accounts.id, profile.accountId))
      .for("update");
    if (!account) return "ignored: no company";
    const { id: accountId, ...rest } = account;
    const before: StoreBillingState = {
      ...rest,
      planDetails: profile.planDetails as StoreDetails | null,
      testBilling: isTestBilling(),
    };
    const plan = await planFor(tx, seen, before.planDetails);
    const change = subscriptionChangeFor(before, seen, plan);
    if ("ignored" in change) return `ignored: ${change.ignored}`;

    await tx
      .update(storeProfiles)
      .set({ planDetails: change.planDetails, updatedAt: now })
      .where(eq(storeProfiles.id, profile.id));
    const changed = (Object.keys(change.account) as (keyof typeof change.account)[]).filter(
      (key) => change.account[key] !== before[key],
    );
    if (changed.length === 0) return `applied: ${change.summary} (company unchanged)`;
    await tx
      .update(accounts)
      .set({ ...change.account, updatedAt: now })
      .where(eq(accounts.id, accountId));
    const { planDetails: _details, testBilling: _testBilling, ...accountBefore } = before;
    await recordSystemAudit(tx, "shopify", {
      action: "billing.shopify_subscription",
      targetType: "account",
      targetId: accountId,
      before: accountBefore,
      after: {
        ...accountBefore,
        ...change.account,
        shopifySubscription: { id: seen.subscriptionId, status: seen.status, name: seen.name },
      },
    });
    await publishEvent({ topic: "account", accountId }, tx);
    return `applied: ${change.summary}`.slice(0, 200);
  });
}

/** The plan a subscription is for: by its name (billing-config.ts), else as we requested it. */
async function planFor(tx: Tx, seen: SubscriptionObservation, details: StoreDetails | null) {
  const requested = [details?.pending, details].find((d) => d?.subscriptionId === seen.subscriptionId);
  const planId = storePriceNamed(seen.name)?.planId ?? requested?.planId;
  if (!planId) return null;
  const [plan] = await tx.select({ id: plans.id, name: plans.name }).from(plans).where(eq(plans.id, planId));
  return plan ?? null;
}

/**
 * Cancels the company's Shopify app subscription, if it has one (disconnect, plan cancel), and applies
 * the cancellation at once. A store already uninstalled has no session: Shopify cancelled its charges
 * itself, so only our record is brought in line. A cancel Shopify refuses because the subscription is
 * no longer active (ended meanwhile) counts as done; any other failure is thrown.
 */
export async function cancelShopifySubscription(scope: { account: { id: string } }): Promise<void> {
  const [account] = await getDb()
    .select({ shopifyPlanId: accounts.shopifyPlanId })
    .from(accounts)
    .where(eq(accounts.id, scope.account.id));
  const subscriptionId = account?.shopifyPlanId;
  if (!subscriptionId) return;
  const profile = await findStoreProfileForAccount(scope);
  if (!profile) return;
  const name = (profile.planDetails as StoreDetails | null)?.name ?? "";
  let connection: Awaited<ReturnType<typeof connectionForProfile>> | null = null;
  try {
    connection = profile.enabled ? await connectionForProfile(profile) : null;
  } catch (error) {
    if (!(error instanceof StoreNotConnectedError)) throw error;
  }
  if (!connection) {
    await applySubscriptionObservation(profile.shopDomain, {
      subscriptionId,
      name,
      status: "CANCELLED",
      at: null,
    });
    return;
  }
  const { api, session, isTest } = connection;
  try {
    const cancelled = await api.billing.cancel({ session, subscriptionId, prorate: true, isTest });
    await applySubscriptionObservation(profile.shopDomain, observationOf(cancelled));
  } catch (error) {
    const { activeSubscriptions } = await api.billing.subscriptions({ session });
    if (activeSubscriptions.some((s) => s.id === subscriptionId)) throw error;
    await applySubscriptionObservation(profile.shopDomain, {
      subscriptionId,
      name,
      status: "CANCELLED",
      at: null,
    });
  }
}
