ALTER TABLE "base_currency_changes" ADD COLUMN "regroup_days" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "time_zone" varchar(64) DEFAULT 'UTC' NOT NULL;
-- Existing users keep UTC, the zone their stored day deltas are already grouped by: their figures
-- stay as they were until they choose their zone in Settings, which regroups them (docs/decisions.md).
