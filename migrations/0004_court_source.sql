ALTER TABLE "courts" ADD COLUMN "source" varchar(20) DEFAULT 'seed' NOT NULL;--> statement-breakpoint
ALTER TABLE "courts" ADD COLUMN "player_edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "courts" ADD CONSTRAINT "courts_source" CHECK ("courts"."source" in ('seed', 'osm', 'player'));