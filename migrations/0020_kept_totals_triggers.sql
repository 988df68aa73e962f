-- Kept totals (decision 052): the definitions of decision 017, kept by the writes that move them.
-- A game counts once it is played (not cancelled and over: 120 minutes after it starts, or when
-- its result ended it, GAME_DURATION_MINUTES); settled_games says which games are counted and
-- player_games what each seat added, so any change subtracts exactly that before adding anew.
-- Every multi-row write goes in user id order, so two transactions never lock rows crosswise.

-- Adds (s = 1) or subtracts (s = -1) what the counted seats of game g hold (only_user's, or all
-- with the organizer's Shot Caller count), to the totals, the weekly window and the courts.
CREATE OR REPLACE FUNCTION "totals_apply"(g integer, only_user varchar, s integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  wk boolean;
BEGIN
  -- Locked: the weekly sweep must not take the game out of the window meanwhile.
  SELECT "in_week" INTO wk FROM "settled_games" WHERE "game_id" = g FOR UPDATE;
  INSERT INTO "player_totals" AS t ("user_id", "played", "decided", "wins", "seconds", "organized")
  SELECT "user_id", sum(played)::int, sum(decided)::int, sum(wins)::int, sum(seconds), sum(organized)::int
  FROM (
    SELECT "user_id", s AS played, s * ("won" IS NOT NULL)::int AS decided,
      s * coalesce("won", false)::int AS wins, s * "seconds" AS seconds, 0 AS organized
    FROM "player_games" WHERE "game_id" = g AND (only_user IS NULL OR "user_id" = only_user)
    UNION ALL
    SELECT "organizer_id", 0, 0, 0, 0, s FROM "settled_games"
    WHERE "game_id" = g AND "organized" AND only_user IS NULL
  ) seat
  GROUP BY "user_id" ORDER BY "user_id"
  ON CONFLICT ("user_id") DO UPDATE SET
    "played" = t."played" + excluded."played", "decided" = t."decided" + excluded."decided",
    "wins" = t."wins" + excluded."wins", "seconds" = t."seconds" + excluded."seconds",
    "organized" = t."organized" + excluded."organized";
  IF wk THEN
    INSERT INTO "player_week_totals" AS w ("user_id", "played", "decided", "wins")
    SELECT "user_id", s, s * ("won" IS NOT NULL)::int, s * coalesce("won", false)::int
    FROM "player_games" WHERE "game_id" = g AND (only_user IS NULL OR "user_id" = only_user)
    ORDER BY "user_id"
    ON CONFLICT ("user_id") DO UPDATE SET
      "played" = w."played" + excluded."played", "decided" = w."decided" + excluded."decided",
      "wins" = w."wins" + excluded."wins";
  END IF;
  INSERT INTO "player_courts" AS c ("user_id", "court_id", "games", "wins")
  SELECT "user_id", "court_id", s, s * coalesce("won", false)::int
  FROM "player_games" WHERE "game_id" = g AND (only_user IS NULL OR "user_id" = only_user)
  ORDER BY "user_id", "court_id"
  ON CONFLICT ("user_id", "court_id") DO UPDATE SET
    "games" = c."games" + excluded."games", "wins" = c."wins" + excluded."wins";
  IF s < 0 THEN
    DELETE FROM "player_courts" c USING "player_games" l
    WHERE l."game_id" = g AND (only_user IS NULL OR l."user_id" = only_user)
      AND c."user_id" = l."user_id" AND c."court_id" = l."court_id"
      AND c."games" = 0 AND c."check_ins" = 0;
  END IF;
END
$$;
--> statement-breakpoint
-- Bros: each ordered pair of counted seats in game g (only those with only_user, if given).
CREATE OR REPLACE FUNCTION "totals_pairs"(g integer, only_user varchar, s integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "player_bros" AS b ("user_id", "bro_id", "games")
  SELECT a."user_id", o."user_id", s
  FROM "player_games" a JOIN "player_games" o ON o."game_id" = a."game_id" AND o."user_id" <> a."user_id"
  WHERE a."game_id" = g AND (only_user IS NULL OR a."user_id" = only_user OR o."user_id" = only_user)
  ORDER BY a."user_id", o."user_id"
  ON CONFLICT ("user_id", "bro_id") DO UPDATE SET "games" = b."games" + excluded."games";
  IF s < 0 THEN
    DELETE FROM "player_bros" b USING "player_games" a, "player_games" o
    WHERE a."game_id" = g AND o."game_id" = g AND o."user_id" <> a."user_id"
      AND (only_user IS NULL OR a."user_id" = only_user OR o."user_id" = only_user)
      AND b."user_id" = a."user_id" AND b."bro_id" = o."user_id" AND b."games" <= 0;
  END IF;
END
$$;
--> statement-breakpoint
-- Counts the seats of settled game g as they stand (only_user's, or all): §17's played, won.
CREATE OR REPLACE FUNCTION "totals_add_seats"(g integer, only_user varchar) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "player_games" ("user_id", "game_id", "court_id", "ends_at", "seconds", "won")
  SELECT p."user_id", gm."id", gm."court_id", e.ends_at,
    extract(epoch FROM (e.ends_at - gm."scheduled_at")),
    CASE WHEN r."game_id" IS NULL OR p."team" IS NULL THEN NULL
      ELSE p."team" = (CASE WHEN r."team_a_score" > r."team_b_score" THEN 'A' ELSE 'B' END) END
  FROM "game_participants" p
  JOIN "games" gm ON gm."id" = p."game_id"
  CROSS JOIN LATERAL (SELECT coalesce(gm."ended_at", gm."scheduled_at" + interval '120 minutes') AS ends_at) e
  LEFT JOIN "game_results" r ON r."game_id" = gm."id"
  WHERE p."game_id" = g AND (only_user IS NULL OR p."user_id" = only_user);
  PERFORM "totals_apply"(g, only_user, 1);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "totals_remove_seats"(g integer, only_user varchar) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "totals_apply"(g, only_user, -1);
  DELETE FROM "player_games" WHERE "game_id" = g AND (only_user IS NULL OR "user_id" = only_user);
END
$$;
--> statement-breakpoint
-- Game g counted as it stands now: taken out as it was counted, put back if played.
CREATE OR REPLACE FUNCTION "totals_refresh_game"(g integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  gm "games"%ROWTYPE;
  ends timestamptz;
  played boolean;
  was boolean;
BEGIN
  SELECT * INTO gm FROM "games" WHERE "id" = g;
  played := FOUND AND gm."status" <> 'cancelled' AND gm."scheduled_at" <= now()
    AND coalesce(gm."ended_at", gm."scheduled_at" + interval '120 minutes') <= now();
  was := EXISTS (SELECT 1 FROM "settled_games" WHERE "game_id" = g);
  IF NOT played AND NOT was THEN
    RETURN;
  END IF;
  IF was THEN
    IF NOT played THEN
      PERFORM "totals_pairs"(g, NULL, -1);
    END IF;
    PERFORM "totals_remove_seats"(g, NULL);
    DELETE FROM "settled_games" WHERE "game_id" = g;
  END IF;
  IF played THEN
    ends := coalesce(gm."ended_at", gm."scheduled_at" + interval '120 minutes');
    INSERT INTO "settled_games" ("game_id", "organizer_id", "organized", "ends_at", "in_week")
    VALUES (g, gm."organizer_id", gm."current_players" >= 2, ends, ends >= now() - interval '7 days');
    PERFORM "totals_add_seats"(g, NULL);
    IF NOT was THEN
      PERFORM "totals_pairs"(g, NULL, 1);
    END IF;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "totals_game_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "totals_refresh_game"(OLD."id");
  ELSE
    PERFORM "totals_refresh_game"(NEW."id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "totals_result_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM "totals_refresh_game"(OLD."game_id");
  ELSE
    PERFORM "totals_refresh_game"(NEW."game_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A seat of a settled game (a test's row, a team set with the result, a cascade) counts at once;
-- seats of games still to come cost one primary-key lookup.
CREATE OR REPLACE FUNCTION "totals_seat_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved boolean := TG_OP <> 'UPDATE' OR (OLD."game_id", OLD."user_id") IS DISTINCT FROM (NEW."game_id", NEW."user_id");
BEGIN
  IF TG_OP <> 'INSERT' AND EXISTS (
    SELECT 1 FROM "player_games" WHERE "game_id" = OLD."game_id" AND "user_id" = OLD."user_id"
  ) THEN
    IF moved THEN
      PERFORM "totals_pairs"(OLD."game_id", OLD."user_id", -1);
    END IF;
    PERFORM "totals_remove_seats"(OLD."game_id", OLD."user_id");
  END IF;
  IF TG_OP <> 'DELETE' AND EXISTS (SELECT 1 FROM "settled_games" WHERE "game_id" = NEW."game_id") THEN
    PERFORM "totals_add_seats"(NEW."game_id", NEW."user_id");
    IF moved THEN
      PERFORM "totals_pairs"(NEW."game_id", NEW."user_id", 1);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Courts visited count check-ins too.
CREATE OR REPLACE FUNCTION "totals_check_in_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "player_courts" SET "check_ins" = "check_ins" - 1
    WHERE "user_id" = OLD."user_id" AND "court_id" = OLD."court_id";
    DELETE FROM "player_courts"
    WHERE "user_id" = OLD."user_id" AND "court_id" = OLD."court_id" AND "games" = 0 AND "check_ins" = 0;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO "player_courts" AS c ("user_id", "court_id", "check_ins")
    VALUES (NEW."user_id", NEW."court_id", 1)
    ON CONFLICT ("user_id", "court_id") DO UPDATE SET "check_ins" = c."check_ins" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The current streak: decided games won since the latest loss (latest by end, then game id),
-- read from player_games_user_time_idx alone.
CREATE OR REPLACE FUNCTION "player_streak"(u varchar) RETURNS integer LANGUAGE sql STABLE AS $$
  WITH last_loss AS (
    SELECT "ends_at", "game_id" FROM "player_games"
    WHERE "user_id" = u AND "won" = false
    ORDER BY "ends_at" DESC, "game_id" DESC LIMIT 1
  )
  SELECT count(*)::int FROM "player_games" l
  WHERE l."user_id" = u AND l."won"
    AND l."ends_at" >= coalesce((SELECT "ends_at" FROM last_loss), '-infinity')
    AND NOT EXISTS (
      SELECT 1 FROM last_loss x WHERE (l."ends_at", l."game_id") <= (x."ends_at", x."game_id")
    )
$$;
--> statement-breakpoint
-- Backfill: what the triggers would have kept, from the data already there.
INSERT INTO "settled_games" ("game_id", "organizer_id", "organized", "ends_at", "in_week")
SELECT "id", "organizer_id", "current_players" >= 2, e.ends_at, e.ends_at >= now() - interval '7 days'
FROM "games" CROSS JOIN LATERAL (
  SELECT coalesce("ended_at", "scheduled_at" + interval '120 minutes') AS ends_at
) e
WHERE "status" <> 'cancelled' AND "scheduled_at" <= now() AND e.ends_at <= now();
--> statement-breakpoint
INSERT INTO "player_games" ("user_id", "game_id", "court_id", "ends_at", "seconds", "won")
SELECT p."user_id", gm."id", gm."court_id", s."ends_at",
  extract(epoch FROM (s."ends_at" - gm."scheduled_at")),
  CASE WHEN r."game_id" IS NULL OR p."team" IS NULL THEN NULL
    ELSE p."team" = (CASE WHEN r."team_a_score" > r."team_b_score" THEN 'A' ELSE 'B' END) END
FROM "settled_games" s
JOIN "games" gm ON gm."id" = s."game_id"
JOIN "game_participants" p ON p."game_id" = s."game_id"
LEFT JOIN "game_results" r ON r."game_id" = s."game_id";
--> statement-breakpoint
INSERT INTO "player_totals" ("user_id", "played", "decided", "wins", "seconds", "organized")
SELECT "user_id", sum(played)::int, sum(decided)::int, sum(wins)::int, sum(seconds), sum(organized)::int
FROM (
  SELECT "user_id", 1 AS played, ("won" IS NOT NULL)::int AS decided,
    coalesce("won", false)::int AS wins, "seconds", 0 AS organized
  FROM "player_games"
  UNION ALL
  SELECT "organizer_id", 0, 0, 0, 0, 1 FROM "settled_games" WHERE "organized"
) seat
GROUP BY "user_id";
--> statement-breakpoint
INSERT INTO "player_week_totals" ("user_id", "played", "decided", "wins")
SELECT l."user_id", count(*)::int, count(l."won")::int, (count(*) FILTER (WHERE l."won"))::int
FROM "player_games" l JOIN "settled_games" s ON s."game_id" = l."game_id" AND s."in_week"
GROUP BY l."user_id";
--> statement-breakpoint
INSERT INTO "player_courts" ("user_id", "court_id", "games", "wins", "check_ins")
SELECT "user_id", "court_id", sum(games)::int, sum(wins)::int, sum(check_ins)::int
FROM (
  SELECT "user_id", "court_id", 1 AS games, coalesce("won", false)::int AS wins, 0 AS check_ins
  FROM "player_games"
  UNION ALL
  SELECT "user_id", "court_id", 0, 0, 1 FROM "court_check_ins"
) visit
GROUP BY "user_id", "court_id";
--> statement-breakpoint
INSERT INTO "player_bros" ("user_id", "bro_id", "games")
SELECT a."user_id", o."user_id", count(*)::int
FROM "player_games" a JOIN "player_games" o ON o."game_id" = a."game_id" AND o."user_id" <> a."user_id"
GROUP BY a."user_id", o."user_id";
--> statement-breakpoint
-- Every game scheduled at least a game's length ago is over, so settled above.
INSERT INTO "totals_sweep" ("id", "settled_through") VALUES (1, now() - interval '120 minutes');
--> statement-breakpoint
CREATE TRIGGER "totals_game_rows" AFTER INSERT OR DELETE ON "games"
  FOR EACH ROW EXECUTE FUNCTION "totals_game_changed"();
--> statement-breakpoint
-- Joins and leaves move current_players: one lookup for a game still to come.
CREATE TRIGGER "totals_game_facts" AFTER UPDATE OF
  "status", "scheduled_at", "ended_at", "current_players", "organizer_id", "court_id" ON "games"
  FOR EACH ROW WHEN (
    (OLD."status", OLD."scheduled_at", OLD."ended_at", OLD."current_players", OLD."organizer_id", OLD."court_id")
    IS DISTINCT FROM
    (NEW."status", NEW."scheduled_at", NEW."ended_at", NEW."current_players", NEW."organizer_id", NEW."court_id")
  ) EXECUTE FUNCTION "totals_game_changed"();
--> statement-breakpoint
CREATE TRIGGER "totals_result_rows" AFTER INSERT OR UPDATE OR DELETE ON "game_results"
  FOR EACH ROW EXECUTE FUNCTION "totals_result_changed"();
--> statement-breakpoint
CREATE TRIGGER "totals_seat_rows" AFTER INSERT OR DELETE OR UPDATE OF "team", "game_id", "user_id"
  ON "game_participants" FOR EACH ROW EXECUTE FUNCTION "totals_seat_changed"();
--> statement-breakpoint
CREATE TRIGGER "totals_check_in_rows" AFTER INSERT OR DELETE OR UPDATE OF "user_id", "court_id"
  ON "court_check_ins" FOR EACH ROW EXECUTE FUNCTION "totals_check_in_changed"();
