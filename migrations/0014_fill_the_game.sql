CREATE TABLE "game_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"inviter_id" varchar(36) NOT NULL,
	"source" varchar(10) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_invites_game_user" UNIQUE("game_id","user_id"),
	CONSTRAINT "game_invites_source" CHECK ("game_invites"."source" in ('invite', 'ask')),
	CONSTRAINT "game_invites_not_self" CHECK ("game_invites"."user_id" <> "game_invites"."inviter_id")
);
--> statement-breakpoint
CREATE TABLE "game_line" (
	"id" serial PRIMARY KEY NOT NULL,
	"game_id" integer NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"joined_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "game_line_game_user" UNIQUE("game_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "game_messages" ADD COLUMN "organizer_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "game_invites" ADD CONSTRAINT "game_invites_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_invites" ADD CONSTRAINT "game_invites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_invites" ADD CONSTRAINT "game_invites_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_line" ADD CONSTRAINT "game_line_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_line" ADD CONSTRAINT "game_line_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_invites_user_idx" ON "game_invites" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "game_invites_inviter_idx" ON "game_invites" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "game_line_game_order_idx" ON "game_line" USING btree ("game_id","id");--> statement-breakpoint
CREATE INDEX "game_line_user_idx" ON "game_line" USING btree ("user_id");