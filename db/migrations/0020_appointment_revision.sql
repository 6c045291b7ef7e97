ALTER TABLE "appointments" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "revised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_revision_check" CHECK ("appointments"."revision" >= 0 and ("appointments"."revision" = 0) = ("appointments"."revised_at" is null));