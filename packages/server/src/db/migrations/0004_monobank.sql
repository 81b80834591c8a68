CREATE TABLE "merchant_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "merchant_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"merchant" varchar(1000) NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monobank_accounts" (
	"user_id" integer NOT NULL,
	"external_id" varchar(128) NOT NULL,
	"account_id" integer,
	"kind" varchar(8) NOT NULL,
	"anchor_balance" bigint NOT NULL,
	"anchored_at" timestamp with time zone NOT NULL,
	"anchor_item_id" varchar(128),
	CONSTRAINT "monobank_accounts_user_id_external_id_pk" PRIMARY KEY("user_id","external_id"),
	CONSTRAINT "monobank_accounts_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "monobank_items" (
	"transaction_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"merchant" varchar(1000) NOT NULL,
	"mcc" integer NOT NULL,
	"hold" boolean NOT NULL,
	"operation_amount" bigint NOT NULL,
	"operation_currency_code" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "monobank_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monobank_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"kind" varchar(8) NOT NULL,
	"state" varchar(8) NOT NULL,
	"windows" jsonb NOT NULL,
	"account_ids" integer[] NOT NULL,
	"from_time" timestamp with time zone NOT NULL,
	"to_time" timestamp with time zone NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"page_to" bigint,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"lease_token" uuid,
	"failures" integer DEFAULT 0 NOT NULL,
	"error_code" varchar(40),
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "monobank_users" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"token_sealed" text NOT NULL,
	"token_state" varchar(16) DEFAULT 'valid' NOT NULL,
	"webhook_secret_hash" varchar(64),
	"webhook_enabled" boolean DEFAULT false NOT NULL,
	"last_refresh_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"client_info_next_at" timestamp with time zone,
	"statement_next_at" timestamp with time zone,
	"webhook_next_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "monobank_users_webhook_secret_hash_unique" UNIQUE("webhook_secret_hash")
);
--> statement-breakpoint
CREATE TABLE "monobank_webhook_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "monobank_webhook_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"account" varchar(128) NOT NULL,
	"item" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "default_key" varchar(100);--> statement-breakpoint
ALTER TABLE "merchant_rules" ADD CONSTRAINT "merchant_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_rules" ADD CONSTRAINT "merchant_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monobank_accounts" ADD CONSTRAINT "monobank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monobank_accounts" ADD CONSTRAINT "monobank_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monobank_items" ADD CONSTRAINT "monobank_items_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monobank_items" ADD CONSTRAINT "monobank_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monobank_jobs" ADD CONSTRAINT "monobank_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monobank_users" ADD CONSTRAINT "monobank_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "monobank_webhook_events" ADD CONSTRAINT "monobank_webhook_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_rules_user_merchant_key" ON "merchant_rules" USING btree ("user_id","merchant");--> statement-breakpoint
CREATE INDEX "monobank_items_user_merchant_idx" ON "monobank_items" USING btree ("user_id","merchant");--> statement-breakpoint
CREATE INDEX "monobank_jobs_user_id_idx" ON "monobank_jobs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "monobank_jobs_due_idx" ON "monobank_jobs" USING btree ("next_run_at") WHERE "monobank_jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "monobank_webhook_events_pending_idx" ON "monobank_webhook_events" USING btree ("id") WHERE "monobank_webhook_events"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_user_default_key_key" ON "categories" USING btree ("user_id","default_key") WHERE "categories"."default_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_account_external_id_key" ON "transactions" USING btree ("account_id","external_id") WHERE "transactions"."external_id" is not null;--> statement-breakpoint
-- The default tree of existing users gets its keys (the first match where a name repeats).
UPDATE "categories" AS c SET "default_key" = v.key FROM (VALUES
  ('Food & Drinks', 'food-drinks'),
  ('Shopping', 'shopping'),
  ('Housing', 'housing'),
  ('Transportation', 'transportation'),
  ('Vehicle', 'vehicle'),
  ('Life & Entertainment', 'life-entertainment'),
  ('Communication, PC', 'communication-pc'),
  ('Financial expenses', 'financial-expenses'),
  ('Investments', 'investments'),
  ('Income', 'income'),
  ('Other', 'other')
) AS v(name, key) WHERE c."parent_id" IS NULL AND c."name" = v.name
  AND c."id" = (SELECT min(o."id") FROM "categories" o WHERE o."user_id" = c."user_id" AND o."parent_id" IS NULL AND o."name" = v.name);
--> statement-breakpoint
UPDATE "categories" AS c SET "default_key" = v.key FROM "categories" AS p, (VALUES
  ('Food & Drinks', 'Groceries', 'food-drinks/groceries'),
  ('Food & Drinks', 'Restaurants, fast food', 'food-drinks/restaurants-fast-food'),
  ('Food & Drinks', 'Bars, cafés', 'food-drinks/bars-cafes'),
  ('Shopping', 'Clothes & shoes', 'shopping/clothes-shoes'),
  ('Shopping', 'Jewellery, accessories', 'shopping/jewellery-accessories'),
  ('Shopping', 'Health & beauty', 'shopping/health-beauty'),
  ('Shopping', 'Kids', 'shopping/kids'),
  ('Shopping', 'Home, garden', 'shopping/home-garden'),
  ('Shopping', 'Pets', 'shopping/pets'),
  ('Shopping', 'Electronics', 'shopping/electronics'),
  ('Shopping', 'Gifts', 'shopping/gifts'),
  ('Shopping', 'Stationery, tools', 'shopping/stationery-tools'),
  ('Shopping', 'Free time', 'shopping/free-time'),
  ('Shopping', 'Pharmacy', 'shopping/pharmacy'),
  ('Housing', 'Rent', 'housing/rent'),
  ('Housing', 'Mortgage', 'housing/mortgage'),
  ('Housing', 'Energy, utilities', 'housing/energy-utilities'),
  ('Housing', 'Services', 'housing/services'),
  ('Housing', 'Maintenance, repairs', 'housing/maintenance-repairs'),
  ('Housing', 'Property insurance', 'housing/property-insurance'),
  ('Transportation', 'Public transport', 'transportation/public-transport'),
  ('Transportation', 'Taxi', 'transportation/taxi'),
  ('Transportation', 'Long distance', 'transportation/long-distance'),
  ('Transportation', 'Business trips', 'transportation/business-trips'),
  ('Vehicle', 'Fuel', 'vehicle/fuel'),
  ('Vehicle', 'Parking', 'vehicle/parking'),
  ('Vehicle', 'Vehicle maintenance', 'vehicle/vehicle-maintenance'),
  ('Vehicle', 'Rentals', 'vehicle/rentals'),
  ('Vehicle', 'Vehicle insurance', 'vehicle/vehicle-insurance'),
  ('Vehicle', 'Leasing', 'vehicle/leasing'),
  ('Life & Entertainment', 'Health care, doctor', 'life-entertainment/health-care-doctor'),
  ('Life & Entertainment', 'Wellness, beauty', 'life-entertainment/wellness-beauty'),
  ('Life & Entertainment', 'Sport, fitness', 'life-entertainment/sport-fitness'),
  ('Life & Entertainment', 'Culture, events', 'life-entertainment/culture-events'),
  ('Life & Entertainment', 'Hobbies', 'life-entertainment/hobbies'),
  ('Life & Entertainment', 'Education', 'life-entertainment/education'),
  ('Life & Entertainment', 'Books, audio, subscriptions', 'life-entertainment/books-audio-subscriptions'),
  ('Life & Entertainment', 'TV, streaming', 'life-entertainment/tv-streaming'),
  ('Life & Entertainment', 'Holidays, trips, hotels', 'life-entertainment/holidays-trips-hotels'),
  ('Life & Entertainment', 'Charity, gifts', 'life-entertainment/charity-gifts'),
  ('Life & Entertainment', 'Alcohol, tobacco', 'life-entertainment/alcohol-tobacco'),
  ('Life & Entertainment', 'Lottery, gambling', 'life-entertainment/lottery-gambling'),
  ('Communication, PC', 'Phone', 'communication-pc/phone'),
  ('Communication, PC', 'Internet', 'communication-pc/internet'),
  ('Communication, PC', 'Software, apps, games', 'communication-pc/software-apps-games'),
  ('Communication, PC', 'Postal services', 'communication-pc/postal-services'),
  ('Financial expenses', 'Taxes', 'financial-expenses/taxes'),
  ('Financial expenses', 'Insurance', 'financial-expenses/insurance'),
  ('Financial expenses', 'Loans, interest', 'financial-expenses/loans-interest'),
  ('Financial expenses', 'Fines', 'financial-expenses/fines'),
  ('Financial expenses', 'Advisory', 'financial-expenses/advisory'),
  ('Financial expenses', 'Charges, fees', 'financial-expenses/charges-fees'),
  ('Financial expenses', 'Child support', 'financial-expenses/child-support'),
  ('Investments', 'Realty', 'investments/realty'),
  ('Investments', 'Vehicles, chattels', 'investments/vehicles-chattels'),
  ('Investments', 'Financial investments', 'investments/financial-investments'),
  ('Investments', 'Savings', 'investments/savings'),
  ('Investments', 'Collections', 'investments/collections'),
  ('Income', 'Wage, invoices', 'income/wage-invoices'),
  ('Income', 'Interest, dividends', 'income/interest-dividends'),
  ('Income', 'Sale', 'income/sale'),
  ('Income', 'Rental income', 'income/rental-income'),
  ('Income', 'Dues & grants', 'income/dues-grants'),
  ('Income', 'Lending, renting', 'income/lending-renting'),
  ('Income', 'Checks, coupons', 'income/checks-coupons'),
  ('Income', 'Lottery, gambling', 'income/lottery-gambling'),
  ('Income', 'Refunds', 'income/refunds'),
  ('Income', 'Freelance', 'income/freelance'),
  ('Income', 'Gifts', 'income/gifts')
) AS v(root, name, key) WHERE c."parent_id" = p."id" AND p."parent_id" IS NULL AND p."name" = v.root AND c."name" = v.name
  AND c."id" = (SELECT min(o."id") FROM "categories" o JOIN "categories" op ON op."id" = o."parent_id"
    WHERE o."user_id" = c."user_id" AND op."parent_id" IS NULL AND op."name" = v.root AND o."name" = v.name);
