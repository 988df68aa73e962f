CREATE TABLE "player_bros" (
	"user_id" varchar(36) NOT NULL,
	"bro_id" varchar(36) NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "player_bros_user_id_bro_id_pk" PRIMARY KEY("user_id","bro_id")
);
--> statement-breakpoint
CREATE TABLE "player_courts" (
	"user_id" varchar(36) NOT NULL,
	"court_id" integer NOT NULL,
	"games" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"check_ins" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "player_courts_user_id_court_id_pk" PRIMARY KEY("user_id","court_id")
);
--> statement-breakpoint
CREATE TABLE "player_games" (
	"user_id" varchar(36) NOT NULL,
	"game_id" integer NOT NULL,
	"court_id" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"seconds" numeric NOT NULL,
	"won" boolean,
	CONSTRAINT "player_games_user_id_game_id_pk" PRIMARY KEY("user_id","game_id")
);
--> statement-breakpoint
CREATE TABLE "player_totals" (
	"user_id" varchar(36) PRIMARY KEY NOT NULL,
	"played" integer DEFAULT 0 NOT NULL,
	"decided" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"points" integer GENERATED ALWAYS AS (5 * "played" + 5 * "wins") STORED NOT NULL,
	"seconds" numeric DEFAULT '0' NOT NULL,
	"organized" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_week_totals" (
	"user_id" varchar(36) PRIMARY KEY NOT NULL,
	"played" integer DEFAULT 0 NOT NULL,
	"decided" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"points" integer GENERATED ALWAYS AS (5 * "played" + 5 * "wins") STORED NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settled_games" (
	"game_id" integer PRIMARY KEY NOT NULL,
	"organizer_id" varchar(36) NOT NULL,
	"organized" boolean NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"in_week" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "totals_sweep" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settled_through" timestamp with time zone NOT NULL,
	CONSTRAINT "totals_sweep_one_row" CHECK ("totals_sweep"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "player_games_user_time_idx" ON "player_games" USING btree ("user_id","ends_at","game_id","won");--> statement-breakpoint
CREATE INDEX "player_games_game_idx" ON "player_games" USING btree ("game_id");--> statement-breakpoint
CREATE INDEX "player_totals_rank_idx" ON "player_totals" USING btree ("points" DESC NULLS LAST,"wins" DESC NULLS LAST,"played" DESC NULLS LAST) WHERE "player_totals"."played" > 0;--> statement-breakpoint
CREATE INDEX "player_week_totals_rank_idx" ON "player_week_totals" USING btree ("points" DESC NULLS LAST,"wins" DESC NULLS LAST,"played" DESC NULLS LAST) WHERE "player_week_totals"."played" > 0;--> statement-breakpoint
CREATE INDEX "settled_games_in_week_idx" ON "settled_games" USING btree ("ends_at") WHERE "settled_games"."in_week";