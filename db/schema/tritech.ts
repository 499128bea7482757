import {
  boolean,
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

/**
 * Tri-Tech (AIM), a contract-management system that posts contract events to
 * /integrations/tritech/events (spec 3 sections 2.5, 3.10, 4.7; issue 16).
 *
 * The profile: one per company. The secret key signs AIM's events (HMAC-SHA256); it is shown again
 * to company admins, so it is sealed (AES-256-GCM, purpose "tritech-secret"), never hashed. enabled
 * is the spec's "synced": set by AIM's handshake, cleared by a new secret key.
 */
export const tritechProfiles = pgTable("tritech_profiles", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  enabled: boolean("enabled").notNull().default(false),
  secretSealed: text("secret_sealed"),
  secretGeneratedAt: timestamp("secret_generated_at", { withTimezone: true }),
  syncedAt: timestamp("synced_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The company's contract actions and the transaction statuses each one acts on (the spec's contract
 * action mapper). A company without rows uses the defaults of spec 3 section 3.10; its first edit
 * stores them all.
 */
export const tritechContractActions = pgTable(
  "tritech_contract_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    action: text("action").notNull(),
    transactionStatuses: jsonb("transaction_statuses").$type<string[]>().notNull().default([]),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tritech_contract_actions_uq").on(t.accountId, t.action)],
);

/** A product of ours mapped to Tri-Tech category-subcategory pairs ('2-3'), one row per product. */
export const tritechMappings = pgTable(
  "tritech_mappings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categories: jsonb("categories").$type<string[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tritech_mappings_product_uq").on(t.accountId, t.productId)],
);

/**
 * Every signed event AIM posted, once per company and eventId (a replay finds its row and changes
 * nothing), with its outcome: processed, or ignored with the reason in words.
 */
export const tritechEvents = pgTable(
  "tritech_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    action: text("action").notNull(),
    transactionStatus: text("transaction_status"),
    contractId: text("contract_id"),
    status: text("status").$type<"processed" | "ignored">().notNull(),
    reason: text("reason").notNull(),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    productsLinked: integer("products_linked").notNull().default(0),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tritech_events_event_uq").on(t.accountId, t.eventId),
    index("tritech_events_recent_idx").on(t.accountId, t.receivedAt.desc()),
  ],
);
