-- The current streak, as 0020 defined it, in PL/pgSQL: a SQL function with a CTE is not
-- inlined, so PostgreSQL planned its body again on every call (about half of a player's stats
-- read); PL/pgSQL keeps the plan for the connection (decisions §82).
CREATE OR REPLACE FUNCTION "player_streak"(u varchar) RETURNS integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
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
  );
END
$$;
