ALTER TABLE "player_totals" ADD COLUMN "city_lower" text;--> statement-breakpoint
ALTER TABLE "player_totals" ADD COLUMN "state_lower" text;--> statement-breakpoint
CREATE INDEX "player_totals_city_rank_idx" ON "player_totals" USING btree ("city_lower","state_lower","points" DESC NULLS LAST,"wins" DESC NULLS LAST,"played" DESC NULLS LAST) WHERE "player_totals"."played" > 0;