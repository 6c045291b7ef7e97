CREATE TABLE "occupational_contract_specialties" (
	"contract_id" uuid NOT NULL,
	"specialty_id" text NOT NULL,
	"confirmation" text DEFAULT 'contractOnly' NOT NULL,
	CONSTRAINT "occupational_contract_specialties_contract_id_specialty_id_pk" PRIMARY KEY("contract_id","specialty_id"),
	CONSTRAINT "occupational_contract_specialties_confirmation_check" CHECK ("occupational_contract_specialties"."confirmation" in ('contractAndDoctorReferral', 'contractAndReferral', 'referralOnly', 'none', 'contractOnly'))
);
--> statement-breakpoint
ALTER TABLE "occupational_contracts" ADD COLUMN "contract_type" text DEFAULT 'Statutory' NOT NULL;--> statement-breakpoint
ALTER TABLE "occupational_contracts" ADD COLUMN "product_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "occupational_contract_specialties" ADD CONSTRAINT "occupational_contract_specialties_contract_id_occupational_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."occupational_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupational_contract_specialties" ADD CONSTRAINT "occupational_contract_specialties_specialty_id_specialties_id_fk" FOREIGN KEY ("specialty_id") REFERENCES "public"."specialties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupational_contracts" ADD CONSTRAINT "occupational_contracts_type_check" CHECK ("occupational_contracts"."contract_type" in ('Comprehensive', 'Statutory', 'Other'));