DROP INDEX "account_day_deltas_user_day_idx";--> statement-breakpoint
ALTER TABLE "account_day_deltas" ADD COLUMN "transaction_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "account_day_deltas_user_day_idx" ON "account_day_deltas" USING btree ("user_id","day","account_id","delta","transaction_count");--> statement-breakpoint
-- The counts of the transactions already recorded, by the days of each user's time zone (a day
-- whose amounts cancel out had no row: it gets one, with delta 0).
INSERT INTO "account_day_deltas" ("account_id", "user_id", "day", "delta", "transaction_count")
SELECT t."account_id", t."user_id", (t."time" AT TIME ZONE s."time_zone")::date, 0, count(*)
FROM "transactions" t JOIN "user_settings" s ON s."user_id" = t."user_id"
GROUP BY 1, 2, 3
ON CONFLICT ("account_id", "day") DO UPDATE SET "transaction_count" = excluded."transaction_count";
