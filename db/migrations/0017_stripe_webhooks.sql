ALTER TYPE "public"."account_status" ADD VALUE 'CANCELLED';--> statement-breakpoint
DROP INDEX "stripe_events_unprocessed_idx";--> statement-breakpoint
CREATE INDEX "accounts_stripe_customer_id_idx" ON "accounts" USING btree ("stripe_customer_id") WHERE "accounts"."stripe_customer_id" is not null;--> statement-breakpoint
CREATE INDEX "stripe_events_unprocessed_idx" ON "stripe_events" USING btree ("received_at") WHERE "stripe_events"."processed_at" is null;