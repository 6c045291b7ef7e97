DROP INDEX "access_log_subject_idx";--> statement-breakpoint
ALTER TABLE "access_log" ADD COLUMN "actor_kind" text;--> statement-breakpoint
ALTER TABLE "access_log" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "access_log_subject_idx" ON "access_log" USING btree ("subject_person_id","at","id") WHERE not ("access_log"."resource" = 'access-log' and "access_log"."actor_person_id" = "access_log"."subject_person_id");--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_actor_kind_check" CHECK ("access_log"."actor_kind" in ('patient', 'guardian', 'professional', 'customer-service', 'system', 'anonymous'));--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_reason_check" CHECK ("access_log"."reason" in ('message-handling', 'care', 'patient-request', 'billing'));