-- Flows started before this migration carry no browser binding: they can no longer complete.
DELETE FROM "identification_flows";--> statement-breakpoint
ALTER TABLE "identification_flows" ADD COLUMN "browser_binding_hash" text NOT NULL;
