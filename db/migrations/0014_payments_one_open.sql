DROP INDEX "payments_open_idx";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "terms" text;--> statement-breakpoint
-- Issue 21: one open payment per invoice. Earlier pay-page loads each created one: keep the newest open payment of each invoice; the older ones are superseded (reconciliation still asks the provider about them, and a report may still settle them: the provider's word on money wins).
UPDATE "payments" SET "status" = 'cancelled', "failure_reason" = 'superseded' WHERE "status" = 'created' AND "id" NOT IN (SELECT DISTINCT ON ("invoice_id") "id" FROM "payments" WHERE "status" = 'created' ORDER BY "invoice_id", "created_at" DESC, "id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_idx" ON "payments" USING btree ("invoice_id") WHERE "payments"."status" = 'created';--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" in ('created', 'pending') or ("payments"."status" = 'cancelled' and "payments"."failure_reason" = 'superseded');
