-- Retention (ADR 0040): one index per rule of the nightly job. IF NOT EXISTS: an operator may build one CONCURRENTLY on a large table before deploying.
CREATE INDEX IF NOT EXISTS "identification_flows_expires_idx" ON "identification_flows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_absolute_expires_idx" ON "sessions" USING btree ("absolute_expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_challenges_expires_idx" ON "sms_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "test_idp_codes_expires_idx" ON "test_idp_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "appointment_reminders_start_idx" ON "appointment_reminders" USING btree ("start_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_events_at_idx" ON "payment_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "analytics_events_at_idx" ON "analytics_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");