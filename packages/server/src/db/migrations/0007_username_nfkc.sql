-- Usernames are stored in NFKC from now on and the name typed at login is normalised alike
-- (issue 15), so a name stored earlier in another form (full-width letters, a ligature) is
-- rewritten; one whose rewrite would equal another user's name, or outgrow the column, stays as it
-- was. Normalising needs a UTF8 database, as every supported one is.
DO $$
BEGIN
  IF current_setting('server_encoding') = 'UTF8' THEN
    UPDATE "users" AS u SET "username" = normalize(u."username", NFKC)
    WHERE u."username" IS NOT NFKC NORMALIZED
      AND char_length(normalize(u."username", NFKC)) <= 64
      AND NOT EXISTS (
        SELECT 1 FROM "users" AS o
        WHERE o."id" <> u."id" AND lower(normalize(o."username", NFKC)) = lower(normalize(u."username", NFKC))
      );
  END IF;
END $$;
