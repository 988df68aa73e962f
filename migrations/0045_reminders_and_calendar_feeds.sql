-- Reminders that free seats and the player's private calendar feed (issue 32 points 1 and 5,
-- decision 102). A "Can't make it" link is signed, not stored: its hash is written here the
-- moment it is used, so a second use finds it and changes nothing.
CREATE TABLE IF NOT EXISTS "cant_make_it_uses" (
  "token_hash" varchar(64) PRIMARY KEY NOT NULL,
  "user_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE cascade,
  "used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cant_make_it_uses_game_idx" ON "cant_make_it_uses" ("game_id");
--> statement-breakpoint
-- One feed per player: the URL's token is derived from the secret and `nonce` (so Settings can
-- show it again), and looked up by its hash; a reset draws a new nonce.
CREATE TABLE IF NOT EXISTS "calendar_feeds" (
  "user_id" varchar(36) PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "nonce" varchar(64) NOT NULL,
  "token_hash" varchar(64) NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "calendar_feeds_token_hash_key" ON "calendar_feeds" ("token_hash");
