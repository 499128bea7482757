CREATE TABLE "pending_form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"consent_text" text,
	"ip" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_form_submissions" ADD CONSTRAINT "pending_form_submissions_form_id_microsites_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."microsites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_form_submissions" ADD CONSTRAINT "pending_form_submissions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pending_form_submissions_form_key_uq" ON "pending_form_submissions" USING btree ("form_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "pending_form_submissions_not_before_idx" ON "pending_form_submissions" USING btree ("not_before");