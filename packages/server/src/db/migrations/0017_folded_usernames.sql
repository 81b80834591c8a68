-- Usernames are compared under full case folding (issue 35): the server fills the folded form,
-- which SQL's lower() cannot give (it keeps "ß"). Existing names are folded by the server at its
-- start (foldStoredUsernames), as it folds new ones.
ALTER TABLE "users" ADD COLUMN "folded_username" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_folded_username_key" ON "users" USING btree ("folded_username");
