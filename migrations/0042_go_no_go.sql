-- Go / no-go (issue 32 point 3, decision 099): a game may carry a minimum of players and how
-- long before its start it is decided. decide_at is that moment, kept by a trigger so a game
-- moved by any path keeps its decision time; the sweep walks only the undecided ones through a
-- partial index, however many games are upcoming.
ALTER TABLE "games" ADD COLUMN "min_players" integer;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "decide_before_minutes" integer DEFAULT 180 NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "play_anyway" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "decide_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "decided_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "decision" varchar(3);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_min_players" CHECK ("min_players" IS NULL OR "min_players" >= 2);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_decide_before" CHECK ("decide_before_minutes" BETWEEN 15 AND 2880);
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_decision" CHECK ("decision" IN ('on', 'off') AND "decided_at" IS NOT NULL OR "decision" IS NULL);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "games_keep_decide_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."decide_at" := CASE WHEN NEW."min_players" IS NULL THEN NULL
    ELSE NEW."scheduled_at" - make_interval(mins => NEW."decide_before_minutes") END;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "games_keep_decide_at" BEFORE INSERT OR UPDATE OF "scheduled_at", "min_players", "decide_before_minutes" ON "games"
  FOR EACH ROW EXECUTE FUNCTION "games_keep_decide_at"();
--> statement-breakpoint
CREATE INDEX "games_undecided_idx" ON "games" ("decide_at") WHERE "decided_at" IS NULL AND "decide_at" IS NOT NULL AND "status" = 'open';
