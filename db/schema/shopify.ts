import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
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
import { products } from "./contacts";

/**
 * Shopify's sessions, read and written only by @shopify/shopify-app-session-storage-drizzle: the
 * column names are the library's. Offline sessions (id `offline_{shop}`) hold the store's Admin API
 * token; online sessions (embedded admin) carry the staff member who opened the app.
 */
export const shopifySessions = pgTable(
  "shopify_sessions",
  {
    id: text("id").primaryKey(),
    shop: text("shop").notNull(),
    state: text("state").notNull(),
    isOnline: boolean("isOnline").default(false).notNull(),
    scope: text("scope"),
    expires: timestamp("expires", { mode: "date" }),
    accessToken: text("accessToken").notNull(),
    userId: bigint("userId", { mode: "number" }),
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    accountOwner: boolean("accountOwner"),
    locale: text("locale"),
    collaborator: boolean("collaborator"),
    emailVerified: boolean("emailVerified"),
    refreshToken: text("refreshToken"),
    refreshTokenExpires: timestamp("refreshTokenExpires", { mode: "date" }),
  },
  (t) => [index("shopify_sessions_shop_idx").on(t.shop)],
);

export type StorePlanDetails = {
  // The Shopify app subscription (gid) and what the merchant confirmed or still has to.
  subscriptionId?: string;
  planId?: string;
  name?: string;
  status?: string;
  priceCents?: number;
  cappedAmountCents?: number;
  usageLineItemId?: string;
  confirmationUrl?: string;
  currentPeriodEnd?: string;
} & Record<string, unknown>;

/**
 * A Shopify store that installed the app (the spec's ShopifyProfile). Created by the OAuth callback
 * before it is linked to a company (accountId null until onboarding links it); one store per company.
 * The Admin API token is not here: it is the offline session in shopify_sessions.
 */
export const storeProfiles = pgTable(
  "store_profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The store's permanent domain, e.g. demo-shop.myshopify.com (lowercase).
    shopDomain: text("shop_domain").notNull(),
    // Shopify's numeric shop id (from the shop's gid).
    shopifyStoreId: text("shopify_store_id"),
    storeName: text("store_name").notNull(),
    // The shop owner's email and name, as Shopify reports them.
    shopEmail: text("shop_email"),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "set null" }),
    // False once the app is uninstalled: nothing else is lost, a reinstall enables it again.
    enabled: boolean("enabled").notNull().default(true),
    // The consent text at checkout (null: the spec's default title and text).
    consent: text("consent"),
    consentTitle: text("consent_title"),
    showStepper: boolean("show_stepper").notNull().default(true),
    isProfileLock: boolean("is_profile_lock").notNull().default(false),
    showWelcomePopUp: boolean("show_welcome_pop_up").notNull().default(true),
    planDetails: jsonb("plan_details").$type<StorePlanDetails>(),
    addContactsWithoutMarketingConsent: boolean("add_contacts_without_marketing_consent")
      .notNull()
      .default(false),
    scopes: text("scopes"),
    installedAt: timestamp("installed_at", { withTimezone: true }).notNull().defaultNow(),
    uninstalledAt: timestamp("uninstalled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("store_profiles_shop_domain_uq").on(t.shopDomain),
    uniqueIndex("store_profiles_account_uq").on(t.accountId).where(sql`${t.accountId} is not null`),
  ],
);

/**
 * Every Shopify webhook we accepted (HMAC checked), stored by its webhook id so a replay is
 * recognised and processed once. The route stores; a job applies it and records the outcome.
 */
export const shopifyWebhooks = pgTable(
  "shopify_webhooks",
  {
    webhookId: text("webhook_id").primaryKey(),
    shop: text("shop").notNull(),
    topic: text("topic").notNull(),
    apiVersion: text("api_version"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    // SHA-256 of the payload (deliveryHash, delivery-checks.server.ts): the signature covers the body
    // only, so the same signed body under a new webhook id is the same delivery, refused once
    // stored for this shop and topic. Null on rows stored before migration 0041.
    bodyHash: text("body_hash"),
    // When Shopify says the event happened (X-Shopify-Triggered-At; null when not sent): a retried
    // delivery of an uninstall or a shop redaction older than the store's reinstall changes nothing.
    triggeredAt: timestamp("triggered_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    outcome: text("outcome"),
  },
  (t) => [
    index("shopify_webhooks_unprocessed_idx").on(t.receivedAt).where(sql`${t.processedAt} is null`),
    index("shopify_webhooks_shop_idx").on(t.shop),
    // Hash first: it also finds the same body stored for another shop (a forged shop header).
    uniqueIndex("shopify_webhooks_body_uq")
      .on(t.bodyHash, t.topic, t.shop)
      .where(sql`${t.bodyHash} is not null`),
  ],
);

/**
 * Each overage message billed to a store as a Shopify usage record. The library's usage call ignores
 * its idempotency key, so this row (keyed by the message) is written before the call and marked
 * reported after it: a message is charged once.
 */
export const shopifyUsageRecords = pgTable(
  "shopify_usage_records",
  {
    messageId: uuid("message_id").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    shop: text("shop").notNull(),
    periodStart: date("period_start").notNull(),
    priceCents: integer("price_cents").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
    shopifyRecordId: text("shopify_record_id"),
    error: text("error"),
  },
  (t) => [index("shopify_usage_records_unreported_idx").on(t.createdAt).where(sql`${t.reportedAt} is null`)],
);

/**
 * Which Shopify products (and variants) stand for one of our products (the spec's
 * ShopifyProductMapping). Onboarding's product pick writes it; the product-mapping screen edits it.
 */
export const shopifyProductMappings = pgTable(
  "shopify_product_mappings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // Shopify product gids, e.g. gid://shopify/Product/123.
    shopifyProductIds: text("shopify_product_ids").array().notNull().default(sql`'{}'::text[]`),
    // Variant gids per product gid; empty means every variant.
    shopifyProductVariants: jsonb("shopify_product_variants")
      .$type<Record<string, string[]>>()
      .notNull()
      .default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("shopify_product_mappings_product_uq").on(t.accountId, t.productId)],
);
