-- Players nearest a point, in distance order straight from an index (nearby players): each
-- position as a point on the unit sphere, a `cube` of three coordinates, whose straight-line
-- distance (`<->`) orders as the great-circle distance does. Built from cube alone (migration
-- 0032), not earthdistance, so PGlite needs no other extension. Only rows with a position:
-- cube() refuses an array holding a null.
CREATE INDEX "users_earth_point_gist_idx" ON "users" USING gist (cube(array[cos(radians("latitude")) * cos(radians("longitude")), cos(radians("latitude")) * sin(radians("longitude")), sin(radians("latitude"))])) WHERE "users"."latitude" is not null and "users"."longitude" is not null;
