-- Every game carries its court's position (games_place_time_gist_idx reads it): set on insert
-- and on a change of court, followed when a court moves, filled once for the games on record.
create or replace function games_keep_position() returns trigger language plpgsql as $$
begin
  select c.latitude, c.longitude into new.latitude, new.longitude from courts c where c.id = new.court_id;
  return new;
end $$;
--> statement-breakpoint
create trigger games_keep_position before insert or update of court_id on games
  for each row execute function games_keep_position();
--> statement-breakpoint
create or replace function courts_move_games() returns trigger language plpgsql as $$
begin
  update games set latitude = new.latitude, longitude = new.longitude where court_id = new.id;
  return null;
end $$;
--> statement-breakpoint
create trigger courts_move_games after update of latitude, longitude on courts
  for each row when (old.latitude is distinct from new.latitude or old.longitude is distinct from new.longitude)
  execute function courts_move_games();
--> statement-breakpoint
update games g set latitude = c.latitude, longitude = c.longitude from courts c where c.id = g.court_id;
