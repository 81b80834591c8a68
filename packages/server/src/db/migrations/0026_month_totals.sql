-- Month totals beside the day totals (issue 40): the day totals summed by local month, which a
-- year of statistics reads for its whole months. Filled from the day totals already kept.
CREATE TABLE "account_month_totals" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"month" date NOT NULL,
	"category_id" integer,
	"transaction_type" varchar(8) NOT NULL,
	"ref_amount" bigint NOT NULL,
	"transaction_count" integer NOT NULL,
	CONSTRAINT "account_month_totals_key" UNIQUE NULLS NOT DISTINCT("account_id","month","category_id","transaction_type")
);
--> statement-breakpoint
ALTER TABLE "account_month_totals" ADD CONSTRAINT "account_month_totals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_month_totals" ADD CONSTRAINT "account_month_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_month_totals" ADD CONSTRAINT "account_month_totals_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_month_totals_user_month_idx" ON "account_month_totals" USING btree ("user_id","month","account_id","category_id","transaction_type","ref_amount","transaction_count");--> statement-breakpoint
INSERT INTO "account_month_totals" ("account_id", "user_id", "month", "category_id", "transaction_type", "ref_amount",
  "transaction_count")
SELECT d."account_id", d."user_id", date_trunc('month', d."day"::timestamp)::date, d."category_id", d."transaction_type",
  sum(d."ref_amount"), sum(d."transaction_count")
FROM "account_day_totals" d
GROUP BY 1, 2, 3, 4, 5
HAVING sum(d."ref_amount") <> 0 OR sum(d."transaction_count") <> 0;
