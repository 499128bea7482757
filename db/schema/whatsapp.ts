import {
  boolean,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * WhatsApp through each company's own Meta business account (spec 3 sections 3.11 and 4.8): its
 * credentials (token and app secret sealed with app/services/crypto, never stored in clear), the
 * verify token Meta's webhook subscription echoes, the approved message templates synced from the
 * account, the webhook deliveries already handled, and when each contact last wrote in.
 */
export const whatsappConfigs = pgTable(
  "whatsapp_configs",
  {
    accountId: uuid("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** customerOriginationPhoneNumberDto.phoneNumber: 10 to 13 digits. */
    originationPhone: text("origination_phone").notNull(),
    /** Listed by GET /{business-account-id}/phone_numbers with the token when saved. */
    phoneNumberId: text("phone_number_id").notNull(),
    businessAccountId: text("business_account_id").notNull(),
    /** sealSecret(token, "whatsapp-token"). */
    authTokenSealed: text("auth_token_sealed").notNull(),
    /** sealSecret(secret, "whatsapp-app-secret"): checks X-Hub-Signature-256 of inbound webhooks. */
    appSecretSealed: text("app_secret_sealed").notNull(),
    /** 36 characters from a CSPRNG, shown to the company to paste into Meta's webhook settings. */
    verifyToken: text("verify_token").notNull(),
    webhookVerified: boolean("webhook_verified").notNull().default(false),
    webhookVerifiedAt: timestamp("webhook_verified_at", { withTimezone: true }),
    templatesSyncedAt: timestamp("templates_synced_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("whatsapp_configs_verify_token_uq").on(t.verifyToken),
    // Inbound webhooks are routed by the phone number id to the one company holding it; the WhatsApp
    // Business Account (checked with the company's token to list that number) is one company's too.
    uniqueIndex("whatsapp_configs_phone_number_id_uq").on(t.phoneNumberId),
    uniqueIndex("whatsapp_configs_business_account_uq").on(t.businessAccountId),
  ],
);

/** A company's message templates as Meta last answered them (only APPROVED ones are offered). */
export const whatsappTemplates = pgTable(
  "whatsapp_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    language: text("language").notNull(),
    status: text("status").notNull(),
    category: text("category"),
    /** The BODY component's text, with {{1}}, {{2}}... */
    body: text("body").notNull().default(""),
    parameterCount: integer("parameter_count").notNull().default(0),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("whatsapp_templates_account_name_lang_uq").on(t.accountId, t.name, t.language)],
);

/**
 * Webhook entries already handled: "message:{wamid}" or "status:{wamid}:{status}". Meta retries a
 * delivery until it gets a 200 and may send the same entry twice; each is acted on once.
 */
export const whatsappWebhookEntries = pgTable("whatsapp_webhook_entries", {
  key: text("key").primaryKey(),
  accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When a number last wrote to a company on WhatsApp: free text may go to it only within 24 hours
 * of that (Meta's customer service window); outside it, only an approved template.
 */
export const whatsappInboundWindows = pgTable(
  "whatsapp_inbound_windows",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** E.164, as contacts.phone. */
    phone: text("phone").notNull(),
    lastInboundAt: timestamp("last_inbound_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.phone] })],
);
