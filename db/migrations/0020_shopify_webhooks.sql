ALTER TABLE "outbox_messages" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "shopify_webhooks" ADD COLUMN "triggered_at" timestamp with time zone;