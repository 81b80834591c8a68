ALTER TABLE "accounts" ADD COLUMN "opening_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "opening_balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Accounts made before opening balances: the balance given at their creation, with what was
-- recorded before then counted in it.
UPDATE "accounts" AS a SET "opening_at" = a."created_at",
  "opening_balance" = a."initial_balance" + coalesce((
    SELECT sum(CASE WHEN t."transaction_type" = 'income' THEN t."amount" ELSE -t."amount" END)
    FROM "transactions" t WHERE t."account_id" = a."id" AND t."time" < a."created_at"
  ), 0);
