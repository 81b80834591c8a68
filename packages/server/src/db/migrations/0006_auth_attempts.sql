CREATE TABLE "auth_attempts" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "known_sign_ins" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Counts of a minute: nothing worth a write-ahead log and an fsync on every request; a crash
-- forgets them, which only opens the current windows again.
CREATE UNLOGGED TABLE "request_counts" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "known_sign_ins" ADD CONSTRAINT "known_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "known_sign_ins_user_id_idx" ON "known_sign_ins" USING btree ("user_id");