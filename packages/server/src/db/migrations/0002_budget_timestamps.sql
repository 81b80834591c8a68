-- Budget dates become instants (the API sends ISO timestamps). A stored day becomes that day in UTC:
-- its first instant as the start, its last millisecond (the end is included) as the end.
ALTER TABLE "budgets" ALTER COLUMN "start_date" SET DATA TYPE timestamp with time zone USING "start_date"::timestamp AT TIME ZONE 'UTC';--> statement-breakpoint
ALTER TABLE "budgets" ALTER COLUMN "end_date" SET DATA TYPE timestamp with time zone USING ("end_date" + 1)::timestamp AT TIME ZONE 'UTC' - interval '1 millisecond';
