-- The map's shared answers stay valid while this version does (server/modules/courts/map-cache.ts).
INSERT INTO "court_map_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_court_map_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "court_map_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "courts_map_version_rows" AFTER INSERT OR DELETE ON "courts"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_court_map_version"();
--> statement-breakpoint
-- Check-ins change only active_players: the live counts refresh on the answers' own clock.
CREATE TRIGGER "courts_map_version_facts" AFTER UPDATE OF
  "name", "address", "latitude", "longitude", "is_indoor", "court_type", "number_of_courts",
  "lighting", "free_to_play", "rating", "description", "amenities", "is_active", "surface",
  "opening_hours", "city", "time_zone"
  ON "courts" FOR EACH STATEMENT EXECUTE FUNCTION "bump_court_map_version"();
--> statement-breakpoint
-- Every new or changed court must carry its time zone; rows older than this migration are
-- filled at start-up (server/db/backfill-courts.ts), which then validates the constraint.
ALTER TABLE "courts" ADD CONSTRAINT "courts_time_zone_set" CHECK ("time_zone" IS NOT NULL) NOT VALID;
