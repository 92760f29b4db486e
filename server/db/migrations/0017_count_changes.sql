-- Signed-in screens are kept per viewer until a change of the viewer's rows is announced
-- (migration 0008, server/http/signed-in-front.ts). A page's views, visitors and buy clicks and an
-- experiment's counts are the owner's too: each flush that adds to them announces the owners of the
-- pages it counted (once per owner and transaction), so the page view and the lists show new counts
-- without waiting for the screen's seconds to pass.
CREATE OR REPLACE FUNCTION pagewright_page_counts_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('pagewright_user', owners.user_id::text)
  FROM (SELECT DISTINCT t.user_id FROM counted c JOIN tasks t ON t.id = c.task_id) owners;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pagewright_experiment_counts_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('pagewright_user', owners.user_id::text)
  FROM (SELECT DISTINCT t.user_id FROM counted c JOIN experiments e ON e.id = c.experiment_id JOIN tasks t ON t.id = e.task_id) owners;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DROP TRIGGER IF EXISTS page_views_daily_counted_insert ON "page_views_daily";
--> statement-breakpoint
CREATE TRIGGER page_views_daily_counted_insert AFTER INSERT ON "page_views_daily" REFERENCING NEW TABLE AS counted FOR EACH STATEMENT EXECUTE FUNCTION pagewright_page_counts_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS page_views_daily_counted_update ON "page_views_daily";
--> statement-breakpoint
CREATE TRIGGER page_views_daily_counted_update AFTER UPDATE ON "page_views_daily" REFERENCING NEW TABLE AS counted FOR EACH STATEMENT EXECUTE FUNCTION pagewright_page_counts_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS experiment_daily_counted_insert ON "experiment_daily";
--> statement-breakpoint
CREATE TRIGGER experiment_daily_counted_insert AFTER INSERT ON "experiment_daily" REFERENCING NEW TABLE AS counted FOR EACH STATEMENT EXECUTE FUNCTION pagewright_experiment_counts_changed();
--> statement-breakpoint
DROP TRIGGER IF EXISTS experiment_daily_counted_update ON "experiment_daily";
--> statement-breakpoint
CREATE TRIGGER experiment_daily_counted_update AFTER UPDATE ON "experiment_daily" REFERENCING NEW TABLE AS counted FOR EACH STATEMENT EXECUTE FUNCTION pagewright_experiment_counts_changed();
