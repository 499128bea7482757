CREATE TYPE "public"."webchat_template_kind" AS ENUM('welcome', 'newMessage', 'magicLink');--> statement-breakpoint
CREATE TABLE "webchat_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"extension" text NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webchat_branding" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"favicon" text NOT NULL,
	"home_screen_icon" text NOT NULL,
	"header_icon" text NOT NULL,
	"brand_message_icon" text NOT NULL,
	"page_title" text NOT NULL,
	"long_app_name" text NOT NULL,
	"short_app_name" text NOT NULL,
	"main_element_color" text NOT NULL,
	"button_text_color" text NOT NULL,
	"link_text_color" text NOT NULL,
	"brand_message_background_color" text NOT NULL,
	"brand_message_text_color" text NOT NULL,
	"contact_message_background_color" text NOT NULL,
	"contact_message_text_color" text NOT NULL,
	"welcome_title_text" text NOT NULL,
	"welcome_body_text" text NOT NULL,
	"welcome_button_text" text NOT NULL,
	"faq_link" text NOT NULL,
	"support_link" text NOT NULL,
	"shop_link" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "webchat_email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" "webchat_template_kind" NOT NULL,
	"subject" text,
	"body" text,
	"saved_at" timestamp with time zone,
	"saved_by" uuid,
	"draft_subject" text,
	"draft_body" text,
	"draft_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webchat_assets" ADD CONSTRAINT "webchat_assets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_branding" ADD CONSTRAINT "webchat_branding_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_branding" ADD CONSTRAINT "webchat_branding_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_email_templates" ADD CONSTRAINT "webchat_email_templates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webchat_email_templates" ADD CONSTRAINT "webchat_email_templates_saved_by_users_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webchat_assets_account_name_idx" ON "webchat_assets" USING btree ("account_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "webchat_branding_short_app_name_uq" ON "webchat_branding" USING btree (lower("short_app_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "webchat_email_templates_account_kind_uq" ON "webchat_email_templates" USING btree ("account_id","kind");