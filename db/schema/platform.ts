import { sql } from "drizzle-orm";
import {
  boolean,
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

/** The id of the dashboard that every company falls back to; it cannot be deleted. */
export const DEFAULT_DASHBOARD_ID = "default";

export const dashboards = pgTable("dashboards", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  embedUrl: text("embed_url"),
  isDefault: boolean("is_default").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const tags = pgTable("tags", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type PriceValue = { valueCents: number; billingPeriod: "month" | "year" | "metered" };
export type PlanLimits = {
  touchpoints: number;
  associatedCostMillicents?: number;
  overageCostMillicents?: number;
};

export const plans = pgTable("plans", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  limits: jsonb("limits").$type<PlanLimits>().notNull(),
  stripePriceIds: text("stripe_price_ids").array().notNull().default([]),
  priceValues: jsonb("price_values").$type<Record<string, PriceValue>>().notNull().default({}),
  // Whole dollars of the monthly price; the spec special-cases 0 and 25.
  monthlyPriceCents: integer("monthly_price_cents").notNull(),
  storePlatformOnly: boolean("store_platform_only").notNull().default(false),
  listed: boolean("listed").notNull().default(true),
  order: integer("order").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const legalKind = pgEnum("legal_kind", ["terms", "privacy"]);
export type LegalKind = (typeof legalKind.enumValues)[number];

/** The current Terms & Conditions and Privacy Policy links; updatedAt is their version. */
export const legalDocuments = pgTable("legal_documents", {
  kind: legalKind("kind").primaryKey(),
  url: text("url").notNull(),
  metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const legalAcceptances = pgTable(
  "legal_acceptances",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: legalKind("kind").notNull(),
    version: timestamp("version", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.version] })],
);

/** Key/value settings; keys beginning with '{kind}pattern' hold {regex, errorMessage}. */
export const systemConfiguration = pgTable("system_configuration", {
  key: text("key").primaryKey(),
  value: jsonb("value").$type<unknown>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type OutboxAttachment = { filename: string; contentType: string; contentBase64: string };

export const outboxChannel = pgEnum("outbox_channel", ["email", "sms", "whatsapp"]);

/** Where mail, SMS and WhatsApp land when no outside service is configured (shown at /dev/outbox). */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: outboxChannel("channel").notNull(),
    recipient: text("recipient").notNull(),
    sender: text("sender").notNull(),
    subject: text("subject"),
    text: text("text").notNull(),
    html: text("html"),
    /** Files attached to an email (a customer data export), each as base64. */
    attachments: jsonb("attachments").$type<OutboxAttachment[]>(),
    /** The journey message this row delivers (null for app mail): at most one row per message. */
    messageId: uuid("message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("outbox_messages_message_uq").on(t.messageId).where(sql`${t.messageId} is not null`)],
);
