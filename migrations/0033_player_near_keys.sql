CREATE TABLE "player_near_keys" (
	"user_id" varchar(36) PRIMARY KEY NOT NULL,
	"near_key" "cube" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_near_keys" ADD CONSTRAINT "player_near_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_near_keys_gist_idx" ON "player_near_keys" USING gist ("near_key");