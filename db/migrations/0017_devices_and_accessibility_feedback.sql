CREATE TABLE "accessibility_feedback" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"language" text NOT NULL,
	"location" text NOT NULL,
	"description" text NOT NULL,
	"email" text,
	"acknowledgement_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accessibility_feedback_brand_check" CHECK ("accessibility_feedback"."brand" in ('general', 'children')),
	CONSTRAINT "accessibility_feedback_language_check" CHECK ("accessibility_feedback"."language" in ('fi', 'sv', 'en'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_browser" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_os" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device_kind" text;--> statement-breakpoint
ALTER TABLE "accessibility_feedback" ADD CONSTRAINT "accessibility_feedback_acknowledgement_id_outbox_id_fk" FOREIGN KEY ("acknowledgement_id") REFERENCES "public"."outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accessibility_feedback_created_idx" ON "accessibility_feedback" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_public_id_unique" UNIQUE("public_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_device_kind_check" CHECK ("sessions"."device_kind" is null or "sessions"."device_kind" in ('desktop', 'mobile', 'tablet'));