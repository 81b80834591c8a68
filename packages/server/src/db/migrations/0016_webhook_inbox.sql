-- Applied and abandoned events are deleted from now on: those kept before go now.
DELETE FROM "monobank_webhook_events" WHERE "processed_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "monobank_webhook_events_pending_idx";--> statement-breakpoint
CREATE INDEX "monobank_webhook_events_user_id_idx" ON "monobank_webhook_events" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "monobank_webhook_events" DROP COLUMN "processed_at";
