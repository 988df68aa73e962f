CREATE TABLE "court_map_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "court_map_version_one_row" CHECK ("court_map_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "courts" ADD COLUMN "osm_type" varchar(8);--> statement-breakpoint
ALTER TABLE "courts" ADD COLUMN "osm_id" bigint;--> statement-breakpoint
ALTER TABLE "courts" ADD COLUMN "surface" varchar(100);--> statement-breakpoint
ALTER TABLE "courts" ADD COLUMN "opening_hours" varchar(255);--> statement-breakpoint
ALTER TABLE "courts" ADD COLUMN "city" varchar(200);--> statement-breakpoint
ALTER TABLE "courts" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "courts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, translate(lower(coalesce(name, '') || ' ' || coalesce(address, '') || ' ' || coalesce(city, '')), 'áàâäãåāéèêëēíìîïīóòôöõøōúùûüūñçćčšžýÿł', 'aaaaaaaeeeeeiiiiiooooooouuuuuncccszyyl'))) STORED;--> statement-breakpoint
CREATE UNIQUE INDEX "courts_osm_element_idx" ON "courts" USING btree ("osm_type","osm_id") WHERE "courts"."osm_id" is not null;--> statement-breakpoint
CREATE INDEX "courts_position_gist_idx" ON "courts" USING gist (point("longitude", "latitude")) WHERE "courts"."is_active";--> statement-breakpoint
CREATE INDEX "courts_search_idx" ON "courts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "courts_popular_idx" ON "courts" USING btree ("active_players" DESC NULLS FIRST,"rating" DESC NULLS FIRST,"id") WHERE "courts"."is_active";--> statement-breakpoint
CREATE INDEX "courts_rating_idx" ON "courts" USING btree ("rating" DESC NULLS FIRST,"id") WHERE "courts"."is_active";--> statement-breakpoint
CREATE INDEX "courts_name_idx" ON "courts" USING btree ("name","id") WHERE "courts"."is_active";--> statement-breakpoint
ALTER TABLE "courts" ADD CONSTRAINT "courts_osm_type" CHECK ("courts"."osm_type" in ('node', 'way', 'relation'));