-- Runs (issue 32 points 1 and 2, decision 098): a game that repeats on the court's clock. Each
-- date is an ordinary game carrying its run and its date on the rule (RECURRENCE-ID), at most
-- one game per run and date, so generating dates twice creates each once.
CREATE TABLE "runs" (
  "id" serial PRIMARY KEY,
  "court_id" integer NOT NULL REFERENCES "courts"("id") ON DELETE restrict,
  "organizer_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "title" varchar(200),
  "game_type" varchar(50) NOT NULL DEFAULT 'pickup',
  "max_players" integer NOT NULL,
  "start_time" varchar(5) NOT NULL,
  "weekdays" integer[] NOT NULL,
  "interval_weeks" integer NOT NULL DEFAULT 1,
  "first_date" date NOT NULL,
  "until_date" date,
  "count" integer,
  "early_access_hours" integer NOT NULL DEFAULT 0,
  "status" varchar(20) NOT NULL DEFAULT 'active',
  "made_through" date,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "ended_at" timestamp with time zone,
  CONSTRAINT "runs_status" CHECK ("status" in ('active', 'ended')),
  CONSTRAINT "runs_interval" CHECK ("interval_weeks" between 1 and 4),
  CONSTRAINT "runs_max_players_range" CHECK ("max_players" between 2 and 30),
  CONSTRAINT "runs_weekdays" CHECK (cardinality("weekdays") between 1 and 7),
  CONSTRAINT "runs_early_access" CHECK ("early_access_hours" between 0 and 168)
);
--> statement-breakpoint
CREATE INDEX "runs_organizer_idx" ON "runs" ("organizer_id");
--> statement-breakpoint
CREATE INDEX "runs_to_make_idx" ON "runs" ("made_through", "id") WHERE "status" = 'active';
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "run_id" integer REFERENCES "runs"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "run_date" date;
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "opens_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "games_run_date_idx" ON "games" ("run_id", "run_date");
--> statement-breakpoint
CREATE TABLE "run_regulars" (
  "run_id" integer NOT NULL REFERENCES "runs"("id") ON DELETE cascade,
  "user_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "count_me_in" boolean NOT NULL DEFAULT false,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("run_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "run_regulars_user_idx" ON "run_regulars" ("user_id");
