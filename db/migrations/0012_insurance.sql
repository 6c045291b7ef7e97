CREATE TABLE "appointment_insurance" (
	"appointment_id" bigint PRIMARY KEY NOT NULL,
	"insurer" text,
	"reimbursement" text,
	"concept_code" text,
	"dcp_content_hash" text,
	"description" text NOT NULL,
	CONSTRAINT "appointment_insurance_insurer_check" CHECK ("appointment_insurance"."insurer" is null or "appointment_insurance"."insurer" in ('AKTIA', 'FENNIA', 'IF', 'LAHITAPIOLA', 'MANDATUM', 'MELA', 'OP', 'OTHER', 'POHJANTAHTI', 'POP', 'PROTECTOR', 'PV', 'SAASTOPANKKI', 'TURVA', 'VALTIOKONTTORI'))
);
--> statement-breakpoint
CREATE TABLE "insurance_choices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"slot_id" bigint NOT NULL,
	"insurer" text,
	"reimbursement" text,
	"consent_given" boolean DEFAULT false NOT NULL,
	"concept_code" text,
	"dcp_state" text DEFAULT 'not_asked' NOT NULL,
	"dcp_permit_hash" text,
	"op_state" text DEFAULT 'undefined' NOT NULL,
	"apply_state_hash" text,
	"apply_binding_hash" text,
	"apply_expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_choices_insurer_check" CHECK ("insurance_choices"."insurer" is null or "insurance_choices"."insurer" in ('AKTIA', 'FENNIA', 'IF', 'LAHITAPIOLA', 'MANDATUM', 'MELA', 'OP', 'OTHER', 'POHJANTAHTI', 'POP', 'PROTECTOR', 'PV', 'SAASTOPANKKI', 'TURVA', 'VALTIOKONTTORI')),
	CONSTRAINT "insurance_choices_reimbursement_check" CHECK ("insurance_choices"."reimbursement" is null or ("insurance_choices"."insurer" = 'IF' and "insurance_choices"."reimbursement" in ('PAY_AND_REIMBURSE', 'COMPANY_REIMBURSEMENT', 'USE_REIMBURSEMENT'))),
	CONSTRAINT "insurance_choices_dcp_state_check" CHECK ("insurance_choices"."dcp_state" in ('not_asked', 'insurance_not_found', 'insurance_found_no_permits', 'insurance_found_with_permits', 'denied', 'canceled', 'error', 'success', 'underageCustomer')),
	CONSTRAINT "insurance_choices_op_state_check" CHECK ("insurance_choices"."op_state" in ('undefined', 'found', 'not_found', 'canceled', 'error')),
	CONSTRAINT "insurance_choices_permit_check" CHECK (("insurance_choices"."dcp_permit_hash" is not null) = ("insurance_choices"."dcp_state" = 'success')),
	CONSTRAINT "insurance_choices_apply_check" CHECK (("insurance_choices"."apply_state_hash" is null) = ("insurance_choices"."apply_binding_hash" is null) and ("insurance_choices"."apply_state_hash" is null) = ("insurance_choices"."apply_expires_at" is null))
);
--> statement-breakpoint
CREATE TABLE "patient_concepts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"code" text NOT NULL,
	"direct_reimbursement_allowed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_insurer_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"identity_code_hash" text NOT NULL,
	"return_url" text NOT NULL,
	"channel" text NOT NULL,
	"done" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_insurer_permits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"identity_code_hash" text NOT NULL,
	"symptom" text NOT NULL,
	"body_part" text NOT NULL,
	"valid_to" date NOT NULL,
	"content_hash" text NOT NULL,
	"fails_treatment_chain" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_insurer_policies" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"identity_code_hash" text NOT NULL,
	"insurer" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointment_insurance" ADD CONSTRAINT "appointment_insurance_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_choices" ADD CONSTRAINT "insurance_choices_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_choices" ADD CONSTRAINT "insurance_choices_slot_id_appointment_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."appointment_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_concepts" ADD CONSTRAINT "patient_concepts_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_choices_person_slot_idx" ON "insurance_choices" USING btree ("person_id","slot_id");--> statement-breakpoint
CREATE UNIQUE INDEX "patient_concepts_person_code_idx" ON "patient_concepts" USING btree ("person_id","code");--> statement-breakpoint
CREATE INDEX "test_insurer_permits_person_idx" ON "test_insurer_permits" USING btree ("identity_code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "test_insurer_permits_hash_idx" ON "test_insurer_permits" USING btree ("content_hash");--> statement-breakpoint
CREATE INDEX "test_insurer_policies_person_idx" ON "test_insurer_policies" USING btree ("identity_code_hash","insurer");