import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { users } from "./identity";

/** The web chat's three emails (spec 3 section 3.6): Welcome, New Message, New Magic Link. */
export const webchatTemplateKind = pgEnum("webchat_template_kind", ["welcome", "newMessage", "magicLink"]);
export type WebchatTemplateKind = (typeof webchatTemplateKind.enumValues)[number];

/**
 * One row per company and kind. subject/body are the applied copy the chat app sends (null until
 * the first Apply: the default template is sent); draftSubject/draftBody are what the editor kept as
 * it was typed (autosaved), so a reload finds the edit again. Bodies are stored sanitised.
 */
export const webchatEmailTemplates = pgTable(
  "webchat_email_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: webchatTemplateKind("kind").notNull(),
    subject: text("subject"),
    body: text("body"),
    savedAt: timestamp("saved_at", { withTimezone: true }),
    savedBy: uuid("saved_by").references(() => users.id, { onDelete: "set null" }),
    draftSubject: text("draft_subject"),
    draftBody: text("draft_body"),
    draftAt: timestamp("draft_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("webchat_email_templates_account_kind_uq").on(t.accountId, t.kind)],
);

/**
 * The chat app's branding (spec 3 section 3.7), one row per company once it was applied; a company
 * that never saved gets the defaults of app/domain/webchat/branding/branding-schema.ts. The
 * subdomain is not here: it is accounts.chatstream_subdomain (unique there). Images are addresses:
 * an uploaded asset's (/webchat-assets/...) or a default placeholder's.
 */
export const webchatBranding = pgTable(
  "webchat_branding",
  {
    accountId: uuid("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    // Images.
    favicon: text("favicon").notNull(),
    homeScreenIcon: text("home_screen_icon").notNull(),
    headerIcon: text("header_icon").notNull(),
    brandMessageIcon: text("brand_message_icon").notNull(),
    // Names.
    pageTitle: text("page_title").notNull(),
    longAppName: text("long_app_name").notNull(),
    shortAppName: text("short_app_name").notNull(),
    // Colours (#rgb or #rrggbb).
    mainElementColor: text("main_element_color").notNull(),
    buttonTextColor: text("button_text_color").notNull(),
    linkTextColor: text("link_text_color").notNull(),
    brandMessageBackgroundColor: text("brand_message_background_color").notNull(),
    brandMessageTextColor: text("brand_message_text_color").notNull(),
    contactMessageBackgroundColor: text("contact_message_background_color").notNull(),
    contactMessageTextColor: text("contact_message_text_color").notNull(),
    // Welcome pop-up.
    welcomeTitleText: text("welcome_title_text").notNull(),
    welcomeBodyText: text("welcome_body_text").notNull(),
    welcomeButtonText: text("welcome_button_text").notNull(),
    // Links ("" when the company has none).
    faqLink: text("faq_link").notNull(),
    supportLink: text("support_link").notNull(),
    shopLink: text("shop_link").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  // The installed app's short name must not collide with another company's (spec 3 section 5.4).
  (t) => [uniqueIndex("webchat_branding_short_app_name_uq").on(sql`lower(${t.shortAppName})`)],
);

/**
 * Images a company uploaded for its chat (spec 3 section 3.8, customer asset): kept through the
 * storage module under webchat-assets/<account>/<id>.<ext>, served publicly at /webchat-assets/<id>.<ext>
 * (the chat app, its manifest and emails load them without a session).
 */
export const webchatAssets = pgTable(
  "webchat_assets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    extension: text("extension").notNull(),
    bytes: integer("bytes").notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webchat_assets_account_name_idx").on(t.accountId, t.name)],
);
