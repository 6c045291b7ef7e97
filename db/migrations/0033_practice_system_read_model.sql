CREATE TABLE "practice_system_appointments" (
	"fhir_id" text PRIMARY KEY NOT NULL,
	"appointment_id" bigint NOT NULL,
	"version_id" text NOT NULL,
	CONSTRAINT "practice_system_appointments_appointment_id_unique" UNIQUE("appointment_id")
);
--> statement-breakpoint
CREATE TABLE "practice_system_cursors" (
	"resource_type" text PRIMARY KEY NOT NULL,
	"since" text NOT NULL,
	"synced_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_system_patients" (
	"fhir_id" text PRIMARY KEY NOT NULL,
	"person_id" uuid,
	CONSTRAINT "practice_system_patients_id_check" CHECK (char_length("practice_system_patients"."fhir_id") <= 64)
);
--> statement-breakpoint
CREATE TABLE "practice_system_schedules" (
	"fhir_id" text PRIMARY KEY NOT NULL,
	"practitioner_id" text,
	"clinic_id" text,
	"specialty_id" text,
	"active" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "practice_system_slots" (
	"fhir_id" text PRIMARY KEY NOT NULL,
	"slot_id" bigint,
	"schedule_fhir_id" text NOT NULL,
	"status" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"version_id" text NOT NULL,
	CONSTRAINT "practice_system_slots_slot_id_unique" UNIQUE("slot_id"),
	CONSTRAINT "practice_system_slots_time_check" CHECK ("practice_system_slots"."end_at" > "practice_system_slots"."start_at")
);
--> statement-breakpoint
ALTER TABLE "practice_system_appointments" ADD CONSTRAINT "practice_system_appointments_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_system_patients" ADD CONSTRAINT "practice_system_patients_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_system_schedules" ADD CONSTRAINT "practice_system_schedules_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_system_schedules" ADD CONSTRAINT "practice_system_schedules_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_system_schedules" ADD CONSTRAINT "practice_system_schedules_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practice_system_slots" ADD CONSTRAINT "practice_system_slots_slot_id_appointment_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."appointment_slots"("id") ON DELETE set null ON UPDATE no action;