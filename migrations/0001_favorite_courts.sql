CREATE TABLE "favorite_courts" (
	"user_id" varchar(36) NOT NULL,
	"court_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_courts_user_id_court_id_pk" PRIMARY KEY("user_id","court_id")
);
--> statement-breakpoint
ALTER TABLE "favorite_courts" ADD CONSTRAINT "favorite_courts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_courts" ADD CONSTRAINT "favorite_courts_court_id_courts_id_fk" FOREIGN KEY ("court_id") REFERENCES "public"."courts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorite_courts_court_idx" ON "favorite_courts" USING btree ("court_id");