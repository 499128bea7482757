-- The contacts page at a million contacts per company (npm run bench:contacts). drizzle-kit cannot
-- express INCLUDE, extensions or operator classes, hence this hand-written migration.
-- 1. The keyset index also carries what the list shows and filters on, so a page, and the window of
--    newest contacts a search reads first, come from the index alone (index-only scans).
-- 2. The trigram indexes start with account_id (btree_gin), so a search reads only the company's
--    matches, not those of every company.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_account_created_idx";--> statement-breakpoint
CREATE INDEX "contacts_account_created_idx" ON "contacts" USING btree ("account_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) INCLUDE ("is_active","first_name","last_name","email","phone");--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_email_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "contacts_phone_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_account_name_trgm_idx" ON "contacts" USING gin ("account_id", (lower("first_name" || ' ' || "last_name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_account_email_trgm_idx" ON "contacts" USING gin ("account_id", "email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_account_phone_trgm_idx" ON "contacts" USING gin ("account_id", "phone" gin_trgm_ops);
