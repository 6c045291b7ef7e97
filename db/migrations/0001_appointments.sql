CREATE TABLE "appointments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"patient_id" uuid NOT NULL,
	"slot_id" bigint,
	"kind_id" text NOT NULL,
	"kind_name" jsonb NOT NULL,
	"payer_type" text DEFAULT 'self' NOT NULL,
	"is_specific_time" boolean DEFAULT true NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"is_remote" boolean DEFAULT false NOT NULL,
	"is_covid_test" boolean DEFAULT false NOT NULL,
	"location_type" text DEFAULT 'physicalLocation' NOT NULL,
	"clinic_id" text NOT NULL,
	"practitioner_id" text NOT NULL,
	"specialty_id" text NOT NULL,
	"price" jsonb,
	"room_location" text,
	"self_check_in" boolean DEFAULT true NOT NULL,
	"checked_in_at" timestamp with time zone,
	"arrival_reason" text,
	"arrival_reason_updated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"anonymous_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_duration_check" CHECK ("appointments"."duration_minutes" > 0),
	CONSTRAINT "appointments_cancel_check" CHECK (("appointments"."cancelled_at" is null) = ("appointments"."cancelled_by" is null))
);
--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "confidentiality_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_persons_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_patient_start_idx" ON "appointments" USING btree ("patient_id","start_at");--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_slot_live_idx" ON "appointments" USING btree ("slot_id") WHERE "appointments"."cancelled_at" is null and "appointments"."slot_id" is not null;