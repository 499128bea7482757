import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

export const platformRole = pgEnum("platform_role", ["admin", "roadmin", "beta", "internal"]);
export type PlatformRole = (typeof platformRole.enumValues)[number];

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  // Always stored lowercased: the email is the username.
  email: text("email").notNull().unique(),
  givenName: text("given_name").notNull(),
  familyName: text("family_name").notNull(),
  passwordHash: text("password_hash").notNull(),
  emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
  // Invited users get a temporary password and must choose their own at first sign-in.
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  suspendedAt: timestamp("suspended_at", { withTimezone: true }),
  // When the user ticked the terms checkbox at sign-up: a company they then create counts as having
  // accepted the terms in force at that time (no acceptance dialog right after setup).
  termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 (hex) of the token the cookie carries, never the token (hashSessionToken).
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** What a sign-up typed, kept with its code: confirming that code is what applies it to the user. */
export type SignUpAttempt = {
  givenName: string;
  familyName: string;
  passwordHash: string;
  /** ISO time the attempt's terms checkbox was ticked (attempts from before it was kept have none). */
  termsAcceptedAt?: string;
};

export const verificationPurpose = pgEnum("verification_purpose", ["confirm_sign_up", "reset_password"]);

export const verificationCodes = pgTable(
  "verification_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: verificationPurpose("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    // confirm_sign_up only: a repeated sign-up of an unconfirmed email changes nothing until its own
    // code is confirmed, so nobody can replace the password of someone else's pending sign-up.
    signUpAttempt: jsonb("sign_up_attempt").$type<SignUpAttempt>(),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("verification_codes_user_purpose_idx").on(t.userId, t.purpose)],
);

export const userRoles = pgTable(
  "user_roles",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: platformRole("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

/** Fixed-window counters shared by every server process (sign-in, confirm, resend, forgot). */
export const rateLimitBuckets = pgTable("rate_limit_buckets", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull().default(0),
});
