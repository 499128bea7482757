import { bigint, date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { messageChannel } from "./messaging";

/**
 * Analytics rollups (issue 18): per company and local day (the company's time zone), the counts the
 * analytics page reads instead of raw rows. They are kept by statement-level triggers on the rows they
 * count (migration 0030_analytics), in the same transaction as those rows: a trigger adds what a
 * statement changed (new values minus old ones), so a retry or replay that changes nothing counts
 * nothing, and a deletion (a contact, a company) takes its counts with it. analytics_rebuild(account)
 * recomputes a company's rows from the raw rows with the same expressions (`npm run analytics:rebuild`).
 *
 * A day is the company's local day (accounts.time_zone); changing the time zone queues a rebuild of the
 * company's rollups (the analytics-rebuild job), which moves its history to the new days. Messages
 * count on the day they were sent (created, when never sent) with everything that happens to them
 * (delivery, failure, clicks); other events on their own day. Ids that are not there (a
 * message of no journey, an order of no touchpoint) are stored as the nil uuid so they can be keys.
 */

export const NIL_UUID = "00000000-0000-0000-0000-000000000000";

/** Messages per company, day they were sent (created, when never sent), journey, touchpoint and channel. */
export const analyticsMessageDaily = pgTable(
  "analytics_message_daily",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    journeyId: uuid("journey_id").notNull(),
    touchpointId: uuid("touchpoint_id").notNull(),
    channel: messageChannel("channel").notNull(),
    sent: integer("sent").notNull().default(0),
    delivered: integer("delivered").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    /** Clicks of these messages' tracked links (counted on the message's day). */
    clicks: integer("clicks").notNull().default(0),
    /** These messages clicked at least once. */
    clickedMessages: integer("clicked_messages").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day, t.journeyId, t.touchpointId, t.channel] }),
    // The platform overview: every company's day.
    index("analytics_message_daily_day_idx").on(t.day),
  ],
);

/** Messages not sent (suppressed) or held back (quiet hours, paused) per company, day and reason. */
export const analyticsNotSentDaily = pgTable(
  "analytics_not_sent_daily",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** The engine's reason code, lowercased with underscores (report.ts NOT_SENT_REASONS). */
    reason: text("reason").notNull(),
    messages: integer("messages").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.reason] })],
);

/** Contacts, consent and sign-up forms per company and day. */
export const analyticsAudienceDaily = pgTable(
  "analytics_audience_daily",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    newContacts: integer("new_contacts").notNull().default(0),
    optIns: integer("opt_ins").notNull().default(0),
    optOuts: integer("opt_outs").notNull().default(0),
    /** From the forms' own per-UTC-day counter (form_view_counts): shown on that date. */
    formViews: integer("form_views").notNull().default(0),
    formSubmissions: integer("form_submissions").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

/** Store orders (cancelled ones left out) per company, day placed, currency and attributed touchpoint. */
export const analyticsOrderDaily = pgTable(
  "analytics_order_daily",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    /** The nil uuid: not attributed to any touchpoint. */
    touchpointId: uuid("touchpoint_id").notNull(),
    orders: integer("orders").notNull().default(0),
    revenueMinor: bigint("revenue_minor", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day, t.currency, t.touchpointId] })],
);
