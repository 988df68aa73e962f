-- Blocking (issue 34 point 4, decision 114). A block is one row, blocker → blocked; it is
-- enforced in both directions, so every check asks for a row either way (the primary key serves
-- one direction, the index on blocked_id the other).
CREATE TABLE "player_blocks" (
  "blocker_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "blocked_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("blocker_id", "blocked_id"),
  CONSTRAINT "player_blocks_not_self" CHECK ("blocker_id" <> "blocked_id")
);
--> statement-breakpoint
CREATE INDEX "player_blocks_blocked_idx" ON "player_blocks" ("blocked_id", "blocker_id");
