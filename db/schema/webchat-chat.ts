import { sql } from "drizzle-orm";
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { contacts } from "./contacts";
import { users } from "./identity";

/**
 * The web chat (issue 17): one conversation per company and contact, its messages (each stored once,
 * written by the contact or by a staff member), the contacts' emailed sign-in links and codes, and
 * their chat sessions. Every row carries the company's account_id, and every query filters by it.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // The newest message's time: the inbox lists conversations newest first.
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    // The New Message email goes out at most once per 15 minutes per conversation: when the last went.
    lastNewMessageEmailAt: timestamp("last_new_message_email_at", { withTimezone: true }),
    // Set by the email's unsubscribe link: no more New Message emails for this conversation.
    emailUnsubscribedAt: timestamp("email_unsubscribed_at", { withTimezone: true }),
    // The Welcome email goes out once, at the contact's first sign-in.
    welcomedAt: timestamp("welcomed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chat_conversations_account_contact_uq").on(t.accountId, t.contactId),
    index("chat_conversations_account_last_idx").on(t.accountId, t.lastMessageAt.desc(), t.id.desc()),
  ],
);

export const chatAuthorKind = pgEnum("chat_author_kind", ["contact", "staff"]);
export type ChatAuthorKind = (typeof chatAuthorKind.enumValues)[number];

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    authorKind: chatAuthorKind("author_kind").notNull(),
    // The staff member who wrote it (null for the contact's messages, or a deleted user).
    authorUserId: uuid("author_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    // A retried post (the same key from the same side of the conversation) is stored once.
    clientKey: text("client_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // When the other side read it: the contact's messages count as unread in the inbox until then.
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("chat_messages_conversation_created_idx").on(t.conversationId, t.createdAt, t.id),
    index("chat_messages_unread_idx").on(t.conversationId, t.authorKind).where(sql`${t.readAt} is null`),
    uniqueIndex("chat_messages_client_key_uq")
      .on(t.conversationId, t.authorKind, t.clientKey)
      .where(sql`${t.clientKey} is not null`),
  ],
);

/** A New Magic Link email's one-time link and 6-digit code (hashed): 15 minutes, single use. */
export const chatSignInTokens = pgTable(
  "chat_sign_in_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    linkHash: text("link_hash").notNull(),
    codeHash: text("code_hash").notNull(),
    // Wrong codes tried against it: past the limit it is void.
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chat_sign_in_tokens_link_uq").on(t.linkHash),
    index("chat_sign_in_tokens_contact_idx").on(t.accountId, t.contactId, t.createdAt.desc()),
  ],
);

/** A contact signed in to its company's chat app (the cookie holds the token; the row its hash). */
export const chatSessions = pgTable(
  "chat_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // Refreshed while the contact's chat window is open (its event stream): "away" is older than a minute.
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chat_sessions_token_uq").on(t.tokenHash),
    index("chat_sessions_contact_idx").on(t.accountId, t.contactId),
  ],
);
