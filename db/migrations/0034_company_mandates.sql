CREATE TABLE "company_mandates" (
	"session_id_hash" text PRIMARY KEY NOT NULL,
	"person_id" uuid NOT NULL,
	"contract_id" uuid,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"eauth_session_id" text NOT NULL,
	"eauth_user_id" text NOT NULL,
	"access_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_mandates_complete_check" CHECK (("company_mandates"."contract_id" is null) = ("company_mandates"."access_token" is null))
);
--> statement-breakpoint
ALTER TABLE "occupational_contracts" ADD COLUMN "business_id" text;--> statement-breakpoint
ALTER TABLE "company_mandates" ADD CONSTRAINT "company_mandates_session_id_hash_sessions_id_hash_fk" FOREIGN KEY ("session_id_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_mandates" ADD CONSTRAINT "company_mandates_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_mandates" ADD CONSTRAINT "company_mandates_contract_id_occupational_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."occupational_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupational_contracts" ADD CONSTRAINT "occupational_contracts_business_id_unique" UNIQUE("business_id");--> statement-breakpoint
ALTER TABLE "occupational_contracts" ADD CONSTRAINT "occupational_contracts_business_id_check" CHECK ("occupational_contracts"."business_id" ~ '^[0-9]{7}-[0-9]$');