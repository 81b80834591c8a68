ALTER TABLE "base_currency_changes" ADD COLUMN "error_issue" jsonb;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "error_issue" jsonb;--> statement-breakpoint
ALTER TABLE "monobank_jobs" ADD COLUMN "error_issue" jsonb;