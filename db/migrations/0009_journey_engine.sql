ALTER TABLE "messages" ADD COLUMN "enqueued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "message_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_messages_message_uq" ON "outbox_messages" USING btree ("message_id") WHERE "outbox_messages"."message_id" is not null;