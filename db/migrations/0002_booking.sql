CREATE TABLE "appointment_slots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"clinic_id" text NOT NULL,
	"practitioner_id" text NOT NULL,
	"specialty_id" text NOT NULL,
	"kind_id" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"local_date" date NOT NULL,
	"local_hour" smallint NOT NULL,
	"is_remote" boolean DEFAULT false NOT NULL,
	"location_type" text DEFAULT 'physicalLocation' NOT NULL,
	"requires_auth" boolean DEFAULT false NOT NULL,
	"payer_types" text[] DEFAULT '{self}'::text[] NOT NULL,
	CONSTRAINT "slots_duration_check" CHECK ("appointment_slots"."duration_minutes" > 0),
	CONSTRAINT "slots_hour_check" CHECK ("appointment_slots"."local_hour" between 0 and 23)
);
--> statement-breakpoint
CREATE TABLE "patient_data_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"given_by_id" uuid,
	"allows_common_registry" boolean NOT NULL,
	"allows_viewing_occupational_information" boolean NOT NULL,
	"allows_marketing_mail" boolean NOT NULL,
	"allows_treatment_instructions_mail" boolean NOT NULL,
	"allows_booking_sms" boolean NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"registered_by_id" uuid,
	"channel" text NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booked_by_id" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "booked_via" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_slots" ADD CONSTRAINT "appointment_slots_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_data_consents" ADD CONSTRAINT "patient_data_consents_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_data_consents" ADD CONSTRAINT "patient_data_consents_given_by_id_persons_id_fk" FOREIGN KEY ("given_by_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_registered_by_id_persons_id_fk" FOREIGN KEY ("registered_by_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slots_specialty_start_idx" ON "appointment_slots" USING btree ("specialty_id","start_at");--> statement-breakpoint
CREATE INDEX "slots_practitioner_start_idx" ON "appointment_slots" USING btree ("practitioner_id","start_at");--> statement-breakpoint
CREATE INDEX "slots_clinic_start_idx" ON "appointment_slots" USING btree ("clinic_id","start_at");--> statement-breakpoint
CREATE INDEX "slots_date_idx" ON "appointment_slots" USING btree ("local_date");--> statement-breakpoint
CREATE INDEX "patient_data_consents_person_idx" ON "patient_data_consents" USING btree ("person_id","given_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_slot_id_appointment_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."appointment_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booked_by_id_persons_id_fk" FOREIGN KEY ("booked_by_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;