DROP INDEX "shopify_catalogue_products_uq";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "created_for_store_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "shopify_webhooks" ADD COLUMN "body_hash" text;--> statement-breakpoint
CREATE INDEX "shopify_orders_order_idx" ON "shopify_orders" USING btree ("shopify_order_id");--> statement-breakpoint
CREATE INDEX "shopify_orders_customer_idx" ON "shopify_orders" USING btree ("shopify_customer_id") WHERE "shopify_orders"."shopify_customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_webhooks_body_uq" ON "shopify_webhooks" USING btree ("body_hash","topic","shop") WHERE "shopify_webhooks"."body_hash" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_catalogue_products_uq" ON "shopify_catalogue_products" USING btree ("shopify_product_id","account_id");