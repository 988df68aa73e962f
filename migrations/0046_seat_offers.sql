-- Seats offered near the start (issue 32 point 4, decision 103): within 24 h of the start a
-- freed seat is held for the first in line until lapses_at. The seat is counted in the game's
-- current_players while offered, so nobody else can take it; the lapse sweep reads the index.
CREATE TABLE "seat_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE cascade,
	"user_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lapses_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seat_offers_game_user" UNIQUE("game_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "seat_offers_lapses_idx" ON "seat_offers" ("lapses_at");
--> statement-breakpoint
CREATE INDEX "seat_offers_user_idx" ON "seat_offers" ("user_id");
