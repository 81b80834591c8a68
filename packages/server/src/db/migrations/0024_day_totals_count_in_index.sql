-- The statistics' index of the day totals holds the transaction count too, which spending reads: a
-- year of spending is then an index-only range scan with a prepared statement's generic plan as well.
DROP INDEX "account_day_totals_user_day_idx";--> statement-breakpoint
CREATE INDEX "account_day_totals_user_day_idx" ON "account_day_totals" USING btree ("user_id","day","account_id","category_id","transaction_type","ref_amount","transaction_count");
