CREATE TABLE "appointment_reminders" (
	"appointment_id" bigint PRIMARY KEY NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"drop_reason" text,
	"brand" text NOT NULL,
	"language" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"sealed_link" text NOT NULL,
	"channels" text[],
	"written_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_reminders_state_check" CHECK ("appointment_reminders"."state" in ('scheduled', 'written', 'dropped')),
	CONSTRAINT "appointment_reminders_drop_check" CHECK (("appointment_reminders"."state" = 'dropped') = ("appointment_reminders"."drop_reason" is not null) and ("appointment_reminders"."drop_reason" is null or "appointment_reminders"."drop_reason" in ('insideLead', 'cancelled', 'past', 'refused'))),
	CONSTRAINT "appointment_reminders_written_check" CHECK (("appointment_reminders"."state" = 'written') = ("appointment_reminders"."written_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_reminders_due_idx" ON "appointment_reminders" USING btree ("due_at") WHERE "appointment_reminders"."state" = 'scheduled';