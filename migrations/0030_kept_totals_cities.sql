CREATE TABLE "city_players" (
	"city_lower" text NOT NULL,
	"state_lower" text NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "city_players_city_lower_state_lower_pk" PRIMARY KEY("city_lower","state_lower")
);
--> statement-breakpoint
CREATE TABLE "city_spellings" (
	"city_lower" text NOT NULL,
	"state_lower" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"players" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "city_spellings_city_lower_state_lower_city_state_pk" PRIMARY KEY("city_lower","state_lower","city","state")
);
--> statement-breakpoint
ALTER TABLE "player_totals" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "player_totals" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "player_totals" ADD COLUMN "has_profile" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "player_totals" ADD COLUMN "shows_stats" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "player_totals" ADD COLUMN "shows_location" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "city_players_count_idx" ON "city_players" USING btree ("players" DESC NULLS LAST,"city_lower","state_lower") WHERE "city_players"."players" > 0;