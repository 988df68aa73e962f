ALTER TABLE "player_totals" ADD COLUMN "bros" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_totals" ADD COLUMN "courts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_totals" ADD COLUMN "rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "player_totals" ADD COLUMN "ratings" integer DEFAULT 0 NOT NULL;