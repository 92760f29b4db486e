-- Views of shared pages, per page and UTC day. Counted in the memory of the process that serves the
-- page (server/http/page-views.ts) and added here in one statement per flush, never a write per view.
-- No cookie, address or user agent is kept: only how many people looked, per day.
CREATE TABLE IF NOT EXISTS "page_views_daily" (
	"task_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_daily_task_id_day_pk" PRIMARY KEY("task_id","day"),
	CONSTRAINT "page_views_daily_views_positive" CHECK ("page_views_daily"."views" >= 0)
);
--> statement-breakpoint
ALTER TABLE "page_views_daily" ADD CONSTRAINT "page_views_daily_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "page_views_daily_day_idx" ON "page_views_daily" USING btree ("day");
--> statement-breakpoint
-- Trending counts pages made from the same product in recent days.
CREATE INDEX IF NOT EXISTS "tasks_completed_idx" ON "tasks" USING btree ("completed_at");
