-- A player is seated in a game or waiting in its line, never both. Each trigger first locks the
-- game's row (as the games service does), so two transactions racing to put one player in both
-- queue behind each other and the second sees the first's row.
CREATE FUNCTION game_seat_or_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM games WHERE id = NEW.game_id FOR NO KEY UPDATE;
  IF TG_TABLE_NAME = 'game_line' THEN
    IF EXISTS (SELECT 1 FROM game_participants WHERE game_id = NEW.game_id AND user_id = NEW.user_id) THEN
      RAISE EXCEPTION 'player % already holds a seat in game %', NEW.user_id, NEW.game_id
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'game_seat_or_line';
    END IF;
  ELSIF EXISTS (SELECT 1 FROM game_line WHERE game_id = NEW.game_id AND user_id = NEW.user_id) THEN
    RAISE EXCEPTION 'player % is waiting in the line of game %', NEW.user_id, NEW.game_id
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'game_seat_or_line';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER game_line_not_seated BEFORE INSERT OR UPDATE OF game_id, user_id ON game_line
  FOR EACH ROW EXECUTE FUNCTION game_seat_or_line();
--> statement-breakpoint
CREATE TRIGGER game_participants_not_waiting BEFORE INSERT OR UPDATE OF game_id, user_id ON game_participants
  FOR EACH ROW EXECUTE FUNCTION game_seat_or_line();
--> statement-breakpoint
-- Messages sent with Message Organizer before the game thread existed were for the organizer
-- alone: they stay so.
UPDATE game_messages SET organizer_only = true;
