-- Lets one GiST index hold a position and a time (games_place_time_gist_idx). A contrib
-- extension of PostgreSQL 15; PGlite loads it in server/db/client.ts.
create extension if not exists btree_gist;
