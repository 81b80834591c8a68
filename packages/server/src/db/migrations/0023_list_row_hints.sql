-- Hints on each row for a page of the list (docs/decisions.md "Tags and refunds on a page of the list"):
-- it looks up tags and sums refunds only of the rows that have them.
ALTER TABLE "transactions" ADD COLUMN "has_tags" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "ever_refunded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The hints of the rows that already have tags or had refunds linked.
UPDATE "transactions" SET "has_tags" = true
WHERE "id" IN (SELECT "transaction_id" FROM "transaction_tags");--> statement-breakpoint
UPDATE "transactions" SET "ever_refunded" = true
WHERE "id" IN (SELECT "refund_of_id" FROM "transactions" WHERE "refund_of_id" IS NOT NULL);
