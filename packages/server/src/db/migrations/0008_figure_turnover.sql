ALTER TABLE "accounts" ADD COLUMN "turnover" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "ref_turnover" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Accounts made before the bound: their sums as they stand (capped at bigint's end, should some
-- already be past every limit; new writes on such an account are refused until it shrinks).
UPDATE "accounts" AS a SET
  "turnover" = least(coalesce((
    SELECT sum(t."amount") FROM "transactions" t WHERE t."account_id" = a."id"
  ), 0), 9223372036854775807),
  "ref_turnover" = least(coalesce((
    SELECT sum(abs(t."ref_amount")) FROM "transactions" t WHERE t."account_id" = a."id"
  ), 0), 9223372036854775807);
