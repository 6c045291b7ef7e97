CREATE TABLE "hr_users" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"contract_id" uuid NOT NULL,
	"title" text NOT NULL,
	"email_address" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hr_users_title_check" CHECK (char_length("hr_users"."title") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "messaging_threads" ADD COLUMN "company_contract_id" uuid;--> statement-breakpoint
ALTER TABLE "questionnaire_invitations" ADD COLUMN "message_id" bigint;--> statement-breakpoint
ALTER TABLE "hr_users" ADD CONSTRAINT "hr_users_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hr_users" ADD CONSTRAINT "hr_users_contract_id_occupational_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."occupational_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hr_users_contract_idx" ON "hr_users" USING btree ("contract_id");--> statement-breakpoint
ALTER TABLE "messaging_threads" ADD CONSTRAINT "messaging_threads_company_contract_id_occupational_contracts_id_fk" FOREIGN KEY ("company_contract_id") REFERENCES "public"."occupational_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_invitations" ADD CONSTRAINT "questionnaire_invitations_message_id_messaging_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messaging_messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messaging_threads_company_idx" ON "messaging_threads" USING btree ("company_contract_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "messaging_threads"."company_contract_id" is not null;--> statement-breakpoint
CREATE INDEX "questionnaire_invitations_message_idx" ON "questionnaire_invitations" USING btree ("message_id") WHERE "questionnaire_invitations"."message_id" is not null;--> statement-breakpoint
ALTER TABLE "messaging_threads" ADD CONSTRAINT "messaging_threads_company_check" CHECK (("messaging_threads"."thread_type" = 'Customer') = ("messaging_threads"."company_contract_id" is null));