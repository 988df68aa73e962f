-- The badge queue (decision 059): every statement that moves a figure a badge rule reads
-- (played, wins, organized, ratings received and their sum, all on player_totals; a seat's win
-- or a court's wins never move without its player's played moving in the same statement, as
-- totals_apply takes a game's seats out and puts them back) queues its players, in the
-- writer's transaction and in user id order like every other totals write. The upsert touches
-- a queued row, so it is locked until the writer commits: the sweep skips locked rows, and a
-- sweep that drained the row first has made the writer wait and then queue it again. So a change
-- committed during a sweep is read by this sweep or queued for the next, never lost.

CREATE OR REPLACE FUNCTION "badge_queue_totals_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "badge_queue" AS q ("user_id")
  SELECT "user_id" FROM new_rows
  WHERE "played" <> 0 OR "organized" <> 0 OR "ratings" <> 0
  ORDER BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE SET "queued_at" = excluded."queued_at";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "badge_queue_totals_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "badge_queue" AS q ("user_id")
  SELECT n."user_id" FROM new_rows n JOIN old_rows o ON o."user_id" = n."user_id"
  WHERE (n."played", n."wins", n."organized", n."ratings", n."rating_sum")
    IS DISTINCT FROM (o."played", o."wins", o."organized", o."ratings", o."rating_sum")
  ORDER BY n."user_id"
  ON CONFLICT ("user_id") DO UPDATE SET "queued_at" = excluded."queued_at";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "badge_queue_totals_insert" AFTER INSERT ON "player_totals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "badge_queue_totals_inserted"();
--> statement-breakpoint
CREATE TRIGGER "badge_queue_totals_update" AFTER UPDATE ON "player_totals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_queue_totals_updated"();
--> statement-breakpoint
-- Until now the sweep looked back a day at the players of games that ended: queue those once, so
-- a run missed just before this migration loses nothing (settled_games' in-week index, not a
-- scan of every seat).
INSERT INTO "badge_queue" ("user_id")
SELECT "user_id" FROM "player_games" WHERE "game_id" IN (
  SELECT "game_id" FROM "settled_games" WHERE "in_week" AND "ends_at" > now() - interval '1 day')
UNION
SELECT "organizer_id" FROM "settled_games"
WHERE "in_week" AND "organized" AND "ends_at" > now() - interval '1 day'
ON CONFLICT ("user_id") DO NOTHING;
