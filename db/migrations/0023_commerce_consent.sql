ALTER TYPE "public"."sms_consent" ADD VALUE 'non_commercial';--> statement-breakpoint
ALTER TABLE "consent_events" ADD COLUMN "opt_in_level" text;--> statement-breakpoint
ALTER TABLE "touchpoints" ADD COLUMN "commercial" boolean DEFAULT true NOT NULL;