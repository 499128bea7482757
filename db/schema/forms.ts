import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { contacts } from "./contacts";

/**
 * Sign-up forms ("microsites", spec §3.1). The element list and the style are JSON documents whose
 * shapes app/domain/forms/form-document.ts defines and checks; disabled true means unpublished.
 */
export const microsites = pgTable(
  "microsites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    disabled: boolean("disabled").notNull().default(true),
    templateName: text("template_name").notNull(),
    elements: jsonb("elements").$type<unknown[]>().notNull(),
    style: jsonb("style").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("microsites_account_updated_idx").on(t.accountId, t.updatedAt.desc())],
);

/**
 * One row per accepted public submission ('Form Submitted'). The idempotency key is issued with the
 * page, so a double click or a replayed post finds its row and writes nothing twice. Kept for
 * analytics and as the record of what was sent and which consent text was shown.
 */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: uuid("form_id")
      .notNull()
      .references(() => microsites.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    contactId: uuid("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").notNull(),
    values: jsonb("values").$type<Record<string, string>>().notNull(),
    consentText: text("consent_text"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("form_submissions_form_key_uq").on(t.formId, t.idempotencyKey),
    index("form_submissions_account_created_idx").on(t.accountId, t.createdAt),
  ],
);

/** 'Form Page Loads' per form per UTC day: one counter row, incremented by an upsert. */
export const formViewCounts = pgTable(
  "form_view_counts",
  {
    formId: uuid("form_id")
      .notNull()
      .references(() => microsites.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.formId, t.day] })],
);

/**
 * Captcha challenges already redeemed (ALTCHA solutions are otherwise replayable until they
 * expire). Keyed by the challenge signature; rows past expires_at may be deleted at any time.
 */
export const usedCaptchas = pgTable(
  "used_captchas",
  {
    signature: text("signature").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("used_captchas_expires_idx").on(t.expiresAt)],
);

/**
 * Submissions accepted by the public form and not applied yet. The request checks the fields and the
 * captcha, spends the captcha and stores this row in one statement, and answers; the
 * "form-submissions-apply" job then creates or updates the contact, its consent and the
 * form_submissions row and deletes this one, in one transaction (app/domain/forms/apply-submissions.server.ts).
 * `payload` is everything the apply needs (the checked values, the contact, its attributes, the
 * products); the consent text, the address and the time are the submission's, not the apply's.
 */
export const pendingFormSubmissions = pgTable(
  "pending_form_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    formId: uuid("form_id")
      .notNull()
      .references(() => microsites.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    consentText: text("consent_text"),
    ip: text("ip"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    /** Failed applies so far, their last error, and when the next may run. */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pending_form_submissions_form_key_uq").on(t.formId, t.idempotencyKey),
    index("pending_form_submissions_not_before_idx").on(t.notBefore),
  ],
);
