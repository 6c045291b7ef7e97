CREATE TABLE "kela_cards" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"front_object_id" uuid NOT NULL,
	"back_object_id" uuid NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mfa_devices" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"verified_phone" text NOT NULL,
	"enabled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "minor_guardians" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"minor_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"same_address" boolean NOT NULL,
	"street_address" text,
	"zip_code" text,
	"post_office" text,
	"updated_by_id" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "minor_guardians_position_check" CHECK ("minor_guardians"."position" in (1, 2)),
	CONSTRAINT "minor_guardians_address_check" CHECK ("minor_guardians"."same_address" or ("minor_guardians"."street_address" is not null and "minor_guardians"."zip_code" is not null and "minor_guardians"."post_office" is not null))
);
--> statement-breakpoint
CREATE TABLE "sms_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"person_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"phone" text NOT NULL,
	"session_id_hash" text,
	"binding_hash" text,
	"failed_attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_challenges_attempts_check" CHECK ("sms_challenges"."failed_attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "kela_cards" ADD CONSTRAINT "kela_cards_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kela_cards" ADD CONSTRAINT "kela_cards_front_object_id_stored_objects_id_fk" FOREIGN KEY ("front_object_id") REFERENCES "public"."stored_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kela_cards" ADD CONSTRAINT "kela_cards_back_object_id_stored_objects_id_fk" FOREIGN KEY ("back_object_id") REFERENCES "public"."stored_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_devices" ADD CONSTRAINT "mfa_devices_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minor_guardians" ADD CONSTRAINT "minor_guardians_minor_id_persons_id_fk" FOREIGN KEY ("minor_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minor_guardians" ADD CONSTRAINT "minor_guardians_updated_by_id_persons_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_challenges" ADD CONSTRAINT "sms_challenges_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "minor_guardians_position_idx" ON "minor_guardians" USING btree ("minor_id","position");--> statement-breakpoint
CREATE INDEX "sms_challenges_person_idx" ON "sms_challenges" USING btree ("person_id","purpose","created_at");