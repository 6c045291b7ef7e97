CREATE TABLE "acting_for" (
	"session_id_hash" text PRIMARY KEY NOT NULL,
	"delegate_id" uuid NOT NULL,
	"principal_id" uuid,
	"issues" text[] DEFAULT '{}'::text[] NOT NULL,
	"eauth_session_id" text NOT NULL,
	"eauth_user_id" text NOT NULL,
	"access_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acting_notices" (
	"principal_id" uuid NOT NULL,
	"delegate_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "acting_notices_principal_id_delegate_id_pk" PRIMARY KEY("principal_id","delegate_id")
);
--> statement-breakpoint
ALTER TABLE "access_log" DROP CONSTRAINT "access_log_actor_kind_check";--> statement-breakpoint
ALTER TABLE "acting_for" ADD CONSTRAINT "acting_for_session_id_hash_sessions_id_hash_fk" FOREIGN KEY ("session_id_hash") REFERENCES "public"."sessions"("id_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acting_for" ADD CONSTRAINT "acting_for_delegate_id_persons_id_fk" FOREIGN KEY ("delegate_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acting_for" ADD CONSTRAINT "acting_for_principal_id_persons_id_fk" FOREIGN KEY ("principal_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acting_notices" ADD CONSTRAINT "acting_notices_principal_id_persons_id_fk" FOREIGN KEY ("principal_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acting_notices" ADD CONSTRAINT "acting_notices_delegate_id_persons_id_fk" FOREIGN KEY ("delegate_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_actor_kind_check" CHECK ("access_log"."actor_kind" in ('patient', 'guardian', 'professional', 'customer-service', 'system', 'anonymous', 'mandate'));