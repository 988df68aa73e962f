CREATE TABLE "court_condition_confirmations" (
	"report_id" integer NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"basis" varchar(20) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "court_condition_confirmations_report_id_user_id_pk" PRIMARY KEY("report_id","user_id"),
	CONSTRAINT "court_condition_confirmations_basis" CHECK ("court_condition_confirmations"."basis" in ('check_in', 'position'))
);
--> statement-breakpoint
CREATE TABLE "court_condition_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"court_id" integer NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"kind" varchar(30) NOT NULL,
	"note" varchar(200),
	"basis" varchar(20) NOT NULL,
	"reporter_latitude" double precision,
	"reporter_longitude" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "court_condition_reports_basis" CHECK ("court_condition_reports"."basis" in ('check_in', 'position'))
);
--> statement-breakpoint
CREATE TABLE "court_hourly_visits" (
	"court_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"arrivals" integer DEFAULT 0 NOT NULL,
	"present" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "court_hourly_visits_court_id_hour_pk" PRIMARY KEY("court_id","hour")
);
--> statement-breakpoint
CREATE TABLE "court_ratings" (
	"court_id" integer NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"rating" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "court_ratings_court_id_user_id_pk" PRIMARY KEY("court_id","user_id"),
	CONSTRAINT "court_ratings_range" CHECK ("court_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "court_suggestion_votes" (
	"suggestion_id" integer NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"agree" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "court_suggestion_votes_suggestion_id_user_id_pk" PRIMARY KEY("suggestion_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "court_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" varchar(36) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"court_id" integer,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"name" varchar(200),
	"address" varchar(300),
	"is_indoor" boolean,
	"lighting" boolean,
	"free_to_play" boolean,
	"number_of_courts" integer,
	"closed" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "court_suggestions_kind" CHECK ("court_suggestions"."kind" in ('new', 'change')),
	CONSTRAINT "court_suggestions_status" CHECK ("court_suggestions"."status" in ('pending', 'accepted', 'rejected')),
	CONSTRAINT "court_suggestions_change_has_court" CHECK ("court_suggestions"."kind" = 'new' or "court_suggestions"."court_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "courts" ADD COLUMN "rating_prior" numeric(2, 1);--> statement-breakpoint
ALTER TABLE "court_condition_confirmations" ADD CONSTRAINT "court_condition_confirmations_report_id_court_condition_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."court_condition_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_condition_confirmations" ADD CONSTRAINT "court_condition_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_condition_reports" ADD CONSTRAINT "court_condition_reports_court_id_courts_id_fk" FOREIGN KEY ("court_id") REFERENCES "public"."courts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_condition_reports" ADD CONSTRAINT "court_condition_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_hourly_visits" ADD CONSTRAINT "court_hourly_visits_court_id_courts_id_fk" FOREIGN KEY ("court_id") REFERENCES "public"."courts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_ratings" ADD CONSTRAINT "court_ratings_court_id_courts_id_fk" FOREIGN KEY ("court_id") REFERENCES "public"."courts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_ratings" ADD CONSTRAINT "court_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_suggestion_votes" ADD CONSTRAINT "court_suggestion_votes_suggestion_id_court_suggestions_id_fk" FOREIGN KEY ("suggestion_id") REFERENCES "public"."court_suggestions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_suggestion_votes" ADD CONSTRAINT "court_suggestion_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_suggestions" ADD CONSTRAINT "court_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "court_suggestions" ADD CONSTRAINT "court_suggestions_court_id_courts_id_fk" FOREIGN KEY ("court_id") REFERENCES "public"."courts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "court_condition_confirmations_user_idx" ON "court_condition_confirmations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "court_condition_reports_court_expiry_idx" ON "court_condition_reports" USING btree ("court_id","expires_at");--> statement-breakpoint
CREATE INDEX "court_condition_reports_user_idx" ON "court_condition_reports" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "court_hourly_visits_hour_idx" ON "court_hourly_visits" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "court_ratings_user_idx" ON "court_ratings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "court_suggestion_votes_user_idx" ON "court_suggestion_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "court_suggestions_user_idx" ON "court_suggestions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "court_suggestions_court_idx" ON "court_suggestions" USING btree ("court_id");--> statement-breakpoint
CREATE INDEX "court_suggestions_pending_place_idx" ON "court_suggestions" USING btree ("latitude","longitude") WHERE "court_suggestions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "court_check_ins_court_time_idx" ON "court_check_ins" USING btree ("court_id","checked_in_at","user_id");