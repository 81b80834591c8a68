CREATE TABLE "account_day_totals" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"category_id" integer,
	"transaction_type" varchar(8) NOT NULL,
	"ref_amount" bigint NOT NULL,
	"transaction_count" integer NOT NULL,
	CONSTRAINT "account_day_totals_key" UNIQUE NULLS NOT DISTINCT("account_id","day","category_id","transaction_type")
);
--> statement-breakpoint
ALTER TABLE "account_day_totals" ADD CONSTRAINT "account_day_totals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_day_totals" ADD CONSTRAINT "account_day_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_day_totals" ADD CONSTRAINT "account_day_totals_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_day_totals_user_day_idx" ON "account_day_totals" USING btree ("user_id","day","account_id","category_id","transaction_type","ref_amount");--> statement-breakpoint
-- The totals of the transactions already recorded, by the days of each user's time zone.
INSERT INTO "account_day_totals" ("account_id", "user_id", "day", "category_id", "transaction_type", "ref_amount",
  "transaction_count")
SELECT t."account_id", t."user_id", (t."time" AT TIME ZONE s."time_zone")::date, t."category_id", t."transaction_type",
  sum(t."ref_amount"), count(*)
FROM "transactions" t JOIN "user_settings" s ON s."user_id" = t."user_id"
WHERE t."transfer_nature" = 'not_transfer'
GROUP BY 1, 2, 3, 4, 5;
