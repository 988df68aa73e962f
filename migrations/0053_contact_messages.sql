-- The contact form sends (decision 117): what visitors and players write, for the operators.
CREATE TABLE "contact_messages" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" varchar(36) REFERENCES "users"("id") ON DELETE set null,
  "name" varchar(100) NOT NULL,
  "email" varchar(255) NOT NULL,
  "subject" varchar(150) NOT NULL,
  "message" varchar(5000) NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" ("user_id");
