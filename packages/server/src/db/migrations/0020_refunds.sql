-- An income may refund an expense of its user (issue 36): unlinked when the expense goes. Both
-- indexes are partial: rows that are no refunds, nearly all, add nothing to them.
ALTER TABLE "transactions" ADD COLUMN "refund_of_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_refund_of_id_transactions_id_fk" FOREIGN KEY ("refund_of_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_refund_of_id_idx" ON "transactions" USING btree ("refund_of_id") WHERE "transactions"."refund_of_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_user_refunds_idx" ON "transactions" USING btree ("user_id","time","account_id","refund_of_id","ref_amount","id") WHERE "transactions"."refund_of_id" is not null;
