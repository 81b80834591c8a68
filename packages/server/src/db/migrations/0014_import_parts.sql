CREATE TABLE "import_parts" (
	"import_id" integer NOT NULL,
	"part" integer NOT NULL,
	"text" text NOT NULL,
	CONSTRAINT "import_parts_import_id_part_pk" PRIMARY KEY("import_id","part")
);
--> statement-breakpoint
ALTER TABLE "import_parts" ADD CONSTRAINT "import_parts_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Files uploaded before keep their text, as one part.
INSERT INTO "import_parts" ("import_id", "part", "text") SELECT "id", 0, "content" FROM "imports";--> statement-breakpoint
ALTER TABLE "imports" DROP COLUMN "content";