-- An import's file is dropped once the import has ended (docs/decisions.md "Uploads expire, and a
-- file goes once imported"): nothing reads it again. The files of imports that ended before go now.
DELETE FROM "import_parts" WHERE "import_id" IN (SELECT "id" FROM "imports" WHERE "state" IN ('done', 'failed', 'undone'));
