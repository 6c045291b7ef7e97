ALTER TABLE "practice_system_appointments" ADD COLUMN "cancellable" boolean;--> statement-breakpoint
ALTER TABLE "practice_system_appointments" ADD COLUMN "reschedulable" boolean;--> statement-breakpoint
ALTER TABLE "practice_system_appointments" ADD COLUMN "not_after" timestamp with time zone;