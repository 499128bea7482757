import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { users } from "./identity";

/**
 * Whether SMS may go to a contact: consent recorded (consent_events holds the record), or opted out.
 * non_commercial: no marketing consent, but added by the store's 'Automatic Opt-in for Non-Commercial
 * Messages' (a Shopify buyer): only the journey's non-commercial touchpoints go to them.
 */
export const smsConsent = pgEnum("sms_consent", ["none", "opted_in", "opted_out", "non_commercial"]);
export type SmsConsent = (typeof smsConsent.enumValues)[number];

/** A company's customer. Unique per company by phone (E.164) and by email (lowercased). */
export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    email: text("email"),
    isActive: boolean("is_active").notNull().default(true),
    smsConsent: smsConsent("sms_consent").notNull().default("none"),
    // The buyer's Shopify customer (gid), for contacts that came from store orders.
    shopifyCustomerId: text("shopify_customer_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One index for a phone: unique per company, and (phone first) it finds a number's contacts in
    // every company for inbound SMS keywords (STOP, START, HELP). Migration 0035 made one of the two
    // it replaced: each contact written costs one fewer index entry.
    uniqueIndex("contacts_phone_account_uq").on(t.phone, t.accountId).where(sql`${t.phone} is not null`),
    uniqueIndex("contacts_account_email_uq").on(t.accountId, t.email).where(sql`${t.email} is not null`),
    // Keyset pagination, newest first within a company, read backwards: ascending, so that new
    // contacts (created later, time-ordered ids) are appended at its end rather than split into it.
    // The search index (GIN, company-prefixed words) is hand-written SQL in migrations 0033 and 0035
    // (drizzle-kit cannot express it).
    index("contacts_account_created_idx").on(t.accountId, t.createdAt, t.id),
    index("contacts_account_shopify_customer_idx")
      .on(t.accountId, t.shopifyCustomerId)
      .where(sql`${t.shopifyCustomerId} is not null`),
  ],
);

export const attributeType = pgEnum("attribute_type", ["LONG", "DATE", "STRING", "BOOLEAN", "INTEGER"]);
export type AttributeType = (typeof attributeType.enumValues)[number];
export const attributeScope = pgEnum("attribute_scope", ["contact", "product"]);

/** A custom attribute a company defines for its contacts, or for a contact's product. */
export const attributes = pgTable(
  "attributes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    type: attributeType("type").notNull(),
    scope: attributeScope("scope").notNull().default("contact"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("attributes_account_scope_title_uq").on(t.accountId, t.scope, sql`lower(${t.title})`)],
);

// account_id of the contact's child rows (attribute values, product links) has no foreign key of its
// own: the contact's cascades remove them with their company, and a key checked on every row was a
// large part of what a CSV import of a million contacts cost (migration 0011).
// Attribute values have no foreign keys at all (migration 0037): the import writes hundreds of
// thousands at a time, and each key was checked row by row. Their writers hold the rule instead: a
// value's contact and attribute are its company's, and neither is deleted under the write
// (lockValueTargets, attributes.server.ts; the import's merge). Triggers of migration 0037 delete a
// deleted contact's or attribute's values, as the cascades did.
export const contactAttributeValues = pgTable(
  "contact_attribute_values",
  {
    accountId: uuid("account_id").notNull(),
    contactId: uuid("contact_id").notNull(),
    attributeId: uuid("attribute_id").notNull(),
    value: text("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.attributeId] })],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("products_account_idx").on(t.accountId),
    // A company's product names are unique whatever their case.
    uniqueIndex("products_account_name_uq").on(t.accountId, sql`lower(${t.name})`),
  ],
);

export const journeyState = pgEnum("journey_state", ["live", "muted", "paused", "disabled"]);

/** Every product owns one journey (its touchpoints come with the journeys work). */
export const journeys = pgTable("journeys", {
  id: uuid("id").primaryKey().defaultRandom(),
  accountId: uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  productId: uuid("product_id")
    .notNull()
    .unique()
    .references(() => products.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  state: journeyState("state").notNull().default("live"),
  stateChangedAt: timestamp("state_changed_at", { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A contact linked to a product ("product owner"); linking enrolls the contact in the product's journey. */
export const contactProducts = pgTable(
  "contact_products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id").notNull(),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("contact_products_contact_product_uq").on(t.contactId, t.productId),
    // A product's owners, most recently linked first.
    index("contact_products_product_created_idx").on(t.productId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const productAttributeValues = pgTable(
  "product_attribute_values",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    contactProductId: uuid("contact_product_id")
      .notNull()
      .references(() => contactProducts.id, { onDelete: "cascade" }),
    attributeId: uuid("attribute_id")
      .notNull()
      .references(() => attributes.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.contactProductId, t.attributeId] })],
);

export const csvImportStatus = pgEnum("csv_import_status", [
  "uploaded",
  "queued",
  "processing",
  "completed",
  "failed",
]);

/** One uploaded contacts file and how its import went; errors are kept row by row. */
export const csvImports = pgTable(
  "csv_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    filename: text("filename").notNull(),
    storageKey: text("storage_key").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    productIds: uuid("product_ids").array().notNull().default([]),
    status: csvImportStatus("status").notNull().default("uploaded"),
    rowsTotal: integer("rows_total"),
    rowsDone: integer("rows_done").notNull().default(0),
    rowsImported: integer("rows_imported").notNull().default(0),
    rowsFailed: integer("rows_failed").notNull().default(0),
    // Of rows_imported: new contacts, and rows applied to contacts already there (issue 20).
    rowsAdded: integer("rows_added").notNull().default(0),
    rowsUpdated: integer("rows_updated").notNull().default(0),
    // The merchant's declaration that the file's contacts gave SMS consent (null: none): its source in
    // words and the date, recorded as the consent of each row whose own consent cell is blank.
    consentSource: text("consent_source"),
    consentDate: date("consent_date", { mode: "string" }),
    // Where a resumed import starts again: every row before it is fully applied.
    committedRows: integer("committed_rows").notNull().default(0),
    unknownColumns: text("unknown_columns").array().notNull().default([]),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("csv_imports_account_idx").on(t.accountId, t.createdAt)],
);

export const csvImportErrors = pgTable(
  "csv_import_errors",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => csvImports.id, { onDelete: "cascade" }),
    rowNumber: integer("row_number").notNull(),
    reason: text("reason").notNull(),
    raw: text("raw").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.importId, t.rowNumber] })],
);
