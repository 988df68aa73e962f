-- Reports and operators (issue 34 points 4–5, decision 116).
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "game_messages" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "court_condition_reports" ADD COLUMN "hidden_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "reports" (
  "id" serial PRIMARY KEY NOT NULL,
  "reporter_id" varchar(36) NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "kind" varchar(20) NOT NULL,
  "target_id" varchar(36) NOT NULL,
  "reported_user_id" varchar(36) REFERENCES "users"("id") ON DELETE set null,
  "reason" varchar(20) NOT NULL,
  "details" varchar(500),
  "status" varchar(10) DEFAULT 'open' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "resolved_at" timestamp with time zone,
  "resolved_by" varchar(36) REFERENCES "users"("id") ON DELETE set null,
  "action" varchar(10),
  CONSTRAINT "reports_kind" CHECK ("kind" in ('player', 'message', 'condition_report', 'court_suggestion', 'game')),
  CONSTRAINT "reports_reason" CHECK ("reason" in ('spam', 'harassment', 'hate', 'sexual', 'violence', 'other')),
  CONSTRAINT "reports_status" CHECK ("status" in ('open', 'resolved')),
  CONSTRAINT "reports_resolved" CHECK (("status" = 'open') = ("resolved_at" is null))
);
--> statement-breakpoint
-- The operators' queue: open reports, oldest first.
CREATE INDEX "reports_open_idx" ON "reports" ("created_at", "id") WHERE "status" = 'open';
--> statement-breakpoint
-- One open report per reporter and content: reporting again while it waits changes nothing.
CREATE UNIQUE INDEX "reports_open_once_idx" ON "reports" ("reporter_id", "kind", "target_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" ("kind", "target_id");
--> statement-breakpoint
-- Every operator action and every grant or revoke: who, when, what, why. The ids are plain
-- values, not references, so nothing done to a player's row ever rewrites a line; and the table
-- refuses UPDATE and DELETE outright.
CREATE TABLE "audit_log" (
  "id" serial PRIMARY KEY NOT NULL,
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "operator_id" varchar(36),
  "action" varchar(20) NOT NULL,
  "target_user_id" varchar(36),
  "report_id" integer,
  "reason" varchar(500),
  "summary" varchar(300) NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
