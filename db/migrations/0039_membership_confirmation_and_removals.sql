CREATE TABLE "membership_removals" (
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"removed_by_user_id" uuid,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_removals_user_id_account_id_pk" PRIMARY KEY("user_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "owner_confirmed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_removals" ADD CONSTRAINT "membership_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_removals" ADD CONSTRAINT "membership_removals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_removals" ADD CONSTRAINT "membership_removals_removed_by_user_id_users_id_fk" FOREIGN KEY ("removed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_removals_account_idx" ON "membership_removals" USING btree ("account_id");