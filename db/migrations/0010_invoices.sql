CREATE TABLE "invoice_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_id" bigint NOT NULL,
	"position" smallint NOT NULL,
	"description" jsonb NOT NULL,
	"count" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"date" date NOT NULL,
	"vat_permille" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"person_id" uuid NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"description" jsonb NOT NULL,
	"credited_invoice_numbers" text,
	"has_pdf" boolean DEFAULT true NOT NULL,
	"sum_cents" integer NOT NULL,
	"creation_date" timestamp with time zone NOT NULL,
	"due_date" date NOT NULL,
	"payable_online_until" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"buyer_name" text NOT NULL,
	"buyer_street" text,
	"buyer_postal_code" text,
	"buyer_post_office" text,
	"delivery_method" text DEFAULT 'Email' NOT NULL,
	"appointment_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "invoices_sum_check" CHECK ("invoices"."sum_cents" >= 0),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" in ('open', 'overdue', 'paper', 'paid', 'refunded', 'refundInProgress', 'notAvailable')),
	CONSTRAINT "invoices_paid_check" CHECK (("invoices"."status" = 'paid') <= ("invoices"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" uuid,
	"via" text NOT NULL,
	"provider_status" text,
	"signature_valid" boolean NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" bigint NOT NULL,
	"started_by_id" uuid NOT NULL,
	"stamp" text NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"adapter" text NOT NULL,
	"transaction_id" text,
	"status" text DEFAULT 'created' NOT NULL,
	"providers" jsonb,
	"method" text,
	"failure_reason" text,
	"language" text NOT NULL,
	"browser_binding_hash" text NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_stamp_unique" UNIQUE("stamp"),
	CONSTRAINT "payments_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_settled_check" CHECK (("payments"."status" = 'settled') = ("payments"."settled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "test_provider_payments" (
	"transaction_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" text NOT NULL,
	"stamp" text NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"request" jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"method" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_provider_payments_stamp_unique" UNIQUE("stamp")
);
--> statement-breakpoint
ALTER TABLE "invoice_rows" ADD CONSTRAINT "invoice_rows_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_started_by_id_persons_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_rows_position_idx" ON "invoice_rows" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoices_person_created_idx" ON "invoices" USING btree ("person_id","creation_date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_appointment_idx" ON "invoices" USING btree ("appointment_id") WHERE "invoices"."appointment_id" is not null;--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_settled_idx" ON "payments" USING btree ("invoice_id") WHERE "payments"."status" = 'settled';--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "payments" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" in ('created', 'pending');