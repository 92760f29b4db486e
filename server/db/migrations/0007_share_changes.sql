-- Shared pages are cached by the processes that serve them (server/db/changes.ts). Any change to a
-- task (deleting a user deletes theirs), and any change of an owner's role or status (the free-user
-- hide window, disabled accounts), is announced on this channel when its transaction commits.
CREATE OR REPLACE FUNCTION pagewright_task_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('pagewright_share', OLD.session_id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pagewright_owner_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('pagewright_share', '*');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tasks_share_changed AFTER UPDATE OR DELETE ON "tasks" FOR EACH ROW EXECUTE FUNCTION pagewright_task_changed();
--> statement-breakpoint
CREATE TRIGGER users_share_changed AFTER UPDATE OF "role", "status" ON "users" FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION pagewright_owner_changed();
