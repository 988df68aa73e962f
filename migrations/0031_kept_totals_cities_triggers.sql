-- The cities list kept (decision 060). Everything that decides whether a player is
-- counted (a played game, a profile, stats and location shown, a city and state) is on their
-- player_totals row, each part written there by the change that moves it; so every change to
-- the list passes through that one row, locked by its writer, and a statement trigger on
-- player_totals alone moves the counts: no trigger reads another table's uncommitted state.

-- Whether a local board would list this player (§17), from their totals row.
CREATE OR REPLACE FUNCTION "player_listed"(t "player_totals") RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT t."played" > 0 AND t."has_profile" AND t."shows_stats" AND t."shows_location"
    AND coalesce(t."city", '') <> '' AND coalesce(t."state", '') <> ''
$$;
--> statement-breakpoint
-- Adds the moved players to their cities and spellings: += upserts, grouped, in key order.
CREATE OR REPLACE FUNCTION "city_players_add"(cities text[], states text[], deltas int[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "city_players" AS c ("city_lower", "state_lower", "players")
  SELECT lower(m.city), lower(m.state), sum(m.delta)::int
  FROM unnest(cities, states, deltas) AS m(city, state, delta)
  GROUP BY 1, 2 HAVING sum(m.delta) <> 0 ORDER BY 1, 2
  ON CONFLICT ("city_lower", "state_lower") DO UPDATE SET "players" = c."players" + excluded."players";
  INSERT INTO "city_spellings" AS s ("city_lower", "state_lower", "city", "state", "players")
  SELECT lower(m.city), lower(m.state), m.city, m.state, m.delta
  FROM unnest(cities, states, deltas) AS m(city, state, delta)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ("city_lower", "state_lower", "city", "state") DO UPDATE SET
    "players" = s."players" + excluded."players";
$$;
--> statement-breakpoint
-- One function per event: a transition table exists only for the events that have it.
CREATE OR REPLACE FUNCTION "city_players_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c text[]; s text[]; d int[];
BEGIN
  SELECT array_agg(city), array_agg(state), array_agg(n) INTO c, s, d FROM (
    SELECT t."city", t."state", count(*)::int AS n FROM new_rows t WHERE player_listed(t)
    GROUP BY 1, 2
  ) moved;
  IF c IS NOT NULL THEN PERFORM city_players_add(c, s, d); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "city_players_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c text[]; s text[]; d int[];
BEGIN
  SELECT array_agg(city), array_agg(state), array_agg(n) INTO c, s, d FROM (
    SELECT t."city", t."state", -count(*)::int AS n FROM old_rows t WHERE player_listed(t)
    GROUP BY 1, 2
  ) moved;
  IF c IS NOT NULL THEN PERFORM city_players_add(c, s, d); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "city_players_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE c text[]; s text[]; d int[];
BEGIN
  SELECT array_agg(city), array_agg(state), array_agg(n) INTO c, s, d FROM (
    SELECT city, state, sum(n)::int AS n FROM (
      SELECT t."city", t."state", 1 AS n FROM new_rows t WHERE player_listed(t)
      UNION ALL
      SELECT t."city", t."state", -1 FROM old_rows t WHERE player_listed(t)
    ) m
    GROUP BY 1, 2 HAVING sum(n) <> 0
  ) moved;
  IF c IS NOT NULL THEN PERFORM city_players_add(c, s, d); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A new totals row takes what its player has now (replaces §54's, which took the city only).
CREATE OR REPLACE FUNCTION "totals_city_of_new_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u."city", u."state", lower(u."city"), lower(u."state"), p."user_id" IS NOT NULL,
    coalesce(s."show_stats", true), coalesce(s."show_location", true)
  INTO NEW."city", NEW."state", NEW."city_lower", NEW."state_lower", NEW."has_profile",
    NEW."shows_stats", NEW."shows_location"
  FROM "users" u
  LEFT JOIN "player_profiles" p ON p."user_id" = u."id"
  LEFT JOIN "user_settings" s ON s."user_id" = u."id"
  WHERE u."id" = NEW."user_id";
  IF NOT FOUND THEN
    NEW."has_profile" := false; NEW."shows_stats" := true; NEW."shows_location" := true;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Each change writes its own part as an upsert (§54): were the player's first totals row being
-- written at the same moment, whichever commits second still leaves the change on it.
CREATE OR REPLACE FUNCTION "totals_city_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "player_totals" AS t ("user_id", "city", "state", "city_lower", "state_lower")
  VALUES (NEW."id", NEW."city", NEW."state", lower(NEW."city"), lower(NEW."state"))
  ON CONFLICT ("user_id") DO UPDATE SET
    "city" = excluded."city", "state" = excluded."state",
    "city_lower" = excluded."city_lower", "state_lower" = excluded."state_lower";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "totals_profile_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "player_totals" AS t ("user_id", "has_profile")
  VALUES (coalesce(NEW."user_id", OLD."user_id"), TG_OP = 'INSERT')
  ON CONFLICT ("user_id") DO UPDATE SET "has_profile" = excluded."has_profile";
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- No settings row means both shown (§17).
CREATE OR REPLACE FUNCTION "totals_privacy_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO "player_totals" AS t ("user_id", "shows_stats", "shows_location")
    VALUES (OLD."user_id", true, true)
    ON CONFLICT ("user_id") DO UPDATE SET "shows_stats" = true, "shows_location" = true;
  ELSE
    INSERT INTO "player_totals" AS t ("user_id", "shows_stats", "shows_location")
    VALUES (NEW."user_id", NEW."show_stats", NEW."show_location")
    ON CONFLICT ("user_id") DO UPDATE SET
      "shows_stats" = excluded."shows_stats", "shows_location" = excluded."shows_location";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Backfill: every totals row gets its player's spelling, profile and privacy; then the counts
-- as they stand (absolute, so running it again changes nothing).
UPDATE "player_totals" t SET "city" = u."city", "state" = u."state",
  "city_lower" = lower(u."city"), "state_lower" = lower(u."state"),
  "has_profile" = p."user_id" IS NOT NULL,
  "shows_stats" = coalesce(s."show_stats", true), "shows_location" = coalesce(s."show_location", true)
FROM "users" u
LEFT JOIN "player_profiles" p ON p."user_id" = u."id"
LEFT JOIN "user_settings" s ON s."user_id" = u."id"
WHERE u."id" = t."user_id";
--> statement-breakpoint
INSERT INTO "city_spellings" AS s ("city_lower", "state_lower", "city", "state", "players")
SELECT lower(t."city"), lower(t."state"), t."city", t."state", count(*)::int
FROM "player_totals" t WHERE player_listed(t)
GROUP BY t."city", t."state"
ON CONFLICT ("city_lower", "state_lower", "city", "state") DO UPDATE SET "players" = excluded."players";
--> statement-breakpoint
INSERT INTO "city_players" AS c ("city_lower", "state_lower", "players")
SELECT lower(t."city"), lower(t."state"), count(*)::int
FROM "player_totals" t WHERE player_listed(t)
GROUP BY 1, 2
ON CONFLICT ("city_lower", "state_lower") DO UPDATE SET "players" = excluded."players";
--> statement-breakpoint
CREATE TRIGGER "city_players_inserted" AFTER INSERT ON "player_totals"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "city_players_inserted"();
--> statement-breakpoint
CREATE TRIGGER "city_players_updated" AFTER UPDATE ON "player_totals"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "city_players_updated"();
--> statement-breakpoint
CREATE TRIGGER "city_players_deleted" AFTER DELETE ON "player_totals"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "city_players_deleted"();
--> statement-breakpoint
-- §54's move trigger, now also for a new spelling of the same city.
DROP TRIGGER "totals_city_moved" ON "users";
--> statement-breakpoint
CREATE TRIGGER "totals_city_moved" AFTER UPDATE OF "city", "state" ON "users"
  FOR EACH ROW WHEN ((OLD."city", OLD."state") IS DISTINCT FROM (NEW."city", NEW."state"))
  EXECUTE FUNCTION "totals_city_moved"();
--> statement-breakpoint
CREATE TRIGGER "totals_profile_changed" AFTER INSERT OR DELETE ON "player_profiles"
  FOR EACH ROW EXECUTE FUNCTION "totals_profile_changed"();
--> statement-breakpoint
-- Inserting the defaults (both shown) or deleting them changes nothing.
CREATE TRIGGER "totals_privacy_inserted" AFTER INSERT ON "user_settings"
  FOR EACH ROW WHEN (NOT NEW."show_stats" OR NOT NEW."show_location")
  EXECUTE FUNCTION "totals_privacy_changed"();
--> statement-breakpoint
CREATE TRIGGER "totals_privacy_updated" AFTER UPDATE OF "show_stats", "show_location" ON "user_settings"
  FOR EACH ROW WHEN ((OLD."show_stats", OLD."show_location") IS DISTINCT FROM (NEW."show_stats", NEW."show_location"))
  EXECUTE FUNCTION "totals_privacy_changed"();
--> statement-breakpoint
CREATE TRIGGER "totals_privacy_deleted" AFTER DELETE ON "user_settings"
  FOR EACH ROW WHEN (NOT OLD."show_stats" OR NOT OLD."show_location")
  EXECUTE FUNCTION "totals_privacy_changed"();
