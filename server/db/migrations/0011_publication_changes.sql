-- The owner's page view is kept in memory per viewer like the lists (migration 0008), and it shows
-- where the page is published. A publication row holds no user id: its task's owner is announced.
CREATE OR REPLACE FUNCTION pagewright_publication_changed() RETURNS trigger AS $$
DECLARE
  owner text;
BEGIN
  SELECT t.user_id::text INTO owner FROM tasks t
   WHERE t.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.task_id ELSE NEW.task_id END;
  PERFORM pg_notify('pagewright_user', coalesce(owner, '*'));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER publications_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON "publications" FOR EACH ROW EXECUTE FUNCTION pagewright_publication_changed();
