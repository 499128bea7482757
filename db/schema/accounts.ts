import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./identity";
import { dashboards, tags } from "./platform";

export const accountStatus = pgEnum("account_status", [
  "ACTIVE",
  "CREATED",
  "PENDING_PAYMENT",
  "SUSPENDED",
  "LATE_START",
  "LATE_START_END",
  // The Stripe subscription ended (cancelled by the customer or support); a new plan reactivates it.
  "CANCELLED",
]);
export type AccountStatus = (typeof accountStatus.enumValues)[number];

export type AccountMetadata = { TnCAcceptedAt?: string } & Record<string, unknown>;

/** A company (the spec's CustomerAccount). Members are in `memberships`, requests in `account_requests`. */
export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    company: text("company").notNull(),
    companyLowercased: text("company_lowercased").notNull(),
    url: text("url").notNull(),
    disabled: boolean("disabled").notNull().default(false),
    shopifyPlanId: text("shopify_plan_id"),
    limits: jsonb("limits").$type<Record<string, unknown>>().notNull().default({}),
    metadata: jsonb("metadata").$type<AccountMetadata>().notNull().default({}),
    dashboardId: text("dashboard_id").references(() => dashboards.id, { onDelete: "set null" }),
    source: text("source"),
    // The store profile (store_profiles.id) this company was created for by store onboarding (Create
    // Organization, or the first open of the embedded app): set only then, never when an existing
    // company is linked. shop/redact deletes a company only when it was created for that store (and
    // holds nothing made outside Shopify); `source` is where a company came from for the admin's
    // filter, not this. No foreign key (store_profiles already references accounts, and the schema
    // files may not import each other): profile ids are never reused, so the id of a deleted profile
    // (a disconnected store) matches no store again, and the company counts as linked, not made for it.
    createdForStoreProfileId: uuid("created_for_store_profile_id"),
    manualBilling: boolean("manual_billing").notNull().default(false),
    ownerUserId: uuid("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    accountStatus: accountStatus("account_status").notNull().default("CREATED"),
    lateStartDate: timestamp("late_start_date", { withTimezone: true }),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    stripeSubscriptionDetails: jsonb("stripe_subscription_details").$type<Record<string, unknown>>(),
    stripePriceId: text("stripe_price_id"),
    // The creation time of the last Stripe event applied to this company: older ones change nothing.
    stripeEventAt: timestamp("stripe_event_at", { withTimezone: true }),
    planId: text("plan_id"),
    plan: text("plan"),
    // The spec's "additional account data": subDomain (Link Shortener) and alias (ChatStream).
    linkShortenerSubdomain: text("link_shortener_subdomain"),
    chatstreamSubdomain: text("chatstream_subdomain"),
    // Messaging: the time zone for quiet hours when a contact's number gives none, and the answer
    // to an inbound HELP (null: a default naming the company).
    timeZone: text("time_zone").notNull().default("America/New_York"),
    smsHelpText: text("sms_help_text"),
    // ISO 3166-1 alpha-2: phone numbers written without +country code are read as this country's.
    country: text("country").notNull().default("US"),
    // Revenue attribution: an order within this many days of a tracked-link click counts for it.
    attributionWindowDays: integer("attribution_window_days").notNull().default(7),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("accounts_company_lowercased_idx").on(t.companyLowercased),
    index("accounts_created_at_idx").on(t.createdAt),
    // The admin Companies tab's Shopify filter: its count and newest-first page read only these.
    index("accounts_shopify_created_at_idx").on(t.createdAt).where(sql`${t.source} = 'shopify'`),
    // Stripe webhooks find their company by its customer when the event carries no account id.
    index("accounts_stripe_customer_id_idx")
      .on(t.stripeCustomerId)
      .where(sql`${t.stripeCustomerId} is not null`),
    uniqueIndex("accounts_link_shortener_subdomain_uq").on(t.linkShortenerSubdomain),
    uniqueIndex("accounts_chatstream_subdomain_uq").on(t.chatstreamSubdomain),
  ],
);

export const memberships = pgTable(
  "memberships",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    isCompanyAdmin: boolean("is_company_admin").notNull().default(false),
    // The most recently activated membership is the active company (the spec's "first group").
    activatedAt: timestamp("activated_at", { withTimezone: true }).notNull().defaultNow(),
    // False: made for the address before anyone proved owning it (the embedded app once took the
    // addresses Shopify had not verified). Confirming the address drops it (identity.server.ts), so
    // whoever chose the address cannot put its real owner into their company; it never opens a company.
    ownerConfirmed: boolean("owner_confirmed").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.accountId] }), index("memberships_account_idx").on(t.accountId)],
);

/**
 * A member removed from a company's team (or who left it). The embedded app, which makes every staff
 * member of the shop a member when they open it, does not add them back; an invitation from the
 * company (accepted, or open when they next open the app) or an approved access request does.
 */
export const membershipRemovals = pgTable(
  "membership_removals",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    removedByUserId: uuid("removed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    removedAt: timestamp("removed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.accountId] }),
    index("membership_removals_account_idx").on(t.accountId),
  ],
);

export const accountRequestStatus = pgEnum("account_request_status", ["PENDING", "APPROVED", "DENIED"]);

export const accountRequests = pgTable(
  "account_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    ownerEmail: text("owner_email").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    status: accountRequestStatus("status").notNull().default("PENDING"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("account_requests_account_idx").on(t.accountId),
    index("account_requests_owner_idx").on(t.ownerEmail),
  ],
);

export const inviteHistory = pgTable(
  "invite_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    invitedByUserId: uuid("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    invitedByName: text("invited_by_name").notNull(),
    company: text("company").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("invite_history_account_idx").on(t.accountId), index("invite_history_email_idx").on(t.email)],
);

export const accountTags = pgTable(
  "account_tags",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.tagId] })],
);
