-- Split transactions (docs/decisions.md "Split transactions"): the parts, and a flag on the row so the
-- day totals and a budget's category rule (index-only) pass over split rows, whose parts count instead.
CREATE TABLE "transaction_splits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transaction_splits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer NOT NULL,
	"category_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"ref_amount" bigint NOT NULL,
	"note" varchar(1000) DEFAULT '' NOT NULL,
	CONSTRAINT "transaction_splits_transaction_position_key" UNIQUE("transaction_id","position")
);
--> statement-breakpoint
DROP INDEX "transactions_user_category_time_idx";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "is_split" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_splits" ADD CONSTRAINT "transaction_splits_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_splits" ADD CONSTRAINT "transaction_splits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_splits" ADD CONSTRAINT "transaction_splits_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_splits_user_category_idx" ON "transaction_splits" USING btree ("user_id","category_id","transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_user_category_time_idx" ON "transactions" USING btree ("user_id","category_id","time","budget_id","transfer_nature","transaction_type","ref_amount","id","is_split");