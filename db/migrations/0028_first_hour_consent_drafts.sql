ALTER TABLE "csv_imports" ADD COLUMN "rows_added" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "csv_imports" ADD COLUMN "rows_updated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "csv_imports" ADD COLUMN "consent_source" text;--> statement-breakpoint
ALTER TABLE "csv_imports" ADD COLUMN "consent_date" date;--> statement-breakpoint
-- Journeys start as drafts (issue 20): a journey still being built (no touchpoints, its state never
-- changed by anyone) is paused, so that its first touchpoint does not message the contacts already
-- linked the moment it is saved. The merchant makes it live from the touchpoints page.
UPDATE "journeys" SET "state" = 'paused', "state_changed_at" = now()
WHERE "state" = 'live'
  AND NOT EXISTS (SELECT 1 FROM "touchpoints" t WHERE t."journey_id" = "journeys"."id")
  AND NOT EXISTS (SELECT 1 FROM "journey_state_changes" c WHERE c."journey_id" = "journeys"."id");
