-- Signed-in screens are kept in memory per viewer by the processes that serve them
-- (server/http/signed-in-front.ts). A change to any row that belongs to a user is announced on
-- this channel, with the user's id, when its transaction commits (Postgres sends one notification
-- per distinct payload and transaction). The trigger's argument names the column holding the id.
CREATE OR REPLACE FUNCTION pagewright_user_row_changed() RETURNS trigger AS $$
DECLARE
  owner text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    owner := to_jsonb(OLD) ->> TG_ARGV[0];
  ELSE
    owner := to_jsonb(NEW) ->> TG_ARGV[0];
    -- A row moved to another user changes what both see.
    IF TG_OP = 'UPDATE' AND (to_jsonb(OLD) ->> TG_ARGV[0]) IS DISTINCT FROM owner THEN
      PERFORM pg_notify('pagewright_user', coalesce(to_jsonb(OLD) ->> TG_ARGV[0], '*'));
    END IF;
  END IF;
  PERFORM pg_notify('pagewright_user', coalesce(owner, '*'));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_viewer_changed AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION pagewright_user_row_changed('id');
--> statement-breakpoint
CREATE TRIGGER sessions_viewer_changed AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION pagewright_user_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER tasks_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON "tasks" FOR EACH ROW EXECUTE FUNCTION pagewright_user_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER task_favorites_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON "task_favorites" FOR EACH ROW EXECUTE FUNCTION pagewright_user_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER credit_ledger_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON "credit_ledger" FOR EACH ROW EXECUTE FUNCTION pagewright_user_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER subscriptions_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION pagewright_user_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER shopify_stores_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON "shopify_stores" FOR EACH ROW EXECUTE FUNCTION pagewright_user_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER current_stores_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON "current_stores" FOR EACH ROW EXECUTE FUNCTION pagewright_user_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER onboarding_answers_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON "onboarding_answers" FOR EACH ROW EXECUTE FUNCTION pagewright_user_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER shopify_product_favorites_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON "shopify_product_favorites" FOR EACH ROW EXECUTE FUNCTION pagewright_user_row_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER referrals_viewer_changed AFTER INSERT OR UPDATE OR DELETE ON "referrals" FOR EACH ROW EXECUTE FUNCTION pagewright_user_row_changed('inviter_id');
