import { sql } from "drizzle-orm";
import {
  boolean,
  date,
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
import { accounts } from "./accounts";
import { contactProducts, contacts, journeyState, journeys, products } from "./contacts";
import { users } from "./identity";

/**
 * The journey engine's tables: a journey's touchpoints, the enrollments that walk contacts through
 * them, every message sent (one row per enrollment, cycle and touchpoint: its idempotency key), the
 * tracked links in those messages and their clicks, consent events, and usage per billing period.
 */

export const messageChannel = pgEnum("message_channel", ["sms", "whatsapp", "email"]);
export type MessageChannel = (typeof messageChannel.enumValues)[number];

export const waitUnit = pgEnum("wait_unit", ["minutes", "hours", "days"]);
export type WaitUnit = (typeof waitUnit.enumValues)[number];

/** One step of a journey: after its wait (from the previous step, or from enrollment), one message. */
export const touchpoints = pgTable(
  "touchpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    journeyId: uuid("journey_id")
      .notNull()
      .references(() => journeys.id, { onDelete: "cascade" }),
    /** 1-based position in the journey; rewritten as a whole when touchpoints are reordered. */
    ordinal: integer("ordinal").notNull(),
    name: text("name").notNull(),
    /** The wait in minutes (0: immediate on insert); waitUnit is how the user entered it. */
    waitMinutes: integer("wait_minutes").notNull().default(0),
    waitUnit: waitUnit("wait_unit").notNull().default("days"),
    channel: messageChannel("channel").notNull().default("sms"),
    /** Email only. */
    subject: text("subject"),
    /** May hold {{LINK}} and contact fields such as {{first_name}}. */
    message: text("message").notNull(),
    /** Where {{LINK}} leads; each message gets its own tracked link to it. */
    linkTarget: text("link_target"),
    /** The touchpoint's own tracked link code, created when its link is saved. */
    linkCode: text("link_code"),
    /**
     * False for a non-commercial message (a setup guide for the purchase): the only kind that goes to
     * contacts added by the store's automatic opt-in without marketing consent (sms_consent
     * non_commercial). Every touchpoint is commercial unless marked otherwise.
     */
    commercial: boolean("commercial").notNull().default(true),
    /**
     * WhatsApp only: the approved template it sends (name and language, db/schema/whatsapp.ts), and
     * what fills its {{1}}, {{2}}...: contact fields (first_name...) or LINK, the tracked link. Null:
     * free text, which Meta delivers only within 24 hours of the contact's last message.
     */
    whatsappTemplateName: text("whatsapp_template_name"),
    whatsappTemplateLanguage: text("whatsapp_template_language"),
    whatsappTemplateParameters: jsonb("whatsapp_template_parameters").$type<string[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("touchpoints_journey_ordinal_idx").on(t.journeyId, t.ordinal)],
);

/** Every change of a journey's state, by whom. */
export const journeyStateChanges = pgTable(
  "journey_state_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    journeyId: uuid("journey_id")
      .notNull()
      .references(() => journeys.id, { onDelete: "cascade" }),
    fromState: journeyState("from_state").notNull(),
    toState: journeyState("to_state").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("journey_state_changes_journey_idx").on(t.journeyId, t.createdAt)],
);

export const enrollmentStatus = pgEnum("enrollment_status", ["active", "completed", "ended"]);
export type EnrollmentStatus = (typeof enrollmentStatus.enumValues)[number];

/**
 * A contact walking a product's journey: once per contact and journey. `position` counts the
 * touchpoints done in the current cycle; a reset (the journey disabled then resumed, or a re-link)
 * starts a new cycle at position 0, so the same touchpoint may be sent again in the new cycle.
 */
export const enrollments = pgTable(
  "enrollments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    journeyId: uuid("journey_id")
      .notNull()
      .references(() => journeys.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The link that enrolled the contact; null once it is removed (the enrollment then ends). */
    contactProductId: uuid("contact_product_id").references(() => contactProducts.id, {
      onDelete: "set null",
    }),
    status: enrollmentStatus("status").notNull().default("active"),
    cycle: integer("cycle").notNull().default(0),
    position: integer("position").notNull().default(0),
    /** When the current position began (enrollment, or the previous touchpoint's turn): waits count from it. */
    stepStartedAt: timestamp("step_started_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the next touchpoint is due; null when there is none (completed, ended, or no touchpoints). */
    nextDueAt: timestamp("next_due_at", { withTimezone: true }),
    enrolledAt: timestamp("enrolled_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("enrollments_journey_contact_uq").on(t.journeyId, t.contactId),
    // The scheduler's scan: due active enrollments, oldest due first.
    index("enrollments_due_idx")
      .on(t.nextDueAt)
      .where(sql`${t.status} = 'active' and ${t.nextDueAt} is not null`),
    index("enrollments_contact_idx").on(t.contactId),
  ],
);

export const messageStatus = pgEnum("message_status", [
  "queued",
  "sending",
  "sent",
  "delivered",
  "failed",
  "undelivered",
  "suppressed",
]);
export type MessageStatus = (typeof messageStatus.enumValues)[number];

/**
 * Every message to a contact. The idempotency key ("enrollment:cycle:touchpoint", or "test:<uuid>")
 * is written before the provider is called, so no (enrollment, cycle, touchpoint) is ever sent twice.
 */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    enrollmentId: uuid("enrollment_id").references(() => enrollments.id, { onDelete: "set null" }),
    journeyId: uuid("journey_id").references(() => journeys.id, { onDelete: "set null" }),
    touchpointId: uuid("touchpoint_id").references(() => touchpoints.id, { onDelete: "set null" }),
    /** Sent with Test now: bypasses quiet hours and the journey's state, never opt-out. */
    isTest: boolean("is_test").notNull().default(false),
    channel: messageChannel("channel").notNull(),
    /** Filled when the message is sent (the rendered text); empty while queued. */
    recipient: text("recipient"),
    subject: text("subject"),
    body: text("body"),
    segments: integer("segments").notNull().default(0),
    status: messageStatus("status").notNull().default("queued"),
    /** Why it failed, was suppressed or is waiting (quiet hours), for the UI. */
    statusReason: text("status_reason"),
    attempts: integer("attempts").notNull().default(0),
    providerMessageId: text("provider_message_id"),
    /** When the dispatcher may send it (quiet hours move it later). */
    sendAfter: timestamp("send_after", { withTimezone: true }).notNull().defaultNow(),
    /** When a send job was last queued for it; the sweeper re-queues queued messages whose job was lost. */
    enqueuedAt: timestamp("enqueued_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Clicks of this message's tracked links and when the first came: kept by a trigger on link_clicks
     * (migration 0034_analytics) so the analytics rollups count clicks with the message they belong to.
     */
    clickCount: integer("click_count").notNull().default(0),
    firstClickedAt: timestamp("first_clicked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("messages_idempotency_uq").on(t.idempotencyKey),
    uniqueIndex("messages_provider_id_uq")
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} is not null`),
    index("messages_contact_idx").on(t.contactId, t.createdAt.desc()),
    index("messages_touchpoint_status_idx").on(t.touchpointId, t.status),
    // The sweeper's scan: queued messages whose job may have been lost.
    index("messages_queued_idx").on(t.sendAfter).where(sql`${t.status} = 'queued'`),
    // The overage reporter: a company's messages sent in a billing period, newest first.
    index("messages_account_sent_idx").on(t.accountId, t.sentAt.desc()).where(sql`${t.sentAt} is not null`),
  ],
);

/** A short link at /l/{code}: a touchpoint's own (messageId null), or one message's. */
export const trackedLinks = pgTable(
  "tracked_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    targetUrl: text("target_url").notNull(),
    touchpointId: uuid("touchpoint_id").references(() => touchpoints.id, { onDelete: "set null" }),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tracked_links_code_uq").on(t.code),
    index("tracked_links_message_idx").on(t.messageId),
  ],
);

export const linkClicks = pgTable(
  "link_clicks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    trackedLinkId: uuid("tracked_link_id")
      .notNull()
      .references(() => trackedLinks.id, { onDelete: "cascade" }),
    messageId: uuid("message_id").references(() => messages.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "cascade" }),
    touchpointId: uuid("touchpoint_id").references(() => touchpoints.id, { onDelete: "set null" }),
    userAgent: text("user_agent"),
    clickedAt: timestamp("clicked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("link_clicks_contact_idx").on(t.contactId, t.clickedAt),
    index("link_clicks_touchpoint_idx").on(t.touchpointId),
  ],
);

export const consentKind = pgEnum("consent_kind", ["opt_in", "opt_out"]);

/**
 * Consent and opt-out events, kept forever as the record: where consent came from (a form, the
 * checkout, a keyword, an admin), the consent text the contact was shown, when, and from which IP.
 * contacts.sms_consent holds the current state, written in the same transaction.
 */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    channel: messageChannel("channel").notNull().default("sms"),
    kind: consentKind("kind").notNull(),
    /** form, checkout, keyword, admin, import, shopify, shopify_automatic */
    source: text("source").notNull(),
    consentText: text("consent_text"),
    ip: text("ip"),
    /** The inbound keyword (STOP, START...) when source is keyword. */
    keyword: text("keyword"),
    /** Shopify's opt-in level (single_opt_in, confirmed_opt_in, unknown) when source is shopify. */
    optInLevel: text("opt_in_level"),
    /** Where Shopify collected it (shopify: checkout, customer account or admin; other: an app or an import). */
    collectedFrom: text("collected_from"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consent_events_contact_idx").on(t.contactId, t.createdAt)],
);

/** Inbound SMS, kept once per provider id so a replayed webhook is answered only once. */
export const inboundMessages = pgTable(
  "inbound_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: messageChannel("channel").notNull().default("sms"),
    providerMessageId: text("provider_message_id").notNull(),
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    body: text("body").notNull(),
    /** stop, start, help, or null for anything else. */
    keyword: text("keyword"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("inbound_messages_provider_id_uq").on(t.providerMessageId)],
);

/** Messages and segments sent per company, billing period (its first day) and channel. */
export const messageUsage = pgTable(
  "message_usage",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    periodStart: date("period_start").notNull(),
    channel: messageChannel("channel").notNull(),
    messages: integer("messages").notNull().default(0),
    segments: integer("segments").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.periodStart, t.channel] })],
);
