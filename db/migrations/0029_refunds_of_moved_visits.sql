-- Issue 39 (ADR 0048): a paid remote visit moved to a clinic time is refunded. The refunds the provider is asked for; a refunded invoice stays linked to its visit, so the visit's one live invoice is now the one not refunded; the test provider's books of refunds.
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" bigint NOT NULL,
	"payment_id" uuid,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"stamp" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"provider_transaction_id" text,
	"tries" integer DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_stamp_unique" UNIQUE("stamp"),
	CONSTRAINT "refunds_provider_transaction_id_unique" UNIQUE("provider_transaction_id"),
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('requested', 'pending', 'refunded', 'manual')),
	CONSTRAINT "refunds_refunded_check" CHECK (("refunds"."status" = 'refunded') = ("refunds"."refunded_at" is not null))
);
--> statement-breakpoint
DROP INDEX "invoices_appointment_idx";--> statement-breakpoint
ALTER TABLE "test_provider_payments" ADD COLUMN "refunds" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_invoice_idx" ON "refunds" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "refunds_requested_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'requested';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_appointment_idx" ON "invoices" USING btree ("appointment_id") WHERE "invoices"."appointment_id" is not null and "invoices"."status" not in ('refunded', 'refundInProgress');