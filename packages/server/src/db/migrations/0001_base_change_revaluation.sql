ALTER TABLE "base_currency_changes" ADD COLUMN "lease_token" uuid;--> statement-breakpoint
ALTER TABLE "base_currency_changes" ADD COLUMN "scope_codes" varchar(3)[];--> statement-breakpoint
ALTER TABLE "base_currency_changes" ADD COLUMN "scope_from" date;