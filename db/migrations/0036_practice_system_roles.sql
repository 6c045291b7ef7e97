-- Issue 41 (ADR 0051): the roles a practitioner's clinics and specialties derive from. A practitioner with a role here has the clinics and specialties of their active roles only. A synchronised database has no role links yet: its PractitionerRole cursor is forgotten so the next sync reads every role again and links them all (without it, the first role that changed would decide alone what its practitioner's other, unread roles named).
CREATE TABLE "practice_system_roles" (
	"fhir_id" text PRIMARY KEY NOT NULL,
	"practitioner_id" text NOT NULL,
	"clinic_ids" text[] NOT NULL,
	"specialty_ids" text[] NOT NULL,
	"active" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "practice_system_roles" ADD CONSTRAINT "practice_system_roles_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
DELETE FROM "practice_system_cursors" WHERE "resource_type" = 'PractitionerRole';