-- Friends (issue 34 point 1, decision 113). A request is a row from → to; a declined one stays
-- (the sender is not told, and is not let ask again); a sender withdrawing a declined request
-- only hides it from them. A friendship is two rows, one per direction, so "my friends" is one
-- index range.
CREATE TABLE "friend_requests" (
  "from_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "to_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "declined_at" timestamp with time zone,
  "withdrawn_at" timestamp with time zone,
  PRIMARY KEY ("from_id", "to_id"),
  CONSTRAINT "friend_requests_not_self" CHECK ("from_id" <> "to_id")
);
--> statement-breakpoint
CREATE INDEX "friend_requests_to_idx" ON "friend_requests" ("to_id");
--> statement-breakpoint
CREATE TABLE "friendships" (
  "user_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "friend_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "friend_id"),
  CONSTRAINT "friendships_not_self" CHECK ("user_id" <> "friend_id")
);
