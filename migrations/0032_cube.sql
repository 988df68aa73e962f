-- Points of several dimensions under GiST, ordered by taxicab distance (player_near_keys). A
-- contrib extension of PostgreSQL 15; PGlite loads it in server/db/client.ts.
create extension if not exists cube;
