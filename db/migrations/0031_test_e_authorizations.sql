CREATE TABLE "test_eauth_mandates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "test_eauth_mandates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"delegate_identity_code" text NOT NULL,
	"principal_id" text NOT NULL,
	"principal_name" text NOT NULL,
	"roles" text[] NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_eauth_mandates_kind" CHECK ("test_eauth_mandates"."kind" in ('hpa', 'ypa'))
);
--> statement-breakpoint
CREATE TABLE "test_eauth_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"client_id" text NOT NULL,
	"identity_code" text NOT NULL,
	"selected_principal_id" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_eauth_sessions_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "test_eauth_sessions_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "test_eauth_sessions_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "test_eauth_sessions_kind" CHECK ("test_eauth_sessions"."kind" in ('hpa', 'ypa'))
);
--> statement-breakpoint
CREATE INDEX "test_eauth_mandates_delegate_idx" ON "test_eauth_mandates" USING btree ("delegate_identity_code","kind");--> statement-breakpoint
CREATE INDEX "test_eauth_sessions_expires_idx" ON "test_eauth_sessions" USING btree ("expires_at");