-- Weather at tip-off (issue 32 point 8, decision 101): the hourly forecast of outdoor courts with
-- games ahead, fetched by the job queue from Open-Meteo and kept per court and hour (UTC), and
-- when each court was last asked, and the games their organizer called off for the weather (the reliability figures leave them out).
CREATE TABLE IF NOT EXISTS "court_forecasts" (
	"court_id" integer NOT NULL REFERENCES "courts"("id") ON DELETE CASCADE,
	"hour" timestamp with time zone NOT NULL,
	"rain_percent" integer NOT NULL,
	"temperature_c" double precision NOT NULL,
	"wind_kmh" double precision NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "court_forecasts_pk" PRIMARY KEY ("court_id", "hour"),
	CONSTRAINT "court_forecasts_rain_range" CHECK ("rain_percent" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "court_forecasts_hour_idx" ON "court_forecasts" ("hour");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "court_forecast_asks" (
	"court_id" integer PRIMARY KEY NOT NULL REFERENCES "courts"("id") ON DELETE CASCADE,
	"asked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "weather_call_offs" (
	"game_id" integer PRIMARY KEY NOT NULL REFERENCES "games"("id") ON DELETE CASCADE,
	"called_at" timestamp with time zone NOT NULL DEFAULT now()
);
