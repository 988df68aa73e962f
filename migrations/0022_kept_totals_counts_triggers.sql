-- Kept counts (decision 054): a player's bros and courts (their player_bros and
-- player_courts rows) and the ratings they received, kept on their player_totals row so stats
-- read one row. Statement triggers with transition tables: one upsert per statement, grouped
-- by player and written in user id order like every other totals write (no crosswise locks).

CREATE OR REPLACE FUNCTION "totals_bros_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "player_totals" AS t ("user_id", "bros")
    SELECT "user_id", count(*)::int FROM new_rows GROUP BY "user_id" ORDER BY "user_id"
    ON CONFLICT ("user_id") DO UPDATE SET "bros" = t."bros" + excluded."bros";
  ELSE
    INSERT INTO "player_totals" AS t ("user_id", "bros")
    SELECT "user_id", -count(*)::int FROM old_rows GROUP BY "user_id" ORDER BY "user_id"
    ON CONFLICT ("user_id") DO UPDATE SET "bros" = t."bros" + excluded."bros";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "totals_courts_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "player_totals" AS t ("user_id", "courts")
    SELECT "user_id", count(*)::int FROM new_rows GROUP BY "user_id" ORDER BY "user_id"
    ON CONFLICT ("user_id") DO UPDATE SET "courts" = t."courts" + excluded."courts";
  ELSE
    INSERT INTO "player_totals" AS t ("user_id", "courts")
    SELECT "user_id", -count(*)::int FROM old_rows GROUP BY "user_id" ORDER BY "user_id"
    ON CONFLICT ("user_id") DO UPDATE SET "courts" = t."courts" + excluded."courts";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update (a rating changed, by the rater's upsert) takes the old rows out and puts the new in.
CREATE OR REPLACE FUNCTION "totals_ratings_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "player_totals" AS t ("user_id", "rating_sum", "ratings")
    SELECT "ratee_id", sum("rating")::int, count(*)::int FROM new_rows
    GROUP BY "ratee_id" ORDER BY "ratee_id"
    ON CONFLICT ("user_id") DO UPDATE SET
      "rating_sum" = t."rating_sum" + excluded."rating_sum", "ratings" = t."ratings" + excluded."ratings";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "player_totals" AS t ("user_id", "rating_sum", "ratings")
    SELECT "ratee_id", -sum("rating")::int, -count(*)::int FROM old_rows
    GROUP BY "ratee_id" ORDER BY "ratee_id"
    ON CONFLICT ("user_id") DO UPDATE SET
      "rating_sum" = t."rating_sum" + excluded."rating_sum", "ratings" = t."ratings" + excluded."ratings";
  ELSE
    INSERT INTO "player_totals" AS t ("user_id", "rating_sum", "ratings")
    SELECT "ratee_id", sum(r)::int, sum(n)::int FROM (
      SELECT "ratee_id", "rating" AS r, 1 AS n FROM new_rows
      UNION ALL
      SELECT "ratee_id", -"rating", -1 FROM old_rows
    ) moved
    GROUP BY "ratee_id" ORDER BY "ratee_id"
    ON CONFLICT ("user_id") DO UPDATE SET
      "rating_sum" = t."rating_sum" + excluded."rating_sum", "ratings" = t."ratings" + excluded."ratings";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Backfill: the counts as they stand (absolute, so running it again changes nothing).
INSERT INTO "player_totals" AS t ("user_id", "bros", "courts", "rating_sum", "ratings")
SELECT "user_id", sum(bros)::int, sum(courts)::int, sum(rating_sum)::int, sum(ratings)::int
FROM (
  SELECT "user_id", count(*) AS bros, 0 AS courts, 0 AS rating_sum, 0 AS ratings
  FROM "player_bros" GROUP BY "user_id"
  UNION ALL
  SELECT "user_id", 0, count(*), 0, 0 FROM "player_courts" GROUP BY "user_id"
  UNION ALL
  SELECT "ratee_id", 0, 0, sum("rating"), count(*) FROM "player_ratings" GROUP BY "ratee_id"
) counted
GROUP BY "user_id"
ON CONFLICT ("user_id") DO UPDATE SET
  "bros" = excluded."bros", "courts" = excluded."courts",
  "rating_sum" = excluded."rating_sum", "ratings" = excluded."ratings";
--> statement-breakpoint
CREATE TRIGGER "totals_bros_added" AFTER INSERT ON "player_bros"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "totals_bros_rows"();
--> statement-breakpoint
CREATE TRIGGER "totals_bros_removed" AFTER DELETE ON "player_bros"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "totals_bros_rows"();
--> statement-breakpoint
CREATE TRIGGER "totals_courts_added" AFTER INSERT ON "player_courts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "totals_courts_rows"();
--> statement-breakpoint
CREATE TRIGGER "totals_courts_removed" AFTER DELETE ON "player_courts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "totals_courts_rows"();
--> statement-breakpoint
CREATE TRIGGER "totals_ratings_added" AFTER INSERT ON "player_ratings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "totals_ratings_rows"();
--> statement-breakpoint
CREATE TRIGGER "totals_ratings_changed" AFTER UPDATE ON "player_ratings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "totals_ratings_rows"();
--> statement-breakpoint
CREATE TRIGGER "totals_ratings_removed" AFTER DELETE ON "player_ratings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "totals_ratings_rows"();
