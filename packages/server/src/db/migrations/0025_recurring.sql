-- Recurring money (issue 37): schedules and instalment plans, the tags their occurrences carry, each
-- occurrence recorded or skipped keyed by the occurrence so that it happens once, dismissed
-- suggestions, and budgets that repeat every month (with what a month leaves carried into the next).
CREATE TABLE "recurring" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "recurring_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"kind" varchar(12) NOT NULL,
	"account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"transaction_type" varchar(8) NOT NULL,
	"payment_type" varchar(16) NOT NULL,
	"category_id" integer,
	"note" varchar(1000) DEFAULT '' NOT NULL,
	"destination_account_id" integer,
	"destination_amount" bigint,
	"frequency" varchar(5) NOT NULL,
	"interval" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"count" integer,
	"mode" varchar(7) NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"next_date" date,
	"locked_until" timestamp with time zone,
	"lease_token" uuid,
	"retry_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recurring_dismissals" (
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"folded_name" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_dismissals_user_id_account_id_folded_name_pk" PRIMARY KEY("user_id","account_id","folded_name")
);
--> statement-breakpoint
CREATE TABLE "recurring_occurrences" (
	"recurring_id" integer NOT NULL,
	"occurrence_date" date NOT NULL,
	"state" varchar(8) NOT NULL,
	"transaction_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_occurrences_recurring_id_occurrence_date_pk" PRIMARY KEY("recurring_id","occurrence_date")
);
--> statement-breakpoint
CREATE TABLE "recurring_tags" (
	"recurring_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "recurring_tags_recurring_id_tag_id_pk" PRIMARY KEY("recurring_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "period" varchar(5) DEFAULT 'once' NOT NULL;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "rollover" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "recurring" ADD CONSTRAINT "recurring_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring" ADD CONSTRAINT "recurring_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring" ADD CONSTRAINT "recurring_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring" ADD CONSTRAINT "recurring_destination_account_id_accounts_id_fk" FOREIGN KEY ("destination_account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_dismissals" ADD CONSTRAINT "recurring_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_dismissals" ADD CONSTRAINT "recurring_dismissals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_recurring_id_recurring_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."recurring"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_occurrences" ADD CONSTRAINT "recurring_occurrences_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_tags" ADD CONSTRAINT "recurring_tags_recurring_id_recurring_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."recurring"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_tags" ADD CONSTRAINT "recurring_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_user_id_idx" ON "recurring" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "recurring_due_idx" ON "recurring" USING btree ("next_date") WHERE "recurring"."mode" = 'auto' and not "recurring"."archived" and "recurring"."next_date" is not null;--> statement-breakpoint
CREATE INDEX "recurring_occurrences_transaction_id_idx" ON "recurring_occurrences" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "recurring_tags_tag_id_idx" ON "recurring_tags" USING btree ("tag_id");