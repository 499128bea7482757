import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { contacts, products } from "./contacts";
import { linkClicks, touchpoints } from "./messaging";
import { shopifyProductMappings } from "./shopify";

/**
 * The linked store's catalogue, kept in our database so the mapping modal searches and pages on the
 * server: filled by Sync Now through the Admin API and kept current by the products/* webhooks.
 */
export const shopifyCatalogueProducts = pgTable(
  "shopify_catalogue_products",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    shop: text("shop").notNull(),
    // gid://shopify/Product/123
    shopifyProductId: text("shopify_product_id").notNull(),
    title: text("title").notNull(),
    // Grouped case-insensitively: the lowercased type is the group key, the title shown as stored.
    productType: text("product_type").notNull().default(""),
    productTypeLowercased: text("product_type_lowercased").notNull().default(""),
    handle: text("handle"),
    status: text("status"),
    imageUrl: text("image_url"),
    shopifyUpdatedAt: timestamp("shopify_updated_at", { withTimezone: true }),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Product id first: a products/* webhook checks no other shop holds the product (issue 32 item 8);
    // lookups within a company give both columns, listings use the index below.
    uniqueIndex("shopify_catalogue_products_uq").on(t.shopifyProductId, t.accountId),
    index("shopify_catalogue_products_type_title_idx").on(t.accountId, t.productTypeLowercased, t.title),
  ],
);

export const shopifyCatalogueVariants = pgTable(
  "shopify_catalogue_variants",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    // gid://shopify/ProductVariant/456
    shopifyVariantId: text("shopify_variant_id").notNull(),
    shopifyProductId: text("shopify_product_id").notNull(),
    title: text("title").notNull(),
    sku: text("sku"),
    // The variant's price in the shop's currency, minor units.
    priceMinor: bigint("price_minor", { mode: "number" }),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    uniqueIndex("shopify_catalogue_variants_uq").on(t.accountId, t.shopifyVariantId),
    index("shopify_catalogue_variants_product_idx").on(t.accountId, t.shopifyProductId),
  ],
);

/**
 * Each store variant mapped to one of our products: the lookup orders use, and the rule that a
 * variant belongs to one product at a time (unique per company). Written with its mapping, in the
 * same transaction, from shopify_product_mappings.
 */
export const shopifyMappedVariants = pgTable(
  "shopify_mapped_variants",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    shopifyVariantId: text("shopify_variant_id").notNull(),
    shopifyProductId: text("shopify_product_id").notNull(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    mappingId: uuid("mapping_id")
      .notNull()
      .references(() => shopifyProductMappings.id, { onDelete: "cascade" }),
  },
  (t) => [
    uniqueIndex("shopify_mapped_variants_uq").on(t.accountId, t.shopifyVariantId),
    index("shopify_mapped_variants_product_idx").on(t.productId),
  ],
);

/**
 * Store orders we received (orders/create, orders/updated), once per Shopify order. Amounts are
 * integer minor units of the order's currency. attributed* is the touchpoint whose tracked link the
 * buyer clicked last within the company's attribution window before the order.
 */
export const shopifyOrders = pgTable(
  "shopify_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    shop: text("shop").notNull(),
    // gid://shopify/Order/789 (or the numeric id as Shopify's webhook sends it, stored as text)
    shopifyOrderId: text("shopify_order_id").notNull(),
    name: text("name"),
    shopifyCustomerId: text("shopify_customer_id"),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    totalPriceMinor: bigint("total_price_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull(),
    // Set when Shopify reports the order cancelled (orders/updated or orders/cancelled carry
    // cancelled_at): the order stays on the buyer's timeline but no longer counts as revenue.
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    attributedTouchpointId: uuid("attributed_touchpoint_id").references(() => touchpoints.id, {
      onDelete: "set null",
    }),
    attributedClickId: uuid("attributed_click_id").references(() => linkClicks.id, { onDelete: "set null" }),
    lineItems: jsonb("line_items")
      .$type<
        {
          variantId: string | null;
          productId: string | null;
          title: string;
          quantity: number;
          priceMinor: number;
        }[]
      >()
      .notNull()
      .default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("shopify_orders_shop_order_uq").on(t.accountId, t.shopifyOrderId),
    index("shopify_orders_contact_idx").on(t.contactId, t.placedAt),
    // An order or customer webhook checks that no other shop holds the order or customer (issue 32
    // item 8): Shopify's ids are global, so one we hold for another shop was resent under a forged header.
    index("shopify_orders_order_idx").on(t.shopifyOrderId),
    index("shopify_orders_customer_idx")
      .on(t.shopifyCustomerId)
      .where(sql`${t.shopifyCustomerId} is not null`),
    index("shopify_orders_touchpoint_idx")
      .on(t.attributedTouchpointId, t.placedAt)
      .where(sql`${t.attributedTouchpointId} is not null`),
  ],
);

/**
 * The store catalogue's Sync Now, one row per company: a sync runs as a job (a bulk operation on a
 * large store takes minutes), and the page reads its progress and outcome here. `runId` names the
 * run a Sync Now started, so the page knows when that run, not an earlier one, is done.
 */
export const shopifyCatalogueSyncs = pgTable("shopify_catalogue_syncs", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  shop: text("shop").notNull(),
  runId: uuid("run_id").notNull(),
  // queued | running | succeeded | failed
  status: text("status").notNull(),
  // pages (the Admin API's cursor pages) | bulk (a bulk query operation)
  method: text("method"),
  // The shop's currency (ISO code), for the price of variants the products webhooks bring.
  currency: text("currency"),
  productsTotal: integer("products_total"),
  productsDone: integer("products_done").notNull().default(0),
  variantsDone: integer("variants_done").notNull().default(0),
  // The running bulk operation (gid), so a retried job polls it instead of starting another.
  bulkOperationId: text("bulk_operation_id"),
  error: text("error"),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp("started_at", { withTimezone: true }),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  lastSucceededAt: timestamp("last_succeeded_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The newest SMS marketing consent Shopify told us of, per shop and store customer, whether or not
 * the customer is a contact yet (issue 34 item 1). Since API 2025-01 an order's customer no longer
 * carries it: customers_marketing_consent/update does, and arrives before or after the order; an order
 * whose customer has no row here asks the Admin API once and keeps its answer here. The newest by
 * Shopify's consent time wins, never the latest to arrive (deliveries are not in order).
 */
export const shopifyCustomerConsents = pgTable(
  "shopify_customer_consents",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    shop: text("shop").notNull(),
    // gid://shopify/Customer/123
    shopifyCustomerId: text("shopify_customer_id").notNull(),
    // subscribed | not_subscribed | unsubscribed | pending | redacted (Shopify's, lowercased)
    state: text("state").notNull(),
    // single_opt_in | confirmed_opt_in | unknown
    optInLevel: text("opt_in_level"),
    // Shopify's consent_updated_at; null when the customer never changed it.
    consentUpdatedAt: timestamp("consent_updated_at", { withTimezone: true }),
    // shopify | other (Shopify's consent_collected_from, lowercased)
    collectedFrom: text("collected_from"),
    // customers_marketing_consent/update, or admin_api when an order asked.
    learnedFrom: text("learned_from").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("shopify_customer_consents_uq").on(t.accountId, t.shop, t.shopifyCustomerId)],
);
