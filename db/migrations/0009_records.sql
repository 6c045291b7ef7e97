CREATE TABLE "employee_memos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"examination_date" date NOT NULL,
	"examination_type" text NOT NULL,
	"practitioner_id" text NOT NULL,
	"summary" text NOT NULL,
	"work_ability" text NOT NULL,
	"follow_ups" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imaging_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"examination_name" text NOT NULL,
	"imaging_date" date NOT NULL,
	"statement_text" text,
	"view_restriction" text DEFAULT 'patient' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lab_tests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"result_date" date NOT NULL,
	"parent_id" bigint,
	"kind" text DEFAULT 'single' NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"code" text NOT NULL,
	"display_name" text NOT NULL,
	"status" text NOT NULL,
	"result_text" text,
	"result_number" numeric,
	"prefix" text,
	"is_within_reference_range" boolean,
	"unit" text,
	"reference_min" numeric,
	"reference_max" numeric,
	"description" text,
	"additional_result" text,
	"view_restriction" text DEFAULT 'patient' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescription_renewals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"prescription_id" bigint NOT NULL,
	"patient_id" uuid NOT NULL,
	"requested_by_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"thread_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"medicine_name" text NOT NULL,
	"strength" text NOT NULL,
	"issued_date" date NOT NULL,
	"is_renewable" boolean NOT NULL,
	"medicine_type" text NOT NULL,
	"package_unit" text NOT NULL,
	"package_size" integer NOT NULL,
	"package_count" integer NOT NULL,
	"treatment_length" integer,
	"treatment_length_unit" text,
	"total_amount" text NOT NULL,
	"dosage_guide" text NOT NULL,
	"usage_guide" text NOT NULL,
	"practitioner_id" text
);
--> statement-breakpoint
CREATE TABLE "questionnaire_forms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_invitations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"form_id" bigint NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answers" text,
	"answered_at" timestamp with time zone,
	"answered_by_id" uuid,
	CONSTRAINT "questionnaire_invitations_answered_check" CHECK (("questionnaire_invitations"."answers" is null) = ("questionnaire_invitations"."answered_at" is null))
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"creation_date" date NOT NULL,
	"valid_until" date NOT NULL,
	"description" text,
	"practitioner_id" text,
	"patient_instructions_url" text,
	"view_restriction" text DEFAULT 'patient' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sick_leave_certificates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"diagnosis_code" text NOT NULL,
	"show_diagnosis" boolean DEFAULT false NOT NULL,
	"practitioner_id" text NOT NULL,
	CONSTRAINT "sick_leave_certificates_period_check" CHECK ("sick_leave_certificates"."start_date" <= "sick_leave_certificates"."end_date")
);
--> statement-breakpoint
CREATE TABLE "vaccinations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"name" text NOT NULL,
	"vaccinated_on" date NOT NULL,
	"practitioner_name" text NOT NULL,
	"effective_until" date
);
--> statement-breakpoint
CREATE TABLE "visit_diagnoses" (
	"visit_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "visit_diagnoses_visit_id_position_pk" PRIMARY KEY("visit_id","position")
);
--> statement-breakpoint
CREATE TABLE "visit_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"practitioner_id" text NOT NULL,
	"specialty_id" text NOT NULL,
	"view_restriction" text DEFAULT 'patient' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_texts" (
	"visit_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "visit_texts_visit_id_position_pk" PRIMARY KEY("visit_id","position")
);
--> statement-breakpoint
ALTER TABLE "employee_memos" ADD CONSTRAINT "employee_memos_patient_id_persons_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_memos" ADD CONSTRAINT "employee_memos_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imaging_results" ADD CONSTRAINT "imaging_results_patient_id_persons_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_tests" ADD CONSTRAINT "lab_tests_patient_id_persons_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_tests" ADD CONSTRAINT "lab_tests_parent_id_lab_tests_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."lab_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_renewals" ADD CONSTRAINT "prescription_renewals_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_renewals" ADD CONSTRAINT "prescription_renewals_patient_id_persons_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_renewals" ADD CONSTRAINT "prescription_renewals_requested_by_id_persons_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescription_renewals" ADD CONSTRAINT "prescription_renewals_thread_id_messaging_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."messaging_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_patient_id_persons_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_invitations" ADD CONSTRAINT "questionnaire_invitations_patient_id_persons_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_invitations" ADD CONSTRAINT "questionnaire_invitations_form_id_questionnaire_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."questionnaire_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_invitations" ADD CONSTRAINT "questionnaire_invitations_answered_by_id_persons_id_fk" FOREIGN KEY ("answered_by_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_patient_id_persons_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sick_leave_certificates" ADD CONSTRAINT "sick_leave_certificates_patient_id_persons_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sick_leave_certificates" ADD CONSTRAINT "sick_leave_certificates_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vaccinations" ADD CONSTRAINT "vaccinations_patient_id_persons_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_diagnoses" ADD CONSTRAINT "visit_diagnoses_visit_id_visit_reports_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_reports" ADD CONSTRAINT "visit_reports_patient_id_persons_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_reports" ADD CONSTRAINT "visit_reports_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_reports" ADD CONSTRAINT "visit_reports_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_texts" ADD CONSTRAINT "visit_texts_visit_id_visit_reports_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visit_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "employee_memos_patient_idx" ON "employee_memos" USING btree ("patient_id","examination_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "imaging_results_patient_idx" ON "imaging_results" USING btree ("patient_id","imaging_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "lab_tests_patient_day_idx" ON "lab_tests" USING btree ("patient_id","result_date" DESC NULLS LAST) WHERE "lab_tests"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "lab_tests_parent_idx" ON "lab_tests" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prescription_renewals_pending_uq" ON "prescription_renewals" USING btree ("prescription_id") WHERE "prescription_renewals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "prescription_renewals_patient_idx" ON "prescription_renewals" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "prescriptions_patient_idx" ON "prescriptions" USING btree ("patient_id","issued_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "questionnaire_invitations_patient_idx" ON "questionnaire_invitations" USING btree ("patient_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "referrals_patient_idx" ON "referrals" USING btree ("patient_id","type","creation_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sick_leave_certificates_patient_idx" ON "sick_leave_certificates" USING btree ("patient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "vaccinations_patient_idx" ON "vaccinations" USING btree ("patient_id","vaccinated_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "visit_reports_patient_idx" ON "visit_reports" USING btree ("patient_id","start_at" DESC NULLS LAST,"id" DESC NULLS LAST);