-- Showing up counts (issue 32 point 6, decision 100). Who was there, who dropped late, and an
-- organizer's minimum reliability for a game. A seat that was never marked present counts as a
-- no-show once attendance is closed (a row here, or 48 h after the start): nothing is written
-- for it, so no job has to close anything.
ALTER TABLE "games" ADD COLUMN "min_reliability" integer;
--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_min_reliability_range" CHECK ("min_reliability" BETWEEN 1 AND 100);
--> statement-breakpoint
CREATE TABLE "game_attendance" (
	"game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE CASCADE,
	"user_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"marked_by" varchar(12) NOT NULL,
	"marked_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "game_attendance_pk" PRIMARY KEY ("game_id", "user_id"),
	CONSTRAINT "game_attendance_marked_by" CHECK ("marked_by" IN ('check_in', 'organizer'))
);
--> statement-breakpoint
CREATE INDEX "game_attendance_user_idx" ON "game_attendance" ("user_id");
--> statement-breakpoint
CREATE TABLE "game_attendance_closed" (
	"game_id" integer PRIMARY KEY NOT NULL REFERENCES "games"("id") ON DELETE CASCADE,
	"closed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_drops" (
	"game_id" integer NOT NULL REFERENCES "games"("id") ON DELETE CASCADE,
	"user_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"dropped_at" timestamp with time zone NOT NULL,
	"late" boolean NOT NULL,
	CONSTRAINT "game_drops_pk" PRIMARY KEY ("game_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "game_drops_user_idx" ON "game_drops" ("user_id", "dropped_at") WHERE "late";
