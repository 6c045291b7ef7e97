-- Issue 39 (ADR 0037 amended): one open offer per request. Before this a request could hold an open offer of every time that suited it: keep the newest open offer of each request (the last message sent); the older ones are void. Their answered_at is their own created_at: the moment they were superseded is not recorded, and the migration does not read a clock (ADR 0024).
UPDATE "earlier_time_offers" SET "state" = 'void', "answered_at" = "created_at" WHERE "state" = 'open' AND "id" NOT IN (SELECT DISTINCT ON ("request_id") "id" FROM "earlier_time_offers" WHERE "state" = 'open' ORDER BY "request_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "earlier_time_offers_one_open_idx" ON "earlier_time_offers" USING btree ("request_id") WHERE "earlier_time_offers"."state" = 'open';--> statement-breakpoint
-- The offers go to the requester's own saved contact (persons.phone / persons.email of requested_by_id), read when an offer is sent: the numbers and addresses typed on the request form, never verified, are no longer kept.
ALTER TABLE "earlier_time_requests" DROP COLUMN "phone";--> statement-breakpoint
ALTER TABLE "earlier_time_requests" DROP COLUMN "email";
