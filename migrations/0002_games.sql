CREATE TABLE "game_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"sender_id" varchar(36) NOT NULL,
	"body" varchar(1000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_results" (
	"game_id" integer PRIMARY KEY NOT NULL,
	"team_a_score" integer NOT NULL,
	"team_b_score" integer NOT NULL,
	"recorded_by" varchar(36) NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_results_scores" CHECK ("game_results"."team_a_score" between 0 and 999 and "game_results"."team_b_score" between 0 and 999 and "game_results"."team_a_score" <> "game_results"."team_b_score")
);
--> statement-breakpoint
CREATE TABLE "player_ratings" (
	"game_id" integer NOT NULL,
	"rater_id" varchar(36) NOT NULL,
	"ratee_id" varchar(36) NOT NULL,
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_ratings_game_id_rater_id_ratee_id_pk" PRIMARY KEY("game_id","rater_id","ratee_id"),
	CONSTRAINT "player_ratings_range" CHECK ("player_ratings"."rating" between 1 and 5),
	CONSTRAINT "player_ratings_not_self" CHECK ("player_ratings"."rater_id" <> "player_ratings"."ratee_id")
);
--> statement-breakpoint
ALTER TABLE "game_participants" ADD COLUMN "team" varchar(1);--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_messages" ADD CONSTRAINT "game_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_results" ADD CONSTRAINT "game_results_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_results" ADD CONSTRAINT "game_results_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_rater_id_users_id_fk" FOREIGN KEY ("rater_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_ratings" ADD CONSTRAINT "player_ratings_ratee_id_users_id_fk" FOREIGN KEY ("ratee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_messages_game_idx" ON "game_messages" USING btree ("game_id","created_at");--> statement-breakpoint
CREATE INDEX "game_messages_sender_idx" ON "game_messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "player_ratings_ratee_idx" ON "player_ratings" USING btree ("ratee_id");--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_team" CHECK ("game_participants"."team" in ('A', 'B'));--> statement-breakpoint
-- The lifecycle (open, active, completed) now follows from the time; only cancellations are stored.
UPDATE "games" SET "status" = 'open' WHERE "status" NOT IN ('open', 'cancelled');--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_status_stored" CHECK ("games"."status" in ('open', 'cancelled'));