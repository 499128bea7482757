import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import {
  accounts,
  shopifyCatalogueProducts,
  shopifyOrders,
  shopifyWebhooks,
  storeProfiles,
} from "#db/schema";
import type { Queryable } from "~/domain/kernel/scope";
import { productGid } from "../commerce/catalogue-rows";
import { shopifyGid } from "../commerce/order-payload";
import type { StoredWebhook } from "./stored-webhook.server";

/**
 * Whether a stored webhook's payload belongs to the shop its (unsigned) X-Shopify-Shop-Domain header
 * names, checked before it is applied (issue 32 item 8). Most payloads name no shop: an order, a
 * customer, a product, a subscription. Shopify's ids are global, so an id we hold for another shop,
 * or the very body another shop's delivery brought, means a signed body was resent under this shop's
 * header. Returns why the payload is not this shop's, or null. An id we have never seen proves
 * nothing either way and passes: the check refuses what we can tell is another shop's.
 */
export async function foreignPayloadReason(db: Queryable, webhook: StoredWebhook): Promise<string | null> {
  const shop = webhook.shop;
  if (webhook.bodyHash) {
    const [other] = await db
      .select({ shop: shopifyWebhooks.shop })
      .from(shopifyWebhooks)
      .where(
        and(
          eq(shopifyWebhooks.bodyHash, webhook.bodyHash),
          eq(shopifyWebhooks.topic, webhook.topic),
          ne(shopifyWebhooks.shop, shop),
        ),
      )
      .limit(1);
    if (other) return `the same payload was delivered for ${other.shop}`;
  }

  const ids = idsOf(webhook.topic, webhook.payload);
  if (ids.shopId) {
    const [profile] = await db
      .select({ shop: storeProfiles.shopDomain })
      .from(storeProfiles)
      .where(
        and(
          or(eq(storeProfiles.shopDomain, shop), eq(storeProfiles.shopifyStoreId, ids.shopId)),
          or(ne(storeProfiles.shopDomain, shop), ne(storeProfiles.shopifyStoreId, ids.shopId)),
          sql`${storeProfiles.shopifyStoreId} is not null`,
        ),
      )
      .limit(1);
    if (profile) return `shop id ${ids.shopId} is not ${shop}'s`;
  }
  if (ids.orders.length > 0) {
    const [order] = await db
      .select({ shop: shopifyOrders.shop, id: shopifyOrders.shopifyOrderId })
      .from(shopifyOrders)
      .where(and(inArray(shopifyOrders.shopifyOrderId, ids.orders), ne(shopifyOrders.shop, shop)))
      .limit(1);
    if (order) return `order ${order.id} belongs to ${order.shop}`;
  }
  if (ids.customers.length > 0) {
    const [order] = await db
      .select({ shop: shopifyOrders.shop, id: shopifyOrders.shopifyCustomerId })
      .from(shopifyOrders)
      .where(and(inArray(shopifyOrders.shopifyCustomerId, ids.customers), ne(shopifyOrders.shop, shop)))
      .limit(1);
    if (order) return `customer ${order.id} belongs to ${order.shop}`;
  }
  if (ids.product) {
    const [product] = await db
      .select({ shop: shopifyCatalogueProducts.shop })
      .from(shopifyCatalogueProducts)
      .where(
        and(
          eq(shopifyCatalogueProducts.shopifyProductId, ids.product),
          ne(shopifyCatalogueProducts.shop, shop),
        ),
      )
      .limit(1);
    if (product) return `product ${ids.product} belongs to ${product.shop}`;
  }
  if (ids.subscription) {
    const subscription = ids.subscription;
    const [profile] = await db
      .select({ shop: storeProfiles.shopDomain })
      .from(storeProfiles)
      .leftJoin(accounts, eq(accounts.id, storeProfiles.accountId))
      .where(
        and(
          ne(storeProfiles.shopDomain, shop),
          or(
            eq(accounts.shopifyPlanId, subscription),
            sql`${storeProfiles.planDetails}->>'subscriptionId' = ${subscription}`,
            sql`${storeProfiles.planDetails}->'pending'->>'subscriptionId' = ${subscription}`,
          ),
        ),
      )
      .limit(1);
    if (profile) return `subscription ${subscription} belongs to ${profile.shop}`;
  }
  return null;
}

type PayloadIds = {
  /** Shopify's numeric shop id, where the payload names one. */
  shopId: string | null;
  /** Orders as stored: the gid and the numeric id, as either may have been written. */
  orders: string[];
  customers: string[];
  product: string | null;
  subscription: string | null;
};

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
const idText = (value: unknown): string | null =>
  typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value)) ? String(value) : null;
const gidText = (value: unknown): string | null =>
  typeof value === "string" && value.startsWith("gid://shopify/") ? value : null;
const numericOfGid = (value: unknown): string | null => idText(gidText(value)?.split("/").pop());

function orderIds(...values: unknown[]): string[] {
  return values.flatMap((value) => {
    const numeric = idText(value) ?? numericOfGid(value);
    return numeric ? [`gid://shopify/Order/${numeric}`, numeric] : [];
  });
}

function customerIds(customer: Record<string, unknown>): string[] {
  const gid = shopifyGid(
    "Customer",
    idText(customer.id),
    typeof customer.admin_graphql_api_id === "string" ? customer.admin_graphql_api_id : null,
  );
  return gid ? [gid] : [];
}

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function idsOf(topic: string, payload: Record<string, unknown>): PayloadIds {
  const ids: PayloadIds = { shopId: null, orders: [], customers: [], product: null, subscription: null };
  switch (topic) {
    case "app/uninstalled":
    case "shop/update":
      ids.shopId = idText(payload.id);
      break;
    case "customers/data_request":
    case "customers/redact":
    case "shop/redact":
      ids.shopId = idText(payload.shop_id);
      ids.customers = customerIds(record(payload.customer));
      ids.orders = orderIds(...list(payload.orders_to_redact), ...list(payload.orders_requested));
      break;
    case "orders/create":
    case "orders/updated":
      ids.orders = orderIds(payload.admin_graphql_api_id ?? payload.id);
      ids.customers = customerIds(record(payload.customer));
      break;
    case "customers/update":
    case "customers_marketing_consent/update":
      ids.customers = customerIds(payload);
      break;
    case "products/create":
    case "products/update":
    case "products/delete":
      ids.product = productGid(payload);
      break;
    case "app_subscriptions/update": {
      const subscription = record(payload.app_subscription);
      ids.subscription = gidText(subscription.admin_graphql_api_id);
      ids.shopId = numericOfGid(subscription.admin_graphql_api_shop_id);
      break;
    }
  }
  return ids;
}
