-- One location per player (issue 31, decision 097): the area chosen in a profile lies in the
-- player's city. A player who chose one of Los Angeles's seven areas but never set a city
-- lives in Los Angeles; any other area that is not of the player's city is dropped, so every
-- screen shows the same place. Running it again changes nothing.
UPDATE "users" AS u
SET "city" = 'Los Angeles', "state" = 'CA',
  "latitude" = COALESCE(u."latitude", 34.0522342), "longitude" = COALESCE(u."longitude", -118.2436849),
  "updated_at" = now()
FROM "player_profiles" AS p
WHERE p."user_id" = u."id" AND COALESCE(btrim(u."city"), '') = ''
  AND p."location" IN ('Downtown LA', 'Venice Beach', 'Hollywood', 'Santa Monica', 'Beverly Hills', 'Westwood', 'Pasadena');
--> statement-breakpoint
UPDATE "player_profiles" AS p
SET "location" = NULL, "updated_at" = now()
FROM "users" AS u
WHERE u."id" = p."user_id" AND p."location" IS NOT NULL
  AND NOT COALESCE(
    (lower(btrim(u."city")) = 'los angeles'
      AND p."location" IN ('Downtown LA', 'Venice Beach', 'Hollywood', 'Santa Monica', 'Beverly Hills', 'Westwood', 'Pasadena'))
    OR p."location" = btrim(u."city") || COALESCE(', ' || NULLIF(btrim(u."state"), ''), ''),
    false);
