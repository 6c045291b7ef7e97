CREATE TABLE "population_register_guardianships" (
	"guardian_code" text NOT NULL,
	"ward_code" text NOT NULL,
	"type" text NOT NULL,
	CONSTRAINT "population_register_guardianships_guardian_code_ward_code_pk" PRIMARY KEY("guardian_code","ward_code"),
	CONSTRAINT "population_register_guardianships_type_check" CHECK ("population_register_guardianships"."type" in ('parent', 'nextOfKin', 'trustee', 'other'))
);
--> statement-breakpoint
CREATE TABLE "population_register_persons" (
	"identity_code" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"birth_date" date NOT NULL,
	"street_address" text,
	"postal_code" text,
	"post_office" text
);
--> statement-breakpoint
ALTER TABLE "population_register_guardianships" ADD CONSTRAINT "population_register_guardianships_guardian_code_population_register_persons_identity_code_fk" FOREIGN KEY ("guardian_code") REFERENCES "public"."population_register_persons"("identity_code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "population_register_guardianships" ADD CONSTRAINT "population_register_guardianships_ward_code_population_register_persons_identity_code_fk" FOREIGN KEY ("ward_code") REFERENCES "public"."population_register_persons"("identity_code") ON DELETE cascade ON UPDATE no action;