CREATE TABLE "shopify_customer_consents" (
	"account_id" uuid NOT NULL,
	"shop" text NOT NULL,
	"shopify_customer_id" text NOT NULL,
	"state" text NOT NULL,
	"opt_in_level" text,
	"consent_updated_at" timestamp with time zone,
	"collected_from" text,
	"learned_from" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_events" ADD COLUMN "collected_from" text;--> statement-breakpoint
ALTER TABLE "shopify_customer_consents" ADD CONSTRAINT "shopify_customer_consents_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shopify_customer_consents_uq" ON "shopify_customer_consents" USING btree ("account_id","shop","shopify_customer_id");