ALTER TABLE "outbox" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "brand" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "language" text DEFAULT 'fi' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "state" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error_class" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "not_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "provider_id" text;--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("not_before","id") WHERE "outbox"."state" in ('queued', 'sending');--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_state_check" CHECK ("outbox"."state" in ('queued', 'sending', 'sent', 'failed'));--> statement-breakpoint
-- Rows written before delivery existed were never sent, and what they said (login codes, times) is stale by now: they end as failed, not delivered late.
UPDATE "outbox" SET "state" = CASE WHEN "sent_at" IS NOT NULL THEN 'sent' ELSE 'failed' END, "last_error_class" = CASE WHEN "sent_at" IS NULL THEN 'WrittenBeforeDelivery' END;
