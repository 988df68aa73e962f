-- A committed change of the map's courts is also told on the channel court_map_changed: on the
-- embedded database this process is the only writer, and the notice arrives before the
-- writer's commit returns, so the map's shared answers need no version read per request
-- (server/modules/courts/map-answers.ts, decisions §87).
CREATE OR REPLACE FUNCTION "bump_court_map_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "court_map_version" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('court_map_changed', '');
  RETURN NULL;
END
$$;
