-- The player's city on their totals row (decision 054), lower-cased as the local board
-- compares it, so the board reads its city's part of player_totals_city_rank_idx.

-- A new totals row takes the city its player has now.
CREATE OR REPLACE FUNCTION "totals_city_of_new_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower("city"), lower("state") INTO NEW."city_lower", NEW."state_lower"
  FROM "users" WHERE "id" = NEW."user_id";
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- A move is an upsert, not an update: were the player's first totals row being written at the
-- same moment, whichever commits second still leaves the new city on it.
CREATE OR REPLACE FUNCTION "totals_city_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "player_totals" AS t ("user_id", "city_lower", "state_lower")
  VALUES (NEW."id", lower(NEW."city"), lower(NEW."state"))
  ON CONFLICT ("user_id") DO UPDATE SET
    "city_lower" = excluded."city_lower", "state_lower" = excluded."state_lower";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Backfill: every totals row gets its player's city.
UPDATE "player_totals" t SET "city_lower" = lower(u."city"), "state_lower" = lower(u."state")
FROM "users" u WHERE u."id" = t."user_id";
--> statement-breakpoint
CREATE TRIGGER "totals_city_new_row" BEFORE INSERT ON "player_totals"
  FOR EACH ROW EXECUTE FUNCTION "totals_city_of_new_row"();
--> statement-breakpoint
CREATE TRIGGER "totals_city_moved" AFTER UPDATE OF "city", "state" ON "users"
  FOR EACH ROW WHEN ((lower(OLD."city"), lower(OLD."state")) IS DISTINCT FROM (lower(NEW."city"), lower(NEW."state")))
  EXECUTE FUNCTION "totals_city_moved"();
