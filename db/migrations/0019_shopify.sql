CREATE TABLE "shopify_product_mappings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"shopify_product_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"shopify_product_variants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopify_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"state" text NOT NULL,
	"isOnline" boolean DEFAULT false NOT NULL,
	"scope" text,
	"expires" timestamp,
	"accessToken" text NOT NULL,
	"userId" bigint,
	"firstName" text,
	"lastName" text,
	"email" text,
	"accountOwner" boolean,
	"locale" text,
	"collaborator" boolean,
	"emailVerified" boolean,
	"refreshToken" text,
	"refreshTokenExpires" timestamp
);
--> statement-breakpoint
CREATE TABLE "shopify_usage_records" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"shop" text NOT NULL,
	"period_start" date NOT NULL,
	"price_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reported_at" timestamp with time zone,
	"shopify_record_id" text,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "shopify_webhooks" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"topic" text NOT NULL,
	"api_version" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "store_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_domain" text NOT NULL,
	"shopify_store_id" text,
	"store_name" text NOT NULL,
	"shop_email" text,
	"account_id" uuid,
	"enabled" boolean DEFAULT true NOT NULL,
	"consent" text,
	"consent_title" text,
	"show_stepper" boolean DEFAULT true NOT NULL,
	"is_profile_lock" boolean DEFAULT false NOT NULL,
	"show_welcome_pop_up" boolean DEFAULT true NOT NULL,
	"plan_details" jsonb,
	"add_contacts_without_marketing_consent" boolean DEFAULT false NOT NULL,
	"scopes" text,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uninstalled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shopify_product_mappings" ADD CONSTRAINT "shopify_product_mappings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_product_mappings" ADD CONSTRAINT "shopify_product_mappings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_usage_records" ADD CONSTRAINT "shopify_usage_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_profiles" ADD CONSTRAINT "store_profiles_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_product_mappings_product_uq" ON "shopify_product_mappings" USING btree ("account_id","product_id");--> statement-breakpoint
CREATE INDEX "shopify_sessions_shop_idx" ON "shopify_sessions" USING btree ("shop");--> statement-breakpoint
CREATE INDEX "shopify_usage_records_unreported_idx" ON "shopify_usage_records" USING btree ("created_at") WHERE "shopify_usage_records"."reported_at" is null;--> statement-breakpoint
CREATE INDEX "shopify_webhooks_unprocessed_idx" ON "shopify_webhooks" USING btree ("received_at") WHERE "shopify_webhooks"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "shopify_webhooks_shop_idx" ON "shopify_webhooks" USING btree ("shop");--> statement-breakpoint
CREATE UNIQUE INDEX "store_profiles_shop_domain_uq" ON "store_profiles" USING btree ("shop_domain");--> statement-breakpoint
CREATE UNIQUE INDEX "store_profiles_account_uq" ON "store_profiles" USING btree ("account_id") WHERE "store_profiles"."account_id" is not null;