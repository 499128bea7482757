DROP INDEX "contact_products_product_idx";--> statement-breakpoint
CREATE INDEX "contact_products_product_created_idx" ON "contact_products" USING btree ("product_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "products_account_name_uq" ON "products" USING btree ("account_id",lower("name"));