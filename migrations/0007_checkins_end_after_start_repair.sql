-- A few check-ins were recorded as ending before they started (the end was the ending
-- transaction's start time). They end when they started; the next migration forbids it.
UPDATE "court_check_ins" SET "checked_out_at" = "checked_in_at" WHERE "checked_out_at" < "checked_in_at";
