CREATE TABLE "badge_queue" (
	"user_id" varchar(36) PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
