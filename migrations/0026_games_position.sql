ALTER TABLE "games" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "longitude" double precision;--> statement-breakpoint
CREATE INDEX "games_place_time_gist_idx" ON "games" USING gist (point("longitude", "latitude"),"scheduled_at");