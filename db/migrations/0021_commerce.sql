CREATE TABLE "shopify_catalogue_products" (
	"account_id" uuid NOT NULL,
	"shop" text NOT NULL,
	"shopify_product_id" text NOT NULL,
	"title" text NOT NULL,
	"product_type" text DEFAULT '' NOT NULL,
	"product_type_lowercased" text DEFAULT '' NOT NULL,
	"handle" text,
	"status" text,
	"image_url" text,
	"shopify_updated_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_catalogue_variants" (
	"account_id" uuid NOT NULL,
	"shopify_variant_id" text NOT NULL,
	"shopify_product_id" text NOT NULL,
	"title" text NOT NULL,
	"sku" text,
	"price_minor" bigint,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_mapped_variants" (
	"account_id" uuid NOT NULL,
	"shopify_variant_id" text NOT NULL,
	"shopify_product_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"mapping_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"shop" text NOT NULL,
	"shopify_order_id" text NOT NULL,
	"name" text,
	"shopify_customer_id" text,
	"contact_id" uuid,
	"total_price_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"attributed_touchpoint_id" uuid,
	"attributed_click_id" uuid,
	"line_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "attribution_window_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "shopify_customer_id" text;--> statement-breakpoint
ALTER TABLE "shopify_catalogue_products" ADD CONSTRAINT "shopify_catalogue_products_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_catalogue_variants" ADD CONSTRAINT "shopify_catalogue_variants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_mapped_variants" ADD CONSTRAINT "shopify_mapped_variants_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_mapped_variants" ADD CONSTRAINT "shopify_mapped_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_mapped_variants" ADD CONSTRAINT "shopify_mapped_variants_mapping_id_shopify_product_mappings_id_fk" FOREIGN KEY ("mapping_id") REFERENCES "public"."shopify_product_mappings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_orders" ADD CONSTRAINT "shopify_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_orders" ADD CONSTRAINT "shopify_orders_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_orders" ADD CONSTRAINT "shopify_orders_attributed_touchpoint_id_touchpoints_id_fk" FOREIGN KEY ("attributed_touchpoint_id") REFERENCES "public"."touchpoints"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_orders" ADD CONSTRAINT "shopify_orders_attributed_click_id_link_clicks_id_fk" FOREIGN KEY ("attributed_click_id") REFERENCES "public"."link_clicks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_catalogue_products_uq" ON "shopify_catalogue_products" USING btree ("account_id","shopify_product_id");--> statement-breakpoint
CREATE INDEX "shopify_catalogue_products_type_title_idx" ON "shopify_catalogue_products" USING btree ("account_id","product_type_lowercased","title");--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_catalogue_variants_uq" ON "shopify_catalogue_variants" USING btree ("account_id","shopify_variant_id");--> statement-breakpoint
CREATE INDEX "shopify_catalogue_variants_product_idx" ON "shopify_catalogue_variants" USING btree ("account_id","shopify_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_mapped_variants_uq" ON "shopify_mapped_variants" USING btree ("account_id","shopify_variant_id");--> statement-breakpoint
CREATE INDEX "shopify_mapped_variants_product_idx" ON "shopify_mapped_variants" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_orders_shop_order_uq" ON "shopify_orders" USING btree ("account_id","shopify_order_id");--> statement-breakpoint
CREATE INDEX "shopify_orders_contact_idx" ON "shopify_orders" USING btree ("contact_id","placed_at");--> statement-breakpoint
CREATE INDEX "shopify_orders_touchpoint_idx" ON "shopify_orders" USING btree ("attributed_touchpoint_id","placed_at") WHERE "shopify_orders"."attributed_touchpoint_id" is not null;--> statement-breakpoint
CREATE INDEX "contacts_account_shopify_customer_idx" ON "contacts" USING btree ("account_id","shopify_customer_id") WHERE "contacts"."shopify_customer_id" is not null;