-- Issue 39 (ADR 0046): reminders and confirmations of a new time for every upcoming appointment, whatever made it. Each message gets an anonymous link of its own when it is written (appointment_links keeps only the token's hash), so the reminder row no longer keeps the booking's link (sealed_link): the scheduled reminders get a fresh one when they go. The booking's contact becomes optional: the sweep writes a row without one for an appointment the portal did not book.
CREATE TABLE "appointment_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"appointment_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_reminders" DROP CONSTRAINT "appointment_reminders_drop_check";--> statement-breakpoint
ALTER TABLE "appointment_reminders" ALTER COLUMN "brand" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ALTER COLUMN "language" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_links" ADD CONSTRAINT "appointment_links_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_links_appointment_idx" ON "appointment_links" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "appointments_upcoming_idx" ON "appointments" USING btree ("start_at") WHERE "appointments"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "appointment_reminders" DROP COLUMN "sealed_link";--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_recipient_check" CHECK (("appointment_reminders"."brand" is null) = ("appointment_reminders"."language" is null) and ("appointment_reminders"."brand" is null) = ("appointment_reminders"."phone" is null) and ("appointment_reminders"."phone" is not null or "appointment_reminders"."email" is null));--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_drop_check" CHECK (("appointment_reminders"."state" = 'dropped') = ("appointment_reminders"."drop_reason" is not null) and ("appointment_reminders"."drop_reason" is null or "appointment_reminders"."drop_reason" in ('insideLead', 'cancelled', 'past', 'refused', 'confidential', 'noContact')));