-- Co-organizers of a run (decision 104): regulars the organizer trusts with the run's tools.
-- A co-organizer is a regular: unfollowing the run ends it (the foreign key cascades).
CREATE TABLE "run_organizers" (
  "run_id" integer NOT NULL,
  "user_id" varchar(36) NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY ("run_id", "user_id"),
  FOREIGN KEY ("run_id", "user_id") REFERENCES "run_regulars"("run_id", "user_id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "run_organizers_user_idx" ON "run_organizers" ("user_id");
