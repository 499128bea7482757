CREATE TABLE "whatsapp_configs" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"origination_phone" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"business_account_id" text NOT NULL,
	"auth_token_sealed" text NOT NULL,
	"app_secret_sealed" text NOT NULL,
	"verify_token" text NOT NULL,
	"webhook_verified" boolean DEFAULT false NOT NULL,
	"webhook_verified_at" timestamp with time zone,
	"templates_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_inbound_windows" (
	"account_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"last_inbound_at" timestamp with time zone NOT NULL,
	CONSTRAINT "whatsapp_inbound_windows_account_id_phone_pk" PRIMARY KEY("account_id","phone")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"category" text,
	"body" text DEFAULT '' NOT NULL,
	"parameter_count" integer DEFAULT 0 NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_webhook_entries" (
	"key" text PRIMARY KEY NOT NULL,
	"account_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "touchpoints" ADD COLUMN "whatsapp_template_name" text;--> statement-breakpoint
ALTER TABLE "touchpoints" ADD COLUMN "whatsapp_template_language" text;--> statement-breakpoint
ALTER TABLE "touchpoints" ADD COLUMN "whatsapp_template_parameters" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_configs" ADD CONSTRAINT "whatsapp_configs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_inbound_windows" ADD CONSTRAINT "whatsapp_inbound_windows_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ADD CONSTRAINT "whatsapp_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_webhook_entries" ADD CONSTRAINT "whatsapp_webhook_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_configs_verify_token_uq" ON "whatsapp_configs" USING btree ("verify_token");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_configs_phone_number_id_uq" ON "whatsapp_configs" USING btree ("phone_number_id");--> statement-breakpoint
CREATE INDEX "whatsapp_configs_business_account_idx" ON "whatsapp_configs" USING btree ("business_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_templates_account_name_lang_uq" ON "whatsapp_templates" USING btree ("account_id","name","language");