ALTER TABLE "accounts" ADD COLUMN "created_for_store_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "shopify_webhooks" ADD COLUMN "body_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_webhooks_body_uq" ON "shopify_webhooks" USING btree ("body_hash","topic","shop") WHERE "shopify_webhooks"."body_hash" is not null;