-- Trigram indexes for the admin area's substring searches (companies by name or id, users by
-- email, names and company); drizzle-kit cannot express extensions or operator classes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounts_company_lowercased_trgm_idx" ON "accounts" USING gin ("company_lowercased" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "accounts_id_text_trgm_idx" ON "accounts" USING gin (("id"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_given_name_trgm_idx" ON "users" USING gin (lower("given_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_family_name_trgm_idx" ON "users" USING gin (lower("family_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_created_at_idx" ON "users" ("created_at");
