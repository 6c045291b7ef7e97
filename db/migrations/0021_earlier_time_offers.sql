CREATE TABLE "earlier_time_offers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"request_id" bigint NOT NULL,
	"appointment_id" bigint NOT NULL,
	"slot_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	CONSTRAINT "earlier_time_offers_state_check" CHECK ("earlier_time_offers"."state" in ('open', 'accepted', 'taken', 'expired', 'void')),
	CONSTRAINT "earlier_time_offers_answered_check" CHECK (("earlier_time_offers"."state" = 'open') = ("earlier_time_offers"."answered_at" is null))
);
--> statement-breakpoint
CREATE TABLE "earlier_time_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"appointment_id" bigint NOT NULL,
	"patient_id" uuid NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"specialty_id" text NOT NULL,
	"practitioner_id" text,
	"clinic_ids" text[] NOT NULL,
	"latest_date" date NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"language" text NOT NULL,
	"brand" text NOT NULL,
	"origin" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "earlier_time_requests_state_check" CHECK ("earlier_time_requests"."state" in ('active', 'fulfilled', 'withdrawn', 'ended')),
	CONSTRAINT "earlier_time_requests_ended_check" CHECK (("earlier_time_requests"."state" = 'active') = ("earlier_time_requests"."ended_at" is null)),
	CONSTRAINT "earlier_time_requests_clinics_check" CHECK (cardinality("earlier_time_requests"."clinic_ids") between 1 and 50)
);
--> statement-breakpoint
ALTER TABLE "earlier_time_offers" ADD CONSTRAINT "earlier_time_offers_request_id_earlier_time_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."earlier_time_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_offers" ADD CONSTRAINT "earlier_time_offers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_offers" ADD CONSTRAINT "earlier_time_offers_slot_id_appointment_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."appointment_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_requests" ADD CONSTRAINT "earlier_time_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_requests" ADD CONSTRAINT "earlier_time_requests_patient_id_persons_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_requests" ADD CONSTRAINT "earlier_time_requests_requested_by_id_persons_id_fk" FOREIGN KEY ("requested_by_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_requests" ADD CONSTRAINT "earlier_time_requests_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "earlier_time_requests" ADD CONSTRAINT "earlier_time_requests_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "earlier_time_offers_request_slot_idx" ON "earlier_time_offers" USING btree ("request_id","slot_id");--> statement-breakpoint
CREATE INDEX "earlier_time_offers_open_idx" ON "earlier_time_offers" USING btree ("slot_id","expires_at") WHERE "earlier_time_offers"."state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "earlier_time_requests_active_idx" ON "earlier_time_requests" USING btree ("appointment_id") WHERE "earlier_time_requests"."state" = 'active';--> statement-breakpoint
CREATE INDEX "earlier_time_requests_waiting_idx" ON "earlier_time_requests" USING btree ("specialty_id","requested_at","id") WHERE "earlier_time_requests"."state" = 'active';