CREATE TABLE "messaging_announcements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"announcement_type" text DEFAULT 'info' NOT NULL,
	"heading" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_attachments" (
	"stored_object_id" uuid PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messaging_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"thread_id" bigint NOT NULL,
	"author_id" uuid NOT NULL,
	"content" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by_id" uuid,
	"deleted_reason" text,
	CONSTRAINT "messaging_messages_content_check" CHECK (char_length("messaging_messages"."content") <= 20000),
	CONSTRAINT "messaging_messages_deleted_check" CHECK (("messaging_messages"."deleted_at" is null) = ("messaging_messages"."deleted_by_id" is null) and ("messaging_messages"."deleted_at" is not null or "messaging_messages"."deleted_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "messaging_read_statuses" (
	"thread_id" bigint NOT NULL,
	"reader_id" uuid NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messaging_read_statuses_thread_id_reader_id_pk" PRIMARY KEY("thread_id","reader_id")
);
--> statement-breakpoint
CREATE TABLE "messaging_thread_access" (
	"thread_id" bigint NOT NULL,
	"professional_id" uuid NOT NULL,
	"last_message_at" timestamp with time zone,
	CONSTRAINT "messaging_thread_access_thread_id_professional_id_pk" PRIMARY KEY("thread_id","professional_id")
);
--> statement-breakpoint
CREATE TABLE "messaging_thread_assignments" (
	"thread_id" bigint PRIMARY KEY NOT NULL,
	"assignee_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"assigned_by_id" uuid
);
--> statement-breakpoint
CREATE TABLE "messaging_thread_participants" (
	"thread_id" bigint NOT NULL,
	"professional_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messaging_thread_participants_thread_id_professional_id_pk" PRIMARY KEY("thread_id","professional_id")
);
--> statement-breakpoint
CREATE TABLE "messaging_threads" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"thread_type" text DEFAULT 'Customer' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"customer_person_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_message_id" bigint,
	"professionals_timestamp" timestamp with time zone,
	CONSTRAINT "messaging_threads_title_check" CHECK (char_length("messaging_threads"."title") <= 200)
);
--> statement-breakpoint
CREATE TABLE "occupational_care_team" (
	"contract_id" uuid NOT NULL,
	"professional_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "occupational_care_team_contract_id_professional_id_pk" PRIMARY KEY("contract_id","professional_id")
);
--> statement-breakpoint
CREATE TABLE "professional_absences" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"professional_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"substitute_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"internal_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "professional_absences_dates_check" CHECK ("professional_absences"."end_date" >= "professional_absences"."start_date")
);
--> statement-breakpoint
CREATE TABLE "professionals" (
	"person_id" uuid PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" jsonb NOT NULL,
	"professional_type" text NOT NULL,
	"email_address" text,
	"practitioner_id" text,
	"triage" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messaging_attachments" ADD CONSTRAINT "messaging_attachments_stored_object_id_stored_objects_id_fk" FOREIGN KEY ("stored_object_id") REFERENCES "public"."stored_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_attachments" ADD CONSTRAINT "messaging_attachments_message_id_messaging_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messaging_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_messages" ADD CONSTRAINT "messaging_messages_thread_id_messaging_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."messaging_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_messages" ADD CONSTRAINT "messaging_messages_author_id_persons_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_messages" ADD CONSTRAINT "messaging_messages_deleted_by_id_persons_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_read_statuses" ADD CONSTRAINT "messaging_read_statuses_thread_id_messaging_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."messaging_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_read_statuses" ADD CONSTRAINT "messaging_read_statuses_reader_id_persons_id_fk" FOREIGN KEY ("reader_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_thread_access" ADD CONSTRAINT "messaging_thread_access_thread_id_messaging_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."messaging_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_thread_access" ADD CONSTRAINT "messaging_thread_access_professional_id_professionals_person_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("person_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_thread_assignments" ADD CONSTRAINT "messaging_thread_assignments_thread_id_messaging_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."messaging_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_thread_assignments" ADD CONSTRAINT "messaging_thread_assignments_assignee_id_professionals_person_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."professionals"("person_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_thread_assignments" ADD CONSTRAINT "messaging_thread_assignments_assigned_by_id_persons_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."persons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_thread_participants" ADD CONSTRAINT "messaging_thread_participants_thread_id_messaging_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."messaging_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_thread_participants" ADD CONSTRAINT "messaging_thread_participants_professional_id_professionals_person_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("person_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messaging_threads" ADD CONSTRAINT "messaging_threads_customer_person_id_persons_id_fk" FOREIGN KEY ("customer_person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupational_care_team" ADD CONSTRAINT "occupational_care_team_contract_id_occupational_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."occupational_contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occupational_care_team" ADD CONSTRAINT "occupational_care_team_professional_id_professionals_person_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("person_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professional_absences" ADD CONSTRAINT "professional_absences_professional_id_professionals_person_id_fk" FOREIGN KEY ("professional_id") REFERENCES "public"."professionals"("person_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "professionals" ADD CONSTRAINT "professionals_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messaging_announcements_active_idx" ON "messaging_announcements" USING btree ("active","starts_at");--> statement-breakpoint
CREATE INDEX "messaging_attachments_message_idx" ON "messaging_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "messaging_messages_thread_idx" ON "messaging_messages" USING btree ("thread_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "messaging_messages_idempotency_idx" ON "messaging_messages" USING btree ("author_id","idempotency_key") WHERE "messaging_messages"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "messaging_thread_access_professional_idx" ON "messaging_thread_access" USING btree ("professional_id","last_message_at" DESC NULLS LAST,"thread_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messaging_thread_assignments_assignee_idx" ON "messaging_thread_assignments" USING btree ("assignee_id","thread_id");--> statement-breakpoint
CREATE INDEX "messaging_thread_participants_professional_idx" ON "messaging_thread_participants" USING btree ("professional_id","thread_id");--> statement-breakpoint
CREATE INDEX "messaging_threads_customer_idx" ON "messaging_threads" USING btree ("customer_person_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messaging_threads_last_message_idx" ON "messaging_threads" USING btree ("last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "occupational_care_team_professional_idx" ON "occupational_care_team" USING btree ("professional_id");--> statement-breakpoint
CREATE INDEX "professional_absences_professional_idx" ON "professional_absences" USING btree ("professional_id","end_date");--> statement-breakpoint
CREATE INDEX "professional_absences_substitutes_idx" ON "professional_absences" USING gin ("substitute_ids");