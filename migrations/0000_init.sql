CREATE TABLE "court_check_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"court_id" integer NOT NULL,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_out_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "courts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(200) NOT NULL,
	"address" varchar(300),
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"is_indoor" boolean DEFAULT false NOT NULL,
	"court_type" varchar(50) DEFAULT 'outdoor' NOT NULL,
	"number_of_courts" integer DEFAULT 1 NOT NULL,
	"lighting" boolean DEFAULT false NOT NULL,
	"free_to_play" boolean DEFAULT true NOT NULL,
	"rating" numeric(2, 1) DEFAULT 4 NOT NULL,
	"description" text,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"active_players" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courts_active_players_nonneg" CHECK ("courts"."active_players" >= 0),
	CONSTRAINT "courts_rating_range" CHECK ("courts"."rating" between 0 and 5),
	CONSTRAINT "courts_number_positive" CHECK ("courts"."number_of_courts" >= 1)
);
--> statement-breakpoint
CREATE TABLE "game_participants" (
	"game_id" integer NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"status" varchar(20) DEFAULT 'joined' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_participants_game_id_user_id_pk" PRIMARY KEY("game_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"court_id" integer NOT NULL,
	"organizer_id" varchar(36) NOT NULL,
	"title" varchar(200),
	"scheduled_at" timestamp with time zone NOT NULL,
	"max_players" integer DEFAULT 10 NOT NULL,
	"current_players" integer DEFAULT 1 NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"game_type" varchar(50) DEFAULT 'pickup' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_capacity" CHECK ("games"."current_players" >= 0 and "games"."current_players" <= "games"."max_players"),
	CONSTRAINT "games_max_players_range" CHECK ("games"."max_players" between 2 and 30)
);
--> statement-breakpoint
CREATE TABLE "location_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"city" varchar(200) NOT NULL,
	"state" varchar(100) NOT NULL,
	"country" varchar(100) DEFAULT 'US' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"population" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"badge_type" varchar(50) NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_badges_user_badge_uq" UNIQUE("user_id","badge_type")
);
--> statement-breakpoint
CREATE TABLE "player_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"nickname" varchar(50) NOT NULL,
	"primary_position" varchar(50) NOT NULL,
	"secondary_position" varchar(50),
	"skill_handles" integer DEFAULT 3 NOT NULL,
	"skill_shot" integer DEFAULT 3 NOT NULL,
	"skill_iq" integer DEFAULT 3 NOT NULL,
	"skill_vert" integer DEFAULT 3 NOT NULL,
	"skill_defense" integer DEFAULT 3 NOT NULL,
	"location" varchar(200),
	"is_available" boolean DEFAULT true NOT NULL,
	"games_played" integer DEFAULT 0 NOT NULL,
	"courts_visited" integer DEFAULT 0 NOT NULL,
	"bros_connected" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_profiles_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "player_profiles_skills_range" CHECK ("player_profiles"."skill_handles" between 1 and 5 and "player_profiles"."skill_shot" between 1 and 5 and "player_profiles"."skill_iq" between 1 and 5 and "player_profiles"."skill_vert" between 1 and 5 and "player_profiles"."skill_defense" between 1 and 5),
	CONSTRAINT "player_profiles_nickname_length" CHECK (char_length("player_profiles"."nickname") >= 3)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(300) PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(64) PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_credentials" (
	"user_id" varchar(36) PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"issuer" varchar(500) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identities_issuer_subject_uq" UNIQUE("issuer","subject")
);
--> statement-breakpoint
CREATE TABLE "user_onboarding" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"step" varchar(50) NOT NULL,
	"completed_at" timestamp with time zone,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_onboarding_user_step_uq" UNIQUE("user_id","step")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" varchar(36) PRIMARY KEY NOT NULL,
	"game_invites" boolean DEFAULT true NOT NULL,
	"new_messages" boolean DEFAULT true NOT NULL,
	"court_updates" boolean DEFAULT false NOT NULL,
	"weekly_stats" boolean DEFAULT true NOT NULL,
	"show_location" boolean DEFAULT true NOT NULL,
	"show_stats" boolean DEFAULT true NOT NULL,
	"allow_friend_requests" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" varchar(36) PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"email" varchar(255),
	"first_name" varchar(100),
	"last_name" varchar(100),
	"profile_image_url" varchar(2048),
	"has_completed_onboarding" boolean DEFAULT false NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"city" varchar(200),
	"state" varchar(100),
	"country" varchar(100) DEFAULT 'US' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"position" varchar(100),
	"city" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "court_check_ins" ADD CONSTRAINT "court_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_check_ins" ADD CONSTRAINT "court_check_ins_court_id_courts_id_fk" FOREIGN KEY ("court_id") REFERENCES "public"."courts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_participants" ADD CONSTRAINT "game_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_court_id_courts_id_fk" FOREIGN KEY ("court_id") REFERENCES "public"."courts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_organizer_id_users_id_fk" FOREIGN KEY ("organizer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_badges" ADD CONSTRAINT "player_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_profiles" ADD CONSTRAINT "player_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_credentials" ADD CONSTRAINT "user_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_onboarding" ADD CONSTRAINT "user_onboarding_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "court_check_ins_open_by_court_idx" ON "court_check_ins" USING btree ("court_id") WHERE "court_check_ins"."checked_out_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "court_check_ins_one_open_per_user_idx" ON "court_check_ins" USING btree ("user_id") WHERE "court_check_ins"."checked_out_at" is null;--> statement-breakpoint
CREATE INDEX "court_check_ins_user_idx" ON "court_check_ins" USING btree ("user_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "courts_location_idx" ON "courts" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "game_participants_user_idx" ON "game_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "games_scheduled_at_idx" ON "games" USING btree ("scheduled_at");--> statement-breakpoint
CREATE INDEX "games_court_idx" ON "games" USING btree ("court_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "games_organizer_idx" ON "games" USING btree ("organizer_id");--> statement-breakpoint
CREATE INDEX "location_suggestions_city_prefix_idx" ON "location_suggestions" USING btree (lower("city") text_pattern_ops,"population" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_email_lower_idx" ON "waitlist" USING btree (lower("email"));