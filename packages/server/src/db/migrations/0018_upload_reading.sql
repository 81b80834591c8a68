-- What the upload's one reading kept (docs/decisions.md "A CSV upload is read once, a piece at a
-- time"). An upload not yet committed has no such reading and nothing reads its file again: it is
-- dropped, and the person uploads the file again. Imports already committed never need them.
DELETE FROM "imports" WHERE "state" = 'uploaded';--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "columns" integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "category_names" jsonb NOT NULL DEFAULT '[]'::jsonb;--> statement-breakpoint
ALTER TABLE "imports" ALTER COLUMN "columns" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "imports" ALTER COLUMN "category_names" DROP DEFAULT;
