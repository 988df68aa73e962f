-- Popular times kept as check-ins end (see court_hourly_visits in server/db/schema.ts).
-- A check-in counts in every UTC hour it overlapped, from checked_in_at to checked_out_at
-- (never more than 3 hours), as present, and in the hour it began as an arrival. The rows are
-- added sorted by court and hour, so two statements always lock the counters in the same order.
CREATE FUNCTION court_hourly_visits_record(court_ids integer[], starts timestamptz[], ends timestamptz[])
RETURNS void LANGUAGE sql AS $$
  INSERT INTO court_hourly_visits (court_id, hour, arrivals, present)
  SELECT court_id, hour, sum(arrival)::int, count(*)::int FROM (
    SELECT c.court_id, h.hour,
      (h.hour = date_trunc('hour', c.starts_at, 'UTC'))::int AS arrival
    FROM unnest(court_ids, starts, ends) AS c(court_id, starts_at, ends_at),
      generate_series(
        date_trunc('hour', c.starts_at, 'UTC'),
        greatest(c.starts_at, least(c.ends_at, c.starts_at + interval '3 hours') - interval '1 second'),
        interval '1 hour') AS h(hour)
  ) visits
  GROUP BY court_id, hour ORDER BY court_id, hour
  ON CONFLICT (court_id, hour) DO UPDATE SET
    arrivals = court_hourly_visits.arrivals + excluded.arrivals,
    present = court_hourly_visits.present + excluded.present
$$;
--> statement-breakpoint
-- Check-ins stored already ended (imports, tests), and check-ins ending (checkout, moving to
-- another court, running out): each statement's rows in one call.
CREATE FUNCTION court_hourly_visits_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM court_hourly_visits_record(array_agg(court_id), array_agg(checked_in_at), array_agg(checked_out_at))
    FROM new_rows WHERE checked_out_at IS NOT NULL;
  ELSE
    PERFORM court_hourly_visits_record(array_agg(n.court_id), array_agg(n.checked_in_at), array_agg(n.checked_out_at))
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE o.checked_out_at IS NULL AND n.checked_out_at IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER court_check_ins_closed_on_insert AFTER INSERT ON court_check_ins
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION court_hourly_visits_add();
--> statement-breakpoint
CREATE TRIGGER court_check_ins_closed_on_update AFTER UPDATE ON court_check_ins
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION court_hourly_visits_add();
--> statement-breakpoint
-- Check-ins that ended before this migration, within the popular-times window.
SELECT court_hourly_visits_record(array_agg(court_id), array_agg(checked_in_at), array_agg(checked_out_at))
FROM court_check_ins
WHERE checked_out_at IS NOT NULL AND checked_in_at >= now() - interval '9 weeks';
