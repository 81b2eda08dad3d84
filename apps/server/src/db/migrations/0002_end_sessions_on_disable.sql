-- A user who stops being ACTIVE (disabled) loses every session at once, whatever code changed the row.
CREATE OR REPLACE FUNCTION users_end_sessions_when_inactive() RETURNS trigger AS $$
BEGIN
  IF NEW.status <> 'ACTIVE' AND OLD.status = 'ACTIVE' THEN
    UPDATE sessions SET ended_at = now() WHERE user_id = NEW.id AND ended_at IS NULL;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_end_sessions_when_inactive AFTER UPDATE OF status ON users
  FOR EACH ROW EXECUTE FUNCTION users_end_sessions_when_inactive();
