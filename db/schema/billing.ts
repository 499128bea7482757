import { sql } from "drizzle-orm";
import { date, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * Every Stripe webhook event we accepted (its signature checked), stored by Stripe's event id so a
 * replay is recognised and processed once. The route stores and answers; a job applies it
 * (app/domain/billing/stripe-events.server.ts) and sets processedAt and its outcome in words.
 */
export const stripeEvents = pgTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    // When Stripe created the event: an account never moves back to the state of an older event.
    stripeCreatedAt: timestamp("stripe_created_at", { withTimezone: true }).notNull(),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "set null" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    outcome: text("outcome"),
  },
  // Only the events still waiting: the workers and the sweep read them oldest first.
  (t) => [index("stripe_events_unprocessed_idx").on(t.receivedAt).where(sql`${t.processedAt} is null`)],
);

/**
 * Each message billed as overage (beyond the plan's included messages in its period), reported to
 * Stripe as one meter event whose identifier is the message id. A row is written before the report
 * and marked reported after it, so a worker killed in between re-sends the same identifier, which
 * Stripe counts once. No foreign key to messages: what was billed stays when a contact is deleted.
 */
export const usageMeterReports = pgTable(
  "usage_meter_reports",
  {
    messageId: uuid("message_id").primaryKey(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    periodStart: date("period_start").notNull(),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
  },
  (t) => [index("usage_meter_reports_account_period_idx").on(t.accountId, t.periodStart)],
);
