-- The key: 0 when available else 100, the five skills, the position on a sphere of radius 40
-- (its twin in server/modules/players/service.ts, spherePoint, places the caller).
create or replace function player_near_key(available boolean, skills integer[],
    latitude double precision, longitude double precision) returns cube
  language sql immutable as $$
  select cube(array[case when available then 0 else 100 end]::double precision[]
    || skills::double precision[]
    || array[40 * cos(radians(latitude)) * cos(radians(longitude)),
             40 * cos(radians(latitude)) * sin(radians(longitude)),
             40 * sin(radians(latitude))])
$$;
--> statement-breakpoint
-- A player's near key (decisions §66) follows every source it depends on: the profile (skills,
-- availability; created or deleted), the user's position and the settings' show_location. One
-- function recomputes it from the committed rows; it first locks the user's row, so two writers
-- of different sources for one player take turns and the second reads what the first wrote.
create or replace function player_near_key_refresh(uid varchar) returns void language plpgsql as $$
begin
  perform 1 from users where id = uid for no key update;
  insert into player_near_keys (user_id, near_key)
  select u.id, player_near_key(p.is_available, array[p.skill_handles, p.skill_shot, p.skill_iq,
      p.skill_vert, p.skill_defense], u.latitude, u.longitude)
  from users u
  join player_profiles p on p.user_id = u.id
  left join user_settings s on s.user_id = u.id
  where u.id = uid and u.latitude is not null and u.longitude is not null
    and coalesce(s.show_location, true)
  on conflict (user_id) do update set near_key = excluded.near_key;
  if not found then
    delete from player_near_keys where user_id = uid;
  end if;
end $$;
--> statement-breakpoint
create or replace function player_near_key_follow() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'users' then
    perform player_near_key_refresh(new.id);
  elsif tg_op = 'DELETE' then
    perform player_near_key_refresh(old.user_id);
  else
    perform player_near_key_refresh(new.user_id);
  end if;
  return null;
end $$;
--> statement-breakpoint
create trigger player_profiles_near_key after insert or delete or update of is_available,
    skill_handles, skill_shot, skill_iq, skill_vert, skill_defense on player_profiles
  for each row execute function player_near_key_follow();
--> statement-breakpoint
create trigger users_near_key after update of latitude, longitude on users
  for each row when (old.latitude is distinct from new.latitude or old.longitude is distinct from new.longitude)
  execute function player_near_key_follow();
--> statement-breakpoint
create trigger user_settings_near_key after insert or delete or update of show_location on user_settings
  for each row execute function player_near_key_follow();
--> statement-breakpoint
insert into player_near_keys (user_id, near_key)
select u.id, player_near_key(p.is_available, array[p.skill_handles, p.skill_shot, p.skill_iq,
    p.skill_vert, p.skill_defense], u.latitude, u.longitude)
from users u
join player_profiles p on p.user_id = u.id
left join user_settings s on s.user_id = u.id
where u.latitude is not null and u.longitude is not null and coalesce(s.show_location, true);
