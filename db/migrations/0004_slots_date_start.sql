DROP INDEX "slots_date_idx";--> statement-breakpoint
CREATE INDEX "slots_date_start_idx" ON "appointment_slots" USING btree ("local_date","start_at");