-- Nearby players are answered from shared cells of players (decisions §74): the near keys and
-- the triggers that kept them on every profile, position and privacy write go.
drop trigger if exists player_profiles_near_key on player_profiles;
--> statement-breakpoint
drop trigger if exists users_near_key on users;
--> statement-breakpoint
drop trigger if exists user_settings_near_key on user_settings;
--> statement-breakpoint
drop function if exists player_near_key_follow();
--> statement-breakpoint
drop function if exists player_near_key_refresh(varchar);
--> statement-breakpoint
drop function if exists player_near_key(boolean, integer[], double precision, double precision);
--> statement-breakpoint
DROP TABLE "player_near_keys" CASCADE;
