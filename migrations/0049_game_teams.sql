-- Balanced teams (decision 111): a game's current teams, whether its seated players may make
-- them, and the keep-together pairs its players asked for. One row a player: a player is on one
-- team only.
CREATE TABLE "game_teams" (
  "game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE cascade,
  "user_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "team" varchar(1) NOT NULL,
  "made_at" timestamp with time zone DEFAULT now() NOT NULL,
  "made_by" varchar(36) REFERENCES "users"("id") ON DELETE set null,
  PRIMARY KEY ("game_id", "user_id"),
  CONSTRAINT "game_teams_team" CHECK ("team" in ('A', 'B', 'C'))
);
--> statement-breakpoint
CREATE INDEX "game_teams_user_idx" ON "game_teams" ("user_id");
--> statement-breakpoint
CREATE TABLE "game_team_settings" (
  "game_id" integer PRIMARY KEY NOT NULL REFERENCES "games"("id") ON DELETE cascade,
  "players_make_teams" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_team_pairs" (
  "game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE cascade,
  "user_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "partner_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("game_id", "user_id"),
  CONSTRAINT "game_team_pairs_not_self" CHECK ("user_id" <> "partner_id")
);
--> statement-breakpoint
CREATE INDEX "game_team_pairs_partner_idx" ON "game_team_pairs" ("partner_id");
