-- A level learned from results (decision 110): each player's OpenSkill rating, and what each
-- game's result and peer ratings did to it, so corrections replace a game's own change and a
-- recompute can replay every result in order.
CREATE TABLE "skill_ratings" (
  "user_id" varchar(36) PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "mu" double precision NOT NULL,
  "sigma" double precision NOT NULL,
  "games" integer DEFAULT 0 NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "skill_ratings_sigma" CHECK ("sigma" > 0)
);
--> statement-breakpoint
CREATE TABLE "skill_rating_changes" (
  "game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE cascade,
  "user_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "source" varchar(8) NOT NULL,
  "mu_before" double precision NOT NULL,
  "sigma_before" double precision NOT NULL,
  "mu_after" double precision NOT NULL,
  "sigma_after" double precision NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("game_id", "user_id", "source"),
  CONSTRAINT "skill_rating_changes_source" CHECK ("source" in ('result', 'peers'))
);
--> statement-breakpoint
CREATE INDEX "skill_rating_changes_user_idx" ON "skill_rating_changes" ("user_id", "created_at");
