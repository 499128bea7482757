CREATE TABLE "shopify_catalogue_syncs" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"run_id" uuid NOT NULL,
	"status" text NOT NULL,
	"method" text,
	"currency" text,
	"products_total" integer,
	"products_done" integer DEFAULT 0 NOT NULL,
	"variants_done" integer DEFAULT 0 NOT NULL,
	"bulk_operation_id" text,
	"error" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"last_succeeded_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shopify_catalogue_syncs" ADD CONSTRAINT "shopify_catalogue_syncs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;